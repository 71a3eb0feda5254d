package io.gvl.spark.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.ForeignAllocation;

/**
 * Lends the memory of one shared arena to Arrow without copying: each wrapped segment becomes an {@link ArrowBuf}
 * whose release gives back one reference, and the arena closes when the last Arrow buffer and the builder (which
 * holds one reference until {@link #done()}) have let go. Arrow may release from any thread, hence a shared arena
 * and an atomic count.
 */
final class ArenaRelease {
    private final Arena arena;
    private final AtomicInteger refs = new AtomicInteger(1);

    ArenaRelease(Arena arena) {
        this.arena = arena;
    }

    Arena arena() {
        return arena;
    }

    /** An Arrow buffer over {@code segment} (which must live in this arena), counted against {@code allocator}. */
    ArrowBuf wrap(BufferAllocator allocator, MemorySegment segment) {
        if (segment.byteSize() == 0) {
            return allocator.getEmpty();
        }
        refs.incrementAndGet();
        return allocator.wrapForeignAllocation(new ForeignAllocation(segment.byteSize(), segment.address()) {
            @Override
            protected void release0() {
                release();
            }
        });
    }

    /** The builder is finished; the arena now lives as long as the Arrow buffers over it. */
    void done() {
        release();
    }

    private void release() {
        if (refs.decrementAndGet() == 0) {
            arena.close();
        }
    }
}
