package io.gvl.dataset.internal.memory;

import java.util.ArrayList;
import java.util.List;

/**
 * Large blocks of native memory that closed query outputs gave back, kept for the next query of one open dataset.
 *
 * <p>Why: {@code malloc} hands large blocks back to the kernel when they are freed (above its mapping threshold, or
 * when a thread's own heap shrinks), so the next query of the same size takes a page fault on every 4 KiB page it
 * writes: an 18 MiB batch is about 4,600 faults, all taken by the kernels' first writes. Reusing the block keeps
 * its pages mapped. Blocks of at least {@link #MIN_BLOCK} bytes are rounded up to one of eight size classes per
 * doubling (at most 12.5 % slack), so ragged outputs whose size varies a little from batch to batch still fit.
 *
 * <p>At most {@code idleCap} bytes stay idle; beyond that the blocks given back longest ago are freed. A block larger
 * than half the cap is never kept. {@link #close()} frees the idle blocks, and blocks given back after it are freed
 * at once, so outputs that outlive their dataset stay valid. Thread-safe.
 */
public final class OutputBlocks implements AutoCloseable {
    /** The system property with the idle cap in bytes (default {@value #DEFAULT_IDLE_CAP}; 0 keeps nothing). */
    public static final String PROPERTY = "gvl.outputCacheBytes";
    /** The default idle cap: 64 MiB. */
    public static final long DEFAULT_IDLE_CAP = 64L << 20;
    /** Smaller allocations come straight from {@code malloc}, which serves them from pages it keeps mapped. */
    public static final long MIN_BLOCK = 256L << 10;

    /** One block: its address and its size class. */
    public record Block(long address, long capacity) {
    }

    private final long idleCap;
    private final List<Block> idle = new ArrayList<>(); // oldest first
    private long idleBytes;
    private boolean closed;

    /**
     * A cache keeping at most {@code idleCap} bytes idle.
     *
     * @param idleCap the most bytes kept between queries; 0 keeps none
     * @throws IllegalArgumentException if {@code idleCap} is negative
     */
    public OutputBlocks(long idleCap) {
        if (idleCap < 0) {
            throw new IllegalArgumentException("the output cache cap must be >= 0 bytes, got " + idleCap);
        }
        this.idleCap = idleCap;
    }

    /**
     * A cache with the cap from {@value #PROPERTY}, or the default.
     *
     * @return a new, empty cache
     * @throws IllegalArgumentException if the property is not a non-negative number of bytes
     */
    public static OutputBlocks fromSystemProperty() {
        String raw = System.getProperty(PROPERTY);
        if (raw == null || raw.isBlank()) {
            return new OutputBlocks(DEFAULT_IDLE_CAP);
        }
        long cap;
        try {
            cap = Long.parseLong(raw.strip());
        } catch (NumberFormatException e) {
            cap = -1;
        }
        if (cap < 0) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + raw + " is not a number of bytes; give a whole"
                    + " number such as 67108864 (64 MiB, the default), or 0 to keep no blocks");
        }
        return new OutputBlocks(cap);
    }

    /**
     * The size class of a request: {@code bytes} rounded up to a multiple of an eighth of its power of two.
     *
     * @param bytes the bytes asked for, at least 1
     * @return the capacity of the block that serves them
     */
    static long sizeClass(long bytes) {
        int shift = Math.max(0, 63 - Long.numberOfLeadingZeros(bytes) - 3);
        long step = 1L << shift;
        return (bytes + step - 1) & -step;
    }

    /**
     * A block of at least {@code bytes}: an idle one of the same class, or a new one; {@code null} when requests of
     * this size are not cached (then the caller allocates and frees on its own).
     *
     * @param bytes the bytes needed
     * @return the block, which the caller gives back with {@link #give}, or {@code null}
     */
    public Block take(long bytes) {
        if (bytes < MIN_BLOCK) {
            return null;
        }
        long capacity = sizeClass(bytes);
        if (capacity > idleCap / 2) {
            return null;
        }
        synchronized (this) {
            for (int i = idle.size() - 1; i >= 0; i--) { // the most recently given back first: its pages are warmest
                Block b = idle.get(i);
                if (b.capacity() == capacity) {
                    idle.remove(i);
                    idleBytes -= capacity;
                    return b;
                }
            }
        }
        return new Block(NativeMemory.malloc(capacity), capacity);
    }

    /**
     * Takes back a block from {@link #take}: kept for the next query, or freed when the cache is closed or full.
     *
     * @param block the block, no longer used by anyone
     */
    public void give(Block block) {
        List<Block> evicted = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                evicted.add(block);
            } else {
                idle.add(block);
                idleBytes += block.capacity();
                while (idleBytes > idleCap) {
                    Block oldest = idle.remove(0);
                    idleBytes -= oldest.capacity();
                    evicted.add(oldest);
                }
            }
        }
        for (Block b : evicted) {
            NativeMemory.free(b.address());
        }
    }

    /**
     * Bytes held idle now.
     *
     * @return the sum of the idle blocks' capacities
     */
    public synchronized long idleBytes() {
        return idleBytes;
    }

    /** Frees the idle blocks; blocks given back later are freed at once. Closing twice is harmless. */
    @Override
    public void close() {
        List<Block> freed;
        synchronized (this) {
            closed = true;
            freed = new ArrayList<>(idle);
            idle.clear();
            idleBytes = 0;
        }
        for (Block b : freed) {
            NativeMemory.free(b.address());
        }
    }
}
