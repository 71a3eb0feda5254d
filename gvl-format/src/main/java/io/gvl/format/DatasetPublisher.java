package io.gvl.format;

import io.gvl.format.internal.FileTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Publishes a dataset directory atomically: it is built in a private sibling {@code <name>.tmp.<pid>-<hex>},
 * fsynced, and renamed into place, so readers see either no dataset, the old one, or the complete new one. A
 * failure while building removes the temporary directory and leaves the destination untouched; a crash leaves
 * only a {@code .tmp.} sibling, never a partial dataset. Writers of the same destination are serialised by an
 * in-process lock plus an OS file lock on the sibling {@code <name>.lock} (left on disk, as GVL does).
 */
public final class DatasetPublisher {
    private static final ConcurrentHashMap<Path, ReentrantLock> LOCKS = new ConcurrentHashMap<>();

    /** Fills the temporary directory with the dataset's files. */
    @FunctionalInterface
    public interface Builder {
        void build(Path tmpDir) throws IOException;
    }

    private DatasetPublisher() {
    }

    /**
     * Builds with {@code builder} and publishes at {@code dest}.
     *
     * @throws DatasetExistsException if {@code dest} exists and {@code overwrite} is false (checked before
     *                                building and again under the lock)
     */
    @SuppressWarnings("try") // the file lock is held for the duration of the try block, never referenced
    public static void publish(Path dest, boolean overwrite, Builder builder) {
        Path target = dest.toAbsolutePath().normalize();
        Path parent = target.getParent();
        String name = target.getFileName().toString();
        checkAbsent(target, overwrite);
        ReentrantLock jvmLock = LOCKS.computeIfAbsent(target, k -> new ReentrantLock());
        jvmLock.lock();
        try {
            Files.createDirectories(parent);
            try (FileChannel lockFile = FileChannel.open(parent.resolve(name + ".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
                 FileLock ignored = lockFile.lock()) {
                checkAbsent(target, overwrite);
                Path tmp = parent.resolve(name + ".tmp." + ProcessHandle.current().pid() + "-" + hex());
                Files.createDirectory(tmp);
                try {
                    builder.build(tmp);
                    FileTrees.fsync(tmp);
                    replace(tmp, target, parent, name);
                } catch (IOException | RuntimeException | Error e) {
                    FileTrees.deleteQuietly(tmp);
                    throw e;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(target + ": cannot publish dataset (" + e.getMessage() + ")", e);
        } finally {
            jvmLock.unlock();
        }
    }

    private static void checkAbsent(Path target, boolean overwrite) {
        if (!overwrite && Files.exists(target)) {
            throw new DatasetExistsException(target + " already exists; pass overwrite=true to replace it");
        }
    }

    private static void replace(Path tmp, Path target, Path parent, String name) throws IOException {
        if (!Files.exists(target)) {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        } else {
            Path old = parent.resolve(name + ".old." + hex());
            Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            FileTrees.deleteQuietly(old);
        }
        FileTrees.fsyncDirectory(parent);
    }

    private static String hex() {
        return HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
    }
}
