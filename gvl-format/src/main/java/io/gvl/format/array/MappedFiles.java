package io.gvl.format.array;

import io.gvl.format.DatasetFormatException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The files an opened dataset has memory-mapped, with their size and identity when mapped, so a file that another
 * process truncates while the dataset is open gives a clear error instead of wrong bytes or a crash. Reading a
 * mapped page that the file no longer has raises SIGBUS; the JVM turns it into an {@link InternalError} ("a fault
 * occurred in an unsafe memory access operation") for scalar and bulk accesses, and the bytes of the file's last
 * page past its new end read as zeros. So a query first {@link #check() checks} that no file shrank (one stat per
 * file, at most once per {@link #CHECK_INTERVAL_NANOS}, so many small queries do not pay it each time), and a
 * fault that still happens (a file truncated during the query or within the interval) is turned into the same
 * error by {@link #fault}. A file that was deleted or replaced by another one keeps its mapping: the old bytes stay
 * readable until the dataset closes, so that is not an error.
 */
public final class MappedFiles {
    /** How long a passed check stands: 50 ms, so at most 20 rounds of stats a second whatever the query rate. */
    public static final long CHECK_INTERVAL_NANOS = 50_000_000L;

    private record Mapped(Path file, long bytes, Object key) {
    }

    private final List<Mapped> files = new CopyOnWriteArrayList<>();
    private volatile long checkedAt = System.nanoTime() - CHECK_INTERVAL_NANOS;

    /** An empty record; files are added as they are mapped. */
    public MappedFiles() {
    }

    /**
     * Maps {@code file} as {@link RawArray#map} does and remembers it.
     *
     * @param file a header-less little-endian array file
     * @param dtype the element type
     * @param arena the arena that owns the mapping
     * @return a read-only view of the whole file
     */
    public RawArray map(Path file, RawDtype dtype, Arena arena) {
        RawArray a = RawArray.map(file, dtype, arena);
        add(file, a.segment().byteSize());
        return a;
    }

    /**
     * Remembers a file mapped elsewhere (the reference cache), {@code bytes} long.
     *
     * @param file the mapped file
     * @param bytes the bytes mapped from its start
     */
    public void add(Path file, long bytes) {
        if (bytes == 0) {
            return;
        }
        try {
            files.add(new Mapped(file, bytes, Files.readAttributes(file, BasicFileAttributes.class).fileKey()));
        } catch (IOException e) {
            throw new DatasetFormatException(file + ": cannot read its attributes after mapping it ("
                    + e.getMessage() + ")", e);
        }
    }

    /**
     * Refuses to go on if a mapped file is now shorter than its mapping; a no-op within
     * {@link #CHECK_INTERVAL_NANOS} of the last check that passed.
     *
     * @throws DatasetFormatException naming the first such file, its sizes and the fix
     */
    public void check() {
        if (System.nanoTime() - checkedAt >= CHECK_INTERVAL_NANOS) {
            checkNow();
            checkedAt = System.nanoTime();
        }
    }

    private void checkNow() {
        for (Mapped m : files) {
            long size;
            try {
                BasicFileAttributes a = Files.readAttributes(m.file(), BasicFileAttributes.class);
                if (m.key() != null && !m.key().equals(a.fileKey())) {
                    continue; // replaced: the mapping still holds the old file
                }
                size = a.size();
            } catch (NoSuchFileException e) {
                continue; // deleted: the mapping keeps the old bytes
            } catch (IOException e) {
                throw new DatasetFormatException(m.file() + ": cannot check the mapped file (" + e.getMessage()
                        + "); close the dataset and open it again", e);
            }
            if (size < m.bytes()) {
                throw new DatasetFormatException(m.file() + ": the file shrank from " + m.bytes() + " to " + size
                        + " bytes while the dataset was open, so its data is gone; restore the file (or write the"
                        + " dataset again) and open the dataset again");
            }
        }
    }

    /**
     * Whether a mapped file is now shorter than its mapping, checked now (no interval): for a sharded root, which
     * keeps one record per shard, to find the shard a fault came from.
     *
     * @return {@code true} if {@link #check()} would now fail
     */
    public boolean shrunk() {
        try {
            checkNow();
            return false;
        } catch (DatasetFormatException e) {
            return true;
        }
    }

    /**
     * The error for a fault in a read of mapped memory: the file that shrank, or, if none did any more (it grew
     * back), a dataset error naming {@code what}. The fault is kept as the cause.
     *
     * @param fault the JVM's error for the faulting access
     * @param what the dataset, named in the message when no file is found shrunk
     * @return the error to throw
     */
    public DatasetFormatException fault(InternalError fault, Path what) {
        try {
            checkNow();
        } catch (DatasetFormatException e) {
            return new DatasetFormatException(e.getMessage(), fault);
        }
        return new DatasetFormatException(what + ": a read of its memory-mapped files failed (" + fault.getMessage()
                + "); a file changed while the dataset was open: restore it and open the dataset again", fault);
    }
}
