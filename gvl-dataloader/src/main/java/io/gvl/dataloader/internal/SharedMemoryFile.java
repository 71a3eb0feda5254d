package io.gvl.dataloader.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Slot memory that another process can map: a file in {@code /dev/shm} when it is there and writable, else in the
 * temp directory, named after this JVM's pid, deleted when the slot is freed (and at JVM exit, should the loader
 * never be closed).
 *
 * @param file the backing file
 */
record SharedMemoryFile(Path file) implements Slot.Backing {
    private static final Logger LOG = LoggerFactory.getLogger(SharedMemoryFile.class);

    /** A new empty file; {@code tag} ends its name (e.g. the slot number). */
    static SharedMemoryFile create(String tag) {
        Path dir = directory();
        try {
            Path f = Files.createTempFile(dir, "gvl-slot-" + ProcessHandle.current().pid() + "-", "-" + tag);
            f.toFile().deleteOnExit();
            return new SharedMemoryFile(f);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a shared-memory slot file in " + dir, e);
        }
    }

    static Path directory() {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
    }

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
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.warn("could not delete shared-memory slot {} (removed at JVM exit): {}", file, e.toString());
        }
    }
}
