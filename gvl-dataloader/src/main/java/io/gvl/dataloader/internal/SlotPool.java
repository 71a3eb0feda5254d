package io.gvl.dataloader.internal;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The chunk slots of one loader, created once and reused across batches and epochs: the producer takes a free slot,
 * fills it with one chunk, and the slot comes back when the consumer has released the chunk and every batch and view
 * cut from it is closed. When a slot is pinned only by views the caller retained, the producer would wait for them
 * indefinitely, so the pool opens a spare off-heap slot instead (charged to the budget, at most {@value #MAX_SPARES}
 * at once) and frees spares again as they come back.
 */
public final class SlotPool implements Slot.Owner, ChunkMemory, AutoCloseable {
    static final int MAX_SPARES = 6;
    private static final long POLL_MILLIS = 5;
    private static final Slot.Backing OFF_HEAP = (arena, bytes) -> arena.allocate(bytes, 4096);

    private final List<Slot> all = new CopyOnWriteArrayList<>();
    private final java.util.Set<Slot> spares = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final LinkedBlockingQueue<Slot> free = new LinkedBlockingQueue<>();
    private final Slot.Backing[] backings;
    private final long capacity;
    private final long header;
    private final LoaderMemory memory;
    private volatile boolean waiting;
    private volatile boolean closed;

    /**
     * @param capacity payload bytes of each slot
     * @param header bytes at the start of each slot kept for a {@link ChunkSlotHeader} header (file-backed slots), or 0
     * @throws io.gvl.dataset.memory.MemoryLimitException if the slots do not fit the loader's memory budget
     */
    public SlotPool(Slot.Backing[] backings, long capacity, long header, LoaderMemory memory) {
        this.backings = backings.clone();
        this.capacity = capacity;
        this.header = header;
        this.memory = memory;
        try {
            for (int i = 0; i < backings.length; i++) {
                Slot s = new Slot(this, backings[i], memory, header + capacity, header, true, "loader slot " + i);
                all.add(s);
                free.add(s);
            }
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    /** {@code count} plain off-heap slots. */
    public static SlotPool inMemory(int count, long capacity, LoaderMemory memory) {
        Slot.Backing[] b = new Slot.Backing[count];
        Arrays.fill(b, OFF_HEAP);
        return new SlotPool(b, capacity, 0, memory);
    }

    @Override
    public int count() {
        return all.size();
    }

    /**
     * Waits for a free slot and opens it for one fill; opens a spare while a slot is held only by retained views.
     * Every slot has the same capacity, so {@code bytes} is not consulted (a larger chunk overflows, and the slot
     * grows before its next fill).
     *
     * @throws io.gvl.dataset.memory.MemoryLimitException if a spare is needed but does not fit the budget
     */
    @Override
    public Slot acquire(long bytes) throws InterruptedException {
        waiting = true;
        try {
            while (true) {
                if (closed) {
                    throw new InterruptedException("slot pool closed");
                }
                Slot s = free.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                if (s == null && all.size() < backings.length + MAX_SPARES
                        && all.stream().anyMatch(Slot::pinnedByViews)) {
                    s = new Slot(this, OFF_HEAP, memory, header + capacity, header, true, "spare loader slot");
                    spares.add(s);
                    all.add(s);
                }
                if (s != null) {
                    s.open();
                    return s;
                }
            }
        } finally {
            waiting = false;
        }
    }

    @Override
    public Slot tryAcquire(long bytes) {
        if (closed) {
            return null;
        }
        Slot s = free.poll();
        if (s != null) {
            s.open();
        }
        return s;
    }

    @Override
    public void chunkDone(Slot slot) {
        slot.releaseChunk();
    }

    /** Whether a producer is blocked because every slot is held and no spare may be opened. */
    @Override
    public boolean starved() {
        return waiting && free.isEmpty() && all.size() >= backings.length + MAX_SPARES;
    }

    @Override
    public void recycle(Slot slot) {
        if (closed || (spares.contains(slot) && free.size() >= backings.length)) {
            spares.remove(slot);
            all.remove(slot);
            slot.free();
        } else {
            free.add(slot);
        }
    }

    /** Frees every idle slot; slots still held are freed when their last lease closes. */
    @Override
    public synchronized void close() {
        closed = true;
        Slot s;
        while ((s = free.poll()) != null) {
            all.remove(s);
            s.free();
        }
        for (Slot.Backing b : backings) {
            if (b != null) {
                b.delete();
            }
        }
    }
}
