package io.gvl.dataset;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicLong;

/** A shared arena that counts the bytes allocated in it, to prove what a query allocates. */
final class CountingArena implements Arena {
    private final Arena inner = Arena.ofShared();
    private final AtomicLong bytes = new AtomicLong();

    long bytes() {
        return bytes.get();
    }

    @Override
    public MemorySegment allocate(long byteSize, long byteAlignment) {
        bytes.addAndGet(byteSize);
        return inner.allocate(byteSize, byteAlignment);
    }

    @Override
    public MemorySegment.Scope scope() {
        return inner.scope();
    }

    @Override
    public void close() {
        inner.close();
    }
}
