package io.gvl.djl.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A reusable block of off-heap memory that a batched query allocates its outputs in: allocations are cut from the
 * block one after another, and {@link #reset()} makes the whole block free again
 * for the next batch. A batch that needs more than the block takes the excess from a side arena, and the next
 * reset grows the block to the size that batch needed, so after the first batches a slot allocates nothing.
 *
 * <p>Fresh allocations follow gvl's output fill ({@value #FILL_PROPERTY}): kernels write every byte, so by default
 * a reused block is handed out as it is; {@code zero} zeroes it and {@code poison} (the test suites) sets every byte
 * to {@code 0xA5}, so an unwritten byte shows up as wrong output.
 *
 * <p>The query is handed this object as its {@link Arena}; it never closes it. The block is a shared arena's, so
 * kernels may write from worker threads; allocation itself is synchronized. {@link #close()} frees everything.
 */
public final class SlotArena implements Arena {
    /** The system property gvl-core reads for the fill of fresh output memory. */
    public static final String FILL_PROPERTY = "gvl.outputFill";
    private static final byte POISON = (byte) 0xA5;

    private Arena backing;
    private MemorySegment block;
    private long used;
    private long demand;
    private Arena overflow;

    /**
     * A slot with an initial block.
     *
     * @param bytes the initial block size, {@code >= 0}
     */
    public SlotArena(long bytes) {
        backing = Arena.ofShared();
        block = backing.allocate(Math.max(bytes, 64), 64);
    }

    @Override
    public synchronized MemorySegment allocate(long byteSize, long byteAlignment) {
        long base = block.address();
        long start = alignUp(base + used, byteAlignment) - base;
        demand = alignUp(demand, byteAlignment) + byteSize;
        if (start + byteSize <= block.byteSize()) {
            used = start + byteSize;
            MemorySegment s = block.asSlice(start, byteSize);
            prepare(s);
            return s;
        }
        if (overflow == null) {
            overflow = Arena.ofShared();
        }
        MemorySegment s = overflow.allocate(byteSize, byteAlignment);
        prepare(s);
        return s;
    }

    private static void prepare(MemorySegment s) {
        switch (System.getProperty(FILL_PROPERTY, "none").strip()) {
            case "poison" -> s.fill(POISON);
            case "zero" -> s.fill((byte) 0);
            default -> { }
        }
    }

    private static long alignUp(long v, long alignment) {
        return (v + alignment - 1) & -alignment;
    }

    /**
     * Bytes the current batch has asked for so far.
     *
     * @return the bytes, alignment included
     */
    public synchronized long demand() {
        return demand;
    }

    /**
     * Capacity of the block.
     *
     * @return the block size in bytes
     */
    public synchronized long capacity() {
        return block.byteSize();
    }

    /**
     * Frees everything the last batch allocated: the block becomes free and, if the batch overflowed, the side
     * arena is closed and the block grown to what the batch needed. Segments handed out before are invalid after.
     */
    public synchronized void reset() {
        if (overflow != null) {
            overflow.close();
            overflow = null;
            long grown = Math.max(demand + demand / 4, block.byteSize() * 2);
            backing.close();
            backing = Arena.ofShared();
            block = backing.allocate(grown, 64);
        }
        used = 0;
        demand = 0;
    }

    @Override
    public MemorySegment.Scope scope() {
        return backing.scope();
    }

    @Override
    public synchronized void close() {
        if (overflow != null) {
            overflow.close();
            overflow = null;
        }
        if (backing.scope().isAlive()) {
            backing.close();
        }
    }
}
