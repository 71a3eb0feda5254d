package io.gvl.dataset.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;

/**
 * The native memory the {@link ShardBatch} copies of one opened sharded root live in, reused from batch to batch.
 * Kernels read a batch's copy from several threads, so it must live in a shared arena, and closing a shared arena
 * stops every thread for a moment (about 25 µs here): one arena per batch made sizing one instance
 * ({@code outputBytes}) some 30 times slower than on a single directory. So each batch leases a slab (a block of a
 * shared arena of its own) and bump-allocates in it; what does not fit goes to an arena the lease closes, and the
 * slab returned is then one large enough for that batch. Idle slabs are kept up to {@link #MAX_IDLE_BYTES} and
 * closed with the dataset. Nothing in a query's outputs points into a batch's copy, so a slab is reused as soon as
 * its batch is done; every byte a batch reads it writes first.
 */
final class BatchMemory implements AutoCloseable {
    /** The bytes of idle slabs kept for later batches; a slab returned beyond that is freed. */
    static final long MAX_IDLE_BYTES = 64L << 20;
    private static final long MIN_SLAB = 64L << 10;

    /** A block of native memory and the arena that owns it alone. */
    private record Slab(Arena arena, MemorySegment segment) {
        static Slab of(long bytes) {
            Arena arena = Arena.ofShared();
            return new Slab(arena, arena.allocate(bytes, 8));
        }
    }

    private final ArrayDeque<Slab> idle = new ArrayDeque<>();
    private long idleBytes;
    private boolean closed;

    /** A lease of memory for one batch, returned when the batch closes. */
    Lease lease() {
        synchronized (this) {
            Slab s = idle.poll();
            idleBytes -= s == null ? 0 : s.segment().byteSize();
            return new Lease(s);
        }
    }

    private void release(Slab slab) {
        synchronized (this) {
            if (!closed && idleBytes + slab.segment().byteSize() <= MAX_IDLE_BYTES) {
                idle.push(slab);
                idleBytes += slab.segment().byteSize();
                return;
            }
        }
        slab.arena().close();
    }

    /** Frees the idle slabs; a lease still out frees its slab when it closes. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            idle.forEach(s -> s.arena().close());
            idle.clear();
            idleBytes = 0;
        }
    }

    /** One batch's memory: bump allocation in a leased slab, with an arena of its own for what does not fit. */
    final class Lease implements AutoCloseable {
        private Slab slab;
        private long used;
        private long wanted;
        private Arena overflow;

        private Lease(Slab slab) {
            this.slab = slab;
        }

        /** {@code bytes} of memory, 8-byte aligned, not zeroed, valid until {@link #close()}. */
        MemorySegment allocate(long bytes) {
            long aligned = (bytes + 7) & ~7L;
            wanted += aligned;
            if (slab != null && used + aligned <= slab.segment().byteSize()) {
                MemorySegment s = slab.segment().asSlice(used, bytes);
                used += aligned;
                return s;
            }
            if (overflow == null) {
                overflow = Arena.ofShared();
            }
            return overflow.allocate(Math.max(1, bytes), 8).asSlice(0, bytes);
        }

        /** Returns the slab, grown to what this batch wanted if it overflowed. */
        @Override
        public void close() {
            if (overflow != null) {
                overflow.close();
                if (slab != null) {
                    slab.arena().close();
                }
                slab = null;
            }
            long grown = Math.max(MIN_SLAB, Long.highestOneBit(Math.max(1, wanted)) << 1);
            if (slab != null) {
                release(slab);
            } else if (grown <= MAX_IDLE_BYTES) {
                release(Slab.of(grown));
            }
        }
    }
}
