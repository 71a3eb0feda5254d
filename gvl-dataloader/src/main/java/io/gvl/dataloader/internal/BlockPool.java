package io.gvl.dataloader.internal;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Memory for batches that own their arrays ({@code copy=true}): blocks in power-of-two size classes, reused when
 * their batches close instead of opening and closing an arena per batch. A block holds either copies of one batch's
 * arrays ({@link #copy}) or a whole chunk that the producer wrote into it ({@link BlockChunks}). A copied batch does not depend on
 * the loader, so a block still held when the loader closes is freed when its batch closes.
 */
public final class BlockPool implements Slot.Owner, AutoCloseable {
    private static final long MIN_BLOCK = 1L << 16;
    private static final Slot.Backing OFF_HEAP = (arena, bytes) -> arena.allocate(bytes, 4096);

    private final LoaderMemory memory;
    private final long keepBytes;
    private final Map<Long, ArrayDeque<Slot>> idle = new HashMap<>();
    private long idleBytes;
    private boolean closed;

    /** @param keepBytes at most this many idle bytes are kept for reuse */
    public BlockPool(LoaderMemory memory, long keepBytes) {
        this.memory = memory;
        this.keepBytes = keepBytes;
    }

    /** Copies {@code arrays} into one block; the lease closes the copies and returns the block. */
    public Lease copy(List<NamedArray> arrays, List<NamedArray> out, String description) {
        long need = 0;
        for (NamedArray a : arrays) {
            need += a.array().byteSize() + 2 * 64;
        }
        Slot block = take(need);
        List<FlatArray> views = new ArrayList<>(arrays.size());
        try {
            for (NamedArray a : arrays) {
                FlatArray c = copyInto(a.array(), block);
                views.add(c);
                out.add(new NamedArray(a.name(), c));
            }
        } catch (RuntimeException | Error e) {
            block.release();
            throw e;
        }
        memory.addCopied(need);
        return block.firstLease(views, description);
    }

    /** An open block of at least {@code need} bytes (one reference, the caller's), from the pool or new. */
    synchronized Slot take(long need) {
        long size = Math.max(MIN_BLOCK, Long.highestOneBit(Math.max(1, need - 1)) << 1);
        ArrayDeque<Slot> q = idle.get(size);
        Slot s = q == null ? null : q.poll();
        if (s != null) {
            idleBytes -= size;
        } else {
            s = new Slot(this, OFF_HEAP, memory, size, 0, false, "batch block");
        }
        s.open();
        return s;
    }

    @Override
    public synchronized void recycle(Slot slot) {
        long size = slot.capacity();
        if (closed || idleBytes + size > keepBytes || Long.bitCount(size) != 1) {
            slot.free();
            return;
        }
        idle.computeIfAbsent(size, k -> new ArrayDeque<>()).push(slot);
        idleBytes += size;
    }

    private static FlatArray copyInto(FlatArray array, Slot block) {
        return switch (array) {
            case Ragged r -> Ragged.wrap(r.dtype(), r.leadingShape(), copyOf(r.data(), block),
                    copyOf(r.offsets(), block));
            case Dense d -> Dense.wrap(d.dtype(), d.shape(), copyOf(d.data(), block));
        };
    }

    private static MemorySegment copyOf(MemorySegment src, Slot block) {
        MemorySegment dst = block.bump(src.byteSize(), 8);
        MemorySegment.copy(src, 0, dst, 0, src.byteSize());
        return dst;
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
