package io.gvl.dataset.internal.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.function.Consumer;

/**
 * A shared arena whose allocations come from {@code malloc} without zeroing (or filled with the poison byte), freed
 * when the arena closes; large ones come from (and go back to) an {@link OutputBlocks} cache when one is given. It
 * has the lifetime rules of {@link Arena#ofShared()}: segments are usable from any thread until {@link #close()},
 * and then every access throws {@link IllegalStateException}.
 */
final class UnzeroedArena implements Arena {
    private final Arena scope = Arena.ofShared();
    private final boolean poison;
    private final OutputBlocks blocks;

    UnzeroedArena(boolean poison, OutputBlocks blocks) {
        this.poison = poison;
        this.blocks = blocks;
    }

    @Override
    public MemorySegment allocate(long byteSize, long byteAlignment) {
        if (byteSize < 0 || byteAlignment <= 0 || Long.bitCount(byteAlignment) != 1) {
            throw new IllegalArgumentException("bad allocation: " + byteSize + " bytes aligned to " + byteAlignment);
        }
        if (!scope.scope().isAlive()) {
            throw new IllegalStateException("the arena is already closed");
        }
        long need = byteSize + byteAlignment - 1;
        OutputBlocks.Block block = blocks == null ? null : blocks.take(need);
        long raw = block == null ? NativeMemory.malloc(need) : block.address();
        Consumer<MemorySegment> release = block == null ? ignored -> NativeMemory.free(raw)
                : ignored -> blocks.give(block);
        long start = (raw + byteAlignment - 1) & -byteAlignment;
        MemorySegment s;
        try {
            s = MemorySegment.ofAddress(start).reinterpret(byteSize, scope, release);
        } catch (RuntimeException e) {
            release.accept(null);
            throw e;
        }
        if (poison) {
            s.fill(OutputFill.POISON_BYTE);
        }
        return s;
    }

    @Override
    public MemorySegment.Scope scope() {
        return scope.scope();
    }

    @Override
    public void close() {
        scope.close();
    }
}
