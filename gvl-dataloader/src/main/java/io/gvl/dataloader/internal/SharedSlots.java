package io.gvl.dataloader.internal;

import io.gvl.core.buffer.NamedArray;
import io.gvl.core.dataset.DatasetOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Two file-backed memory-mapped slots (in {@code /dev/shm} when present, else the temp directory), each laid
 * out by {@link SlotLayout} so another process could map and read them. Fetched arrays are serialized into the
 * slot and freed at once; the consumer reads zero-copy views of the slot. Files are deleted on close.
 */
public final class SharedSlots implements ChunkStore {
    private static final Logger LOG = LoggerFactory.getLogger(SharedSlots.class);
    private final Arena arena = Arena.ofShared();
    private final Path[] files = new Path[2];
    private final MemorySegment[] slots = new MemorySegment[2];
    private boolean closed;

    public SharedSlots(long payloadBytes) {
        long size = SlotLayout.HEADER_BYTES + payloadBytes + (1L << 16);
        Path dir = Files.isDirectory(Path.of("/dev/shm")) && Files.isWritable(Path.of("/dev/shm"))
                ? Path.of("/dev/shm") : Path.of(System.getProperty("java.io.tmpdir"));
        try {
            for (int i = 0; i < 2; i++) {
                files[i] = Files.createTempFile(dir, "gvl-slot-" + ProcessHandle.current().pid() + "-", "-" + i);
                files[i].toFile().deleteOnExit();
                try (FileChannel ch = FileChannel.open(files[i], StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                    slots[i] = ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
                }
            }
        } catch (IOException e) {
            close();
            throw new UncheckedIOException("cannot create shared-memory slots in " + dir, e);
        }
    }

    /** The slot files (for a consumer in another process). */
    public List<Path> files() {
        return List.of(files);
    }

    @Override
    public List<NamedArray> store(int slot, long sequence, long instances, DatasetOutput fetched) {
        try (fetched) {
            SlotLayout.write(slots[slot], sequence, instances, fetched.arrays());
        }
        return SlotLayout.read(slots[slot]).arrays();
    }

    @Override
    public void release(int slot) {
        // The slot is rewritten by the next chunk; nothing to free.
    }

    @Override
    public int slots() {
        return 2;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        arena.close();
        for (Path f : files) {
            if (f != null) {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException e) {
                    LOG.warn("could not delete shared-memory slot {} (removed at JVM exit): {}", f, e.toString());
                }
            }
        }
    }
}
