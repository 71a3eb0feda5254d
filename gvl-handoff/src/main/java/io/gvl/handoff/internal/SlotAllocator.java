package io.gvl.handoff.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The arena a batched query writes its outputs into when the writer produces a batch straight into a slot file:
 * allocations are cut one after another from the slot's mapping, each on a 64-byte boundary (the protocol's
 * alignment), so the kernels fill the shared memory the reader maps and nothing is copied. What does not fit goes to
 * a side arena ({@link #overflowed()}), from which the writer copies it into the slot and grows the slot for the
 * next batches. The query never closes this arena; {@link #close()} frees the side arena only (the slot mapping
 * belongs to the ring). Allocation is synchronized: kernels may allocate from worker threads.
 */
public final class SlotAllocator implements Arena {
    private static final long ALIGN = 64;

    private final MemorySegment slot;
    private long used;
    private long overflowBytes;
    private Arena overflow;

    /**
     * An allocator over {@code slot}, from its start.
     *
     * @param slot the slot's mapping (a shared arena's, so kernels may write from any thread)
     */
    public SlotAllocator(MemorySegment slot) {
        this.slot = slot;
    }

    @Override
    public synchronized MemorySegment allocate(long byteSize, long byteAlignment) {
        long align = Math.max(ALIGN, byteAlignment);
        long at = Math.ceilDiv(used, align) * align;
        if (at + byteSize <= slot.byteSize()) {
            used = at + byteSize;
            return slot.asSlice(at, byteSize);
        }
        if (overflow == null) {
            overflow = Arena.ofShared();
        }
        overflowBytes += byteSize + align;
        return overflow.allocate(byteSize, align);
    }

    /**
     * Bytes taken from the slot so far (the end of the last allocation in it).
     *
     * @return the used length
     */
    public synchronized long used() {
        return used;
    }

    /**
     * Whether any allocation did not fit in the slot.
     *
     * @return {@code true} if some output lives in the side arena
     */
    public synchronized boolean overflowed() {
        return overflow != null;
    }

    /**
     * The slot size this batch would have needed to fit entirely: what was used plus what overflowed.
     *
     * @return bytes
     */
    public synchronized long demand() {
        return used + overflowBytes;
    }

    @Override
    public MemorySegment.Scope scope() {
        return slot.scope();
    }

    /** Frees the side arena, if any; the slot's memory stays with the ring. Closing twice is harmless. */
    @Override
    public synchronized void close() {
        if (overflow != null) {
            overflow.close();
            overflow = null;
        }
    }
}
