package io.gvl.dataloader.internal;

import io.gvl.dataset.memory.MemoryBudget;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The slot pool of {@code DOUBLE_BUFFERED} with {@code copy=false}: two file-backed memory-mapped slots
 * ({@link SharedMemoryFile}), each laid out by {@link ChunkSlotHeader} so another process could map and read them. The
 * kernels write a chunk straight into a slot's payload and only the header is written afterwards; the consumer reads
 * zero-copy views of the slot. Files are deleted on close.
 */
public final class SharedSlots implements AutoCloseable {
    private final List<Path> files = new ArrayList<>();
    private final SlotPool pool;

    /** Two slots of {@code payloadBytes} each, charged to an unlimited budget of their own (tests). */
    public SharedSlots(long payloadBytes) {
        this(2, payloadBytes, new LoaderMemory(new MemoryBudget("shared slots"), false));
    }

    public SharedSlots(int count, long payloadBytes, LoaderMemory memory) {
        Slot.Backing[] backings = new Slot.Backing[count];
        try {
            for (int i = 0; i < count; i++) {
                SharedMemoryFile f = SharedMemoryFile.create(Integer.toString(i));
                files.add(f.file());
                backings[i] = f;
            }
        } catch (RuntimeException e) {
            files.forEach(f -> new SharedMemoryFile(f).delete());
            throw e;
        }
        this.pool = new SlotPool(backings, payloadBytes + (1L << 16), ChunkSlotHeader.HEADER_BYTES, memory);
    }

    /** The slot files (for a consumer in another process). */
    public List<Path> files() {
        return List.copyOf(files);
    }

    public SlotPool pool() {
        return pool;
    }

    @Override
    public void close() {
        pool.close();
    }
}
