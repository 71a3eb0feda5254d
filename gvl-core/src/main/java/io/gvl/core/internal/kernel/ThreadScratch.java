package io.gvl.core.internal.kernel;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Native scratch memory per thread for one kernel's use, kept between calls up to a size limit. It is native (not a
 * heap array) because the kernels' segment accesses that also see native outputs run several times slower once a
 * site has seen two kinds of segment; its arena is automatic because a confined arena (a session with an owner
 * thread) slowed unrelated segment loops that later saw it about fourfold, and closing a shared arena per batch
 * costs a handshake with every thread. Each kernel has its own instance: a thread that steals another task while it
 * waits must not hand the same memory to two kernels.
 */
public final class ThreadScratch {
    private final long keptBytes;
    private final ThreadLocal<MemorySegment> kept = ThreadLocal.withInitial(() -> MemorySegment.NULL);

    /** @param keptBytes the largest scratch a thread keeps for its next call; a larger need is freed by the GC */
    public ThreadScratch(long keptBytes) {
        this.keptBytes = keptBytes;
    }

    /**
     * This thread's scratch, at least {@code bytes} long and 64-byte aligned; when it must grow, it at least doubles.
     * Valid until this thread's next call on this instance.
     */
    public MemorySegment atLeast(long bytes) {
        MemorySegment s = kept.get();
        if (s.byteSize() >= bytes) {
            return s;
        }
        long size = Math.max(bytes, 2 * s.byteSize());
        MemorySegment grown = Arena.ofAuto().allocate(size, 64);
        if (size <= keptBytes) {
            kept.set(grown);
        }
        return grown;
    }
}
