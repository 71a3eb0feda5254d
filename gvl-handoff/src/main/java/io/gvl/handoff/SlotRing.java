package io.gvl.handoff;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code N} reusable memory-mapped files, {@code slot-0.bin} to {@code slot-<N-1>.bin} in one directory (on Linux
 * {@code /dev/shm} is RAM), that a consumer in another process maps too. Reusing the same files keeps their pages
 * resident, which avoids the first-touch page faults that make fresh tmpfs files slow. A slot grows (the file is
 * extended and mapped again) when a batch does not fit; the descriptor of each batch says the file's current size.
 *
 * <p>Not thread-safe: one writer uses a ring. {@link #close()} unmaps the slots and deletes the files, and the
 * directory if the ring created it (a consumer's mappings stay valid until it unmaps them).
 */
public final class SlotRing implements AutoCloseable {
    private static final long GRANULE = 1L << 20;
    private static final Pattern SLOT_FILE = Pattern.compile("slot-[0-9]+\\.bin");

    private final Path dir;
    private final MemorySegment[] slots;
    private final Arena[] arenas;
    private boolean createdDir;
    private boolean closed;

    private SlotRing(Path dir, int count) {
        this.dir = dir;
        this.slots = new MemorySegment[count];
        this.arenas = new Arena[count];
    }

    /**
     * Creates {@code count} slot files of {@code initialBytes} each in {@code dir} (created if missing). Existing slot
     * files of an earlier run are overwritten.
     *
     * @param dir the directory, e.g. a fresh folder under {@code /dev/shm}
     * @param count the number of slots, {@code >= 1}; two or more let the writer fill one while the consumer reads
     *     another
     * @param initialBytes the initial size of each file, rounded up to a whole MiB
     * @return the ring; the caller closes it
     * @throws IllegalArgumentException if {@code count < 1} or {@code initialBytes < 0}
     * @throws HandoffException if a file cannot be created or mapped
     */
    public static SlotRing create(Path dir, int count, long initialBytes) {
        if (count < 1 || initialBytes < 0) {
            throw new IllegalArgumentException("a slot ring needs count >= 1 and initialBytes >= 0, got " + count
                    + " and " + initialBytes);
        }
        SlotRing ring = new SlotRing(dir, count);
        try {
            ring.createdDir = !Files.isDirectory(dir);
            Files.createDirectories(dir);
            for (int i = 0; i < count; i++) {
                ring.map(i, roundUp(Math.max(1, initialBytes)));
            }
            return ring;
        } catch (IOException | RuntimeException e) {
            ring.release();
            throw new HandoffException("cannot create slot files in " + dir + ": " + e.getMessage()
                    + " (use a writable directory with room for " + count + " slots, e.g. under /dev/shm)", e);
        }
    }

    /**
     * Removes the slot directories {@code <prefix><pid>} in {@code parent} whose process is gone (a producer killed
     * with SIGKILL together with its reader leaves one): only directories holding nothing but slot files, so nothing
     * else is touched. Best effort; a directory in use by a live process is never removed.
     *
     * @param parent where slot directories are made, e.g. {@code /dev/shm}
     * @param prefix the part of their names before the pid, e.g. {@code gvl-handoff-}
     * @return how many directories were removed
     */
    public static int sweepStale(Path parent, String prefix) {
        int removed = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(parent, prefix + "*")) {
            for (Path dir : dirs) {
                String suffix = dir.getFileName().toString().substring(prefix.length());
                if (!suffix.matches("[0-9]{1,18}") || ProcessHandle.of(Long.parseLong(suffix)).isPresent()
                        || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                removed += removeSlotDirectory(dir) ? 1 : 0;
            }
        } catch (IOException e) {
            // An unreadable parent: nothing to sweep.
        }
        return removed;
    }

    private static boolean removeSlotDirectory(Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.toList();
        }
        if (!files.stream().allMatch(f -> SLOT_FILE.matcher(f.getFileName().toString()).matches())) {
            return false;
        }
        for (Path f : files) {
            Files.deleteIfExists(f);
        }
        return Files.deleteIfExists(dir);
    }

    /**
     * Number of slots.
     *
     * @return {@code N}
     */
    public int count() {
        return slots.length;
    }

    /**
     * The directory holding the slot files.
     *
     * @return the directory given at creation
     */
    public Path directory() {
        return dir;
    }

    /**
     * The file name of slot {@code i}, relative to {@link #directory()}.
     *
     * @param i a slot index in {@code [0, count())}
     * @return {@code slot-<i>.bin}
     */
    public static String fileName(int i) {
        return "slot-" + i + ".bin";
    }

    /**
     * The mapping of slot {@code i}, at least {@code bytes} long: the file grows (to a whole MiB) when it is shorter.
     *
     * @param i a slot index in {@code [0, count())}
     * @param bytes the bytes the caller will write
     * @return the mapped segment, valid until the next call for the same slot or {@link #close()}
     * @throws HandoffException if the file cannot be grown
     */
    public MemorySegment segment(int i, long bytes) {
        if (closed) {
            throw new IllegalStateException("slot ring in " + dir + " is closed");
        }
        if (slots[i].byteSize() < bytes) {
            arenas[i].close();
            try {
                map(i, roundUp(bytes));
            } catch (IOException e) {
                throw new HandoffException("cannot grow " + dir.resolve(fileName(i)) + " to " + bytes + " bytes: "
                        + e.getMessage() + " (free space in " + dir + ", or use smaller batches)", e);
            }
        }
        return slots[i];
    }

    private void map(int i, long size) throws IOException {
        Path file = dir.resolve(fileName(i));
        Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            if (ch.size() != size) {
                ch.truncate(Math.min(ch.size(), size));
                ch.write(java.nio.ByteBuffer.wrap(new byte[1]), size - 1);
            }
            slots[i] = ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
            arenas[i] = arena;
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    private static long roundUp(long bytes) {
        return Math.ceilDiv(bytes, GRANULE) * GRANULE;
    }

    /**
     * Unmaps every slot and deletes the files; closing twice is harmless.
     *
     * @throws HandoffException if a slot file exists but cannot be deleted (every slot is unmapped first)
     */
    @Override
    public void close() {
        IOException failed = release();
        if (failed != null) {
            throw new HandoffException("cannot delete a slot file in " + dir + ": " + failed.getMessage()
                    + " (remove it by hand)", failed);
        }
    }

    /** Unmaps and deletes what exists; returns the first deletion error instead of throwing it. */
    private IOException release() {
        if (closed) {
            return null;
        }
        closed = true;
        IOException failed = null;
        for (int i = 0; i < slots.length; i++) {
            try {
                if (arenas[i] != null) {
                    arenas[i].close();
                }
            } catch (IllegalStateException e) {
                // Already closed (a failed growth) or still in use by another thread: the file goes anyway.
            }
            try {
                Files.deleteIfExists(dir.resolve(fileName(i)));
            } catch (IOException e) {
                if (failed == null && Files.isDirectory(dir)) {
                    failed = e;
                }
            }
        }
        if (failed == null && createdDir) {
            try {
                Files.deleteIfExists(dir);
            } catch (IOException e) {
                // Not empty (someone put files there): leave it.
            }
        }
        return failed;
    }

    /**
     * Deletes the slot files (and the directory, if the ring created it) without unmapping: for a shutdown hook of
     * a process that is being stopped while a thread may still use the mappings.
     */
    public void deleteFiles() {
        for (int i = 0; i < slots.length; i++) {
            try {
                Files.deleteIfExists(dir.resolve(fileName(i)));
            } catch (IOException e) {
                // Best effort at exit.
            }
        }
        if (createdDir) {
            try {
                Files.deleteIfExists(dir);
            } catch (IOException e) {
                // Best effort at exit.
            }
        }
    }
}
