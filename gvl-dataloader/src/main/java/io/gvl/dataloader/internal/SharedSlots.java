package io.gvl.dataloader.internal;

import io.gvl.core.buffer.MemoryBudget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The slot pool of {@code DOUBLE_BUFFERED}: two file-backed memory-mapped slots (in {@code /dev/shm} when present,
 * else the temp directory), each laid out by {@link SlotLayout} so another process could map and read them. The
 * kernels write a chunk straight into a slot's payload and only the header is written afterwards; the consumer reads
 * zero-copy views of the slot. Files are deleted on close.
 */
public final class SharedSlots implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SharedSlots.class);
    private final List<Path> files = new ArrayList<>();
    private final SlotPool pool;

    /** Two slots of {@code payloadBytes} each, charged to an unlimited budget of their own (tests). */
    public SharedSlots(long payloadBytes) {
        this(2, payloadBytes, new LoaderMemory(new MemoryBudget("shared slots"), false));
    }

    public SharedSlots(int count, long payloadBytes, LoaderMemory memory) {
        Path dir = Files.isDirectory(Path.of("/dev/shm")) && Files.isWritable(Path.of("/dev/shm"))
                ? Path.of("/dev/shm") : Path.of(System.getProperty("java.io.tmpdir"));
        Slot.Backing[] backings = new Slot.Backing[count];
        try {
            for (int i = 0; i < count; i++) {
                Path f = Files.createTempFile(dir, "gvl-slot-" + ProcessHandle.current().pid() + "-", "-" + i);
                f.toFile().deleteOnExit();
                files.add(f);
                backings[i] = new FileBacking(f);
            }
        } catch (IOException e) {
            files.forEach(FileBacking::delete);
            throw new UncheckedIOException("cannot create shared-memory slots in " + dir, e);
        }
        this.pool = new SlotPool(backings, payloadBytes + (1L << 16), SlotLayout.HEADER_BYTES, memory);
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

    private record FileBacking(Path file) implements Slot.Backing {
        @Override
        public MemorySegment map(Arena arena, long bytes) {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                MemorySegment mapped = ch.map(FileChannel.MapMode.READ_WRITE, 0, bytes, arena);
                // The same pages as a plain native segment of the same arena (unmapped when it closes): the kernels'
                // memory accesses then see one kind of segment in every mode, not mapped ones besides native ones.
                return MemorySegment.ofAddress(mapped.address()).reinterpret(bytes, arena, null);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot map shared-memory slot " + file, e);
            }
        }

        @Override
        public void delete() {
            delete(file);
        }

        static void delete(Path f) {
            try {
                Files.deleteIfExists(f);
            } catch (IOException e) {
                LOG.warn("could not delete shared-memory slot {} (removed at JVM exit): {}", f, e.toString());
            }
        }
    }
}
