package io.gvl.dataloader.internal;

import io.gvl.dataset.internal.memory.OutputFill;
import io.gvl.dataset.memory.MemoryBudget;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A reusable region of off-heap memory that a producer fills once per chunk (or the consumer once per copied
 * batch) by bump allocation, and that goes back to its pool when the last {@link Lease} on it closes. Opening and
 * closing a shared arena per batch costs a handshake with every thread; a slot opens its arena once and is rewritten
 * many times. Allocations beyond the capacity go to an overflow arena for that fill, and the slot grows by that much
 * before its next use, so a planner that under-estimates costs one extra arena, not a failure.
 */
public final class Slot implements RefCountedMemory {
    /** How a slot gets its memory: plain off-heap memory, or a mapped file another process can read. */
    public interface Backing {
        MemorySegment map(Arena arena, long bytes);

        default void delete() {
        }
    }

    interface Owner {
        void recycle(Slot slot);
    }

    private static final long GROW_STEP = 1L << 16;

    private final Owner owner;
    private final Backing backing;
    private final LoaderMemory memory;
    private final long base;
    private final boolean loaderOwned;
    private final String what;
    private final AtomicInteger refs = new AtomicInteger();
    /** Whether the fill's own reference (the chunk's, held by the consumer until it moves on) is still held. */
    private volatile boolean chunkHeld;
    private Arena arena;
    private MemorySegment segment;
    private MemoryBudget.Charge charge;
    private long top;
    private Arena overflow;
    private long overflowBytes;
    private final Arena filler = new Filler();

    /**
     * Maps {@code capacity} bytes of {@code backing}; if that fails, the backing is deleted before the failure is
     * rethrown, so a slot that never existed leaves no file behind.
     */
    Slot(Owner owner, Backing backing, LoaderMemory memory, long capacity, long base, boolean loaderOwned,
         String what) {
        this.owner = owner;
        this.backing = backing;
        this.memory = memory;
        this.base = base;
        this.loaderOwned = loaderOwned;
        this.what = what;
        try {
            map(capacity);
        } catch (RuntimeException | Error e) {
            backing.delete();
            throw e;
        }
    }

    private void map(long capacity) {
        MemoryBudget.Charge c = memory.budget().charge(capacity, what + " (" + capacity + " bytes)");
        try {
            Arena a = memory.newArena();
            try {
                segment = backing.map(a, capacity);
            } catch (RuntimeException | Error e) {
                a.close();
                throw e;
            }
            arena = a;
            charge = c;
        } catch (RuntimeException | Error e) {
            c.close();
            throw e;
        }
    }

    /** The whole mapped region, header included. */
    public MemorySegment segment() {
        return segment;
    }

    public long capacity() {
        return segment.byteSize();
    }

    @Override
    public boolean loaderOwned() {
        return loaderOwned;
    }

    /** Makes the slot ready for one fill, with one reference (the filler's). */
    void open() {
        top = base;
        overflowBytes = 0;
        refs.set(1);
        chunkHeld = true;
    }

    /** Drops the reference {@link #open()} gave the chunk; batches and views cut from it keep theirs. */
    public void releaseChunk() {
        chunkHeld = false;
        release();
    }

    /** Whether only batches or views still hold the slot (the consumer has moved past its chunk). */
    boolean pinnedByViews() {
        return !chunkHeld && refs.get() > 0;
    }

    /** An arena whose allocations are zeroed slices of this slot; it cannot be closed. */
    public Arena filler() {
        return filler;
    }

    /** Bytes allocated in this fill, inside the slot and in overflow. */
    public long allocated() {
        return top - base + overflowBytes;
    }

    public boolean contains(MemorySegment s) {
        return s.isNative() && s.address() >= segment.address()
                && s.address() + s.byteSize() <= segment.address() + segment.byteSize();
    }

    /** A lease for {@code views} that takes over the reference {@link #open()} gave the filler. */
    Lease firstLease(java.util.List<io.gvl.core.buffer.FlatArray> views, String description) {
        return new Lease(this, views, description, memory);
    }

    /** A new reference to this (open) slot for {@code views}. */
    public Lease lease(java.util.List<io.gvl.core.buffer.FlatArray> views, String description) {
        retain();
        return new Lease(this, views, description, memory);
    }

    @Override
    public void retain() {
        if (refs.getAndIncrement() <= 0) {
            refs.decrementAndGet();
            throw new IllegalStateException(what + " was already released");
        }
    }

    /** Drops one reference; the last one returns the slot to its owner. */
    @Override
    public void release() {
        int left = refs.decrementAndGet();
        if (left == 0) {
            recycle();
        } else if (left < 0) {
            refs.incrementAndGet();
            throw new IllegalStateException(what + " released more often than retained");
        }
    }

    private void recycle() {
        if (memory.debug()) {
            segment.asSlice(0, top).fill(LoaderMemory.POISON);
        }
        long grow = 0;
        if (overflow != null) {
            overflow.close();
            overflow = null;
            grow = overflowBytes;
        }
        if (grow > 0) {
            long bigger = (segment.byteSize() + grow + GROW_STEP - 1) / GROW_STEP * GROW_STEP;
            Arena oldArena = arena;
            MemoryBudget.Charge oldCharge = charge;
            try {
                map(bigger);
                oldArena.close();
                oldCharge.close();
            } catch (RuntimeException e) {
                arena = oldArena; // over budget or out of memory: keep the old size and overflow again
                charge = oldCharge;
            }
        }
        owner.recycle(this);
    }

    /** Frees the memory and deletes its backing (a shared-memory file); the slot must be unused. */
    void free() {
        if (overflow != null) {
            overflow.close();
            overflow = null;
        }
        if (arena != null) {
            arena.close();
            arena = null;
            charge.close();
            backing.delete();
        }
    }

    private MemorySegment allocate(long bytes, long alignment) {
        MemorySegment s = bump(bytes, alignment);
        if (contains(s)) {
            OutputFill.prepare(s); // reused slot memory gets what a fresh output arena would give
        }
        return s;
    }

    /** Bump allocation without zeroing, for memory that is overwritten at once (copies). */
    synchronized MemorySegment bump(long bytes, long alignment) {
        long start = (top + alignment - 1) / alignment * alignment;
        if (start + bytes <= segment.byteSize()) {
            top = start + bytes;
            return segment.asSlice(start, bytes);
        }
        if (overflow == null) {
            overflow = memory.newArena();
        }
        overflowBytes += bytes + alignment;
        return overflow.allocate(bytes, alignment);
    }

    /** The slot as an arena for kernels: thread-safe bump allocation, the slot's lifetime, no close. */
    private final class Filler implements Arena {
        @Override
        public MemorySegment allocate(long byteSize, long byteAlignment) {
            if (byteSize < 0 || byteAlignment <= 0 || Long.bitCount(byteAlignment) != 1) {
                throw new IllegalArgumentException("bad allocation: " + byteSize + " bytes aligned to " + byteAlignment);
            }
            return Slot.this.allocate(byteSize, Math.max(8, byteAlignment)); // slot blocks are 8-byte aligned
        }

        @Override
        public MemorySegment.Scope scope() {
            return segment.scope();
        }

        @Override
        public void close() {
            throw new UnsupportedOperationException("a loader slot is reused, not closed");
        }
    }
}
