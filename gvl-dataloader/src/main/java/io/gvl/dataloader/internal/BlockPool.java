package io.gvl.dataloader.internal;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayDeque;
import java.util.function.Supplier;

/**
 * Memory for batches that own their arrays: blocks in power-of-two size classes that a producer writes one chunk
 * (or, in {@code NONE}, one batch) into, reused when the last batch cut from a block closes instead of opening and
 * closing an arena per batch. A block does not depend on the loader, so one still held when the loader closes is
 * freed when its last batch closes. Blocks are plain off-heap memory, or ({@link #sharedMemory}) files another
 * process can map, each with room for a {@link ChunkSlotHeader} header before its payload.
 */
public final class BlockPool implements Slot.Owner, AutoCloseable {
    private static final long MIN_BLOCK = 1L << 16;
    static final long SLACK = 1L << 12;
    private static final Slot.Backing OFF_HEAP = (arena, bytes) -> arena.allocate(bytes, 4096);

    private final LoaderMemory memory;
    private final long keepBytes;
    private final Supplier<Slot.Backing> backings;
    private final long header;
    private final String what;
    private final Long2ObjectOpenHashMap<ArrayDeque<Slot>> idle = new Long2ObjectOpenHashMap<>();
    private long idleBytes;
    private int created;
    private boolean closed;

    private BlockPool(LoaderMemory memory, long keepBytes, Supplier<Slot.Backing> backings, long header,
                      String what) {
        this.memory = memory;
        this.keepBytes = keepBytes;
        this.backings = backings;
        this.header = header;
        this.what = what;
    }

    /**
     * Off-heap blocks; at most {@code keepBytes} idle bytes are kept for reuse, and at least one block of each size
     * class.
     */
    public BlockPool(LoaderMemory memory, long keepBytes) {
        this(memory, keepBytes, () -> OFF_HEAP, 0, "batch block");
    }

    /** Blocks backed by shared-memory files, each with a {@link ChunkSlotHeader} header ({@code DOUBLE_BUFFERED}). */
    public static BlockPool sharedMemory(LoaderMemory memory, long keepBytes) {
        int[] next = {0};
        return new BlockPool(memory, keepBytes, () -> SharedMemoryFile.create("block" + next[0]++),
                ChunkSlotHeader.HEADER_BYTES, "shared-memory batch block");
    }

    /**
     * An open block for arrays of {@code arrayBytes} bytes in all (one reference, the caller's), from the pool or new;
     * its payload also has {@value #SLACK} bytes for alignment padding between the arrays and small arrays a view
     * makes on the heap.
     */
    public synchronized Slot take(long arrayBytes) {
        long need = arrayBytes + SLACK;
        long size = Math.max(MIN_BLOCK, Long.highestOneBit(Math.max(1, need - 1)) << 1);
        ArrayDeque<Slot> q = idle.get(size);
        Slot s = q == null ? null : q.poll();
        if (s != null) {
            idleBytes -= size;
        } else {
            s = new Slot(this, backings.get(), memory, header + size, header, false, what + " " + created++);
        }
        s.open();
        return s;
    }

    @Override
    public synchronized void recycle(Slot slot) {
        long size = slot.capacity() - header;
        ArrayDeque<Slot> q = idle.get(size);
        // One idle block per size class is kept even past keepBytes: a loader whose batches are larger than the
        // budget would otherwise open and free a block for every batch.
        boolean keep = idleBytes + size <= keepBytes || q == null || q.isEmpty();
        if (closed || !keep || Long.bitCount(size) != 1) {
            slot.free();
            return;
        }
        idle.computeIfAbsent(size, k -> new ArrayDeque<>()).push(slot);
        idleBytes += size;
    }

    @Override
    public synchronized void close() {
        closed = true;
        for (ArrayDeque<Slot> q : idle.values()) {
            q.forEach(Slot::free);
        }
        idle.clear();
        idleBytes = 0;
    }
}
