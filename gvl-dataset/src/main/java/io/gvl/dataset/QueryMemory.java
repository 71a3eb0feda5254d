package io.gvl.dataset;

import io.gvl.core.buffer.NamedArray;
import io.gvl.dataset.internal.memory.OutputBlocks;
import io.gvl.dataset.internal.memory.OutputFill;
import io.gvl.dataset.memory.MemoryBudget;
import io.gvl.dataset.output.DatasetOutput;
import java.lang.foreign.Arena;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Where a view's query outputs live: a fresh arena per query that the output owns and whose bytes are charged to
 * the dataset's budget until it closes, or a caller's arena that the output only borrows (then nothing is charged
 * and closing the output frees nothing).
 *
 * @param arenas   a fresh arena per query (tests pass a counting supplier)
 * @param borrowed whether {@code arenas} hands out a caller's arena
 * @param budget   the open dataset's budget, shared by all its views
 * @param blocks   the open dataset's cache of large output blocks, shared by all its views, closed with it
 */
record QueryMemory(Supplier<Arena> arenas, boolean borrowed, MemoryBudget budget, OutputBlocks blocks) {

    /**
     * The default: a shared arena per query, owned by its output, not zeroed ({@link OutputFill}), whose large
     * blocks are reused from query to query ({@link OutputBlocks}).
     */
    static QueryMemory owned(MemoryBudget budget) {
        OutputBlocks blocks = OutputBlocks.fromSystemProperty();
        return new QueryMemory(() -> OutputFill.newSharedArena(blocks), false, budget, blocks);
    }

    QueryMemory withArenas(Supplier<Arena> next) {
        return new QueryMemory(next, false, budget, blocks);
    }

    QueryMemory borrowing(Arena arena) {
        return new QueryMemory(() -> arena, true, budget, blocks);
    }

    /** Runs {@code body} in a query arena and wraps what it made; an owned arena is closed if {@code body} fails. */
    DatasetOutput run(Function<Arena, List<NamedArray>> body, long[] leadingShape) {
        Arena arena = arenas.get();
        try {
            List<NamedArray> arrays = body.apply(arena);
            if (borrowed) {
                return DatasetOutput.borrowing(arena, leadingShape, arrays);
            }
            MemoryBudget.Charge charge = budget.charge(bytes(arrays), "query output " + Arrays.toString(leadingShape)
                    + " " + arrays.stream().map(NamedArray::name).toList());
            return DatasetOutput.charged(arena, leadingShape, arrays, charge);
        } catch (RuntimeException | Error e) {
            if (!borrowed) {
                arena.close();
            }
            throw e;
        }
    }

    private static long bytes(List<NamedArray> arrays) {
        long total = 0;
        for (NamedArray a : arrays) {
            total += a.array().byteSize();
        }
        return total;
    }
}
