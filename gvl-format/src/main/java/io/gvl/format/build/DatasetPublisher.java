package io.gvl.format.build;

import io.gvl.format.DatasetExistsException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.internal.FileTrees;
import io.gvl.format.io.IoFailures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes a dataset directory atomically: it is built in a private sibling {@code <name>.tmp.<pid>-<hex>},
 * fsynced, and renamed into place, so readers see either no dataset, the old one, or the complete new one. A
 * failure while building removes the temporary directory and leaves the destination untouched; a crash leaves
 * only a {@code .tmp.} sibling, never a partial dataset, and the next write of that destination sweeps it.
 * Overwriting replaces only an existing dataset, never another file or directory. Writers of the same destination are
 * serialised by an in-process permit plus an OS file lock on the sibling {@code <name>.lock} (left on disk, as GVL
 * does); a build directory made by {@link #newBuildDirectory} holds both until it is published or released, so no other
 * writer sweeps it while a write plan's parts are being written.
 */
public final class DatasetPublisher {
    private static final Logger LOG = LoggerFactory.getLogger(DatasetPublisher.class);
    /** The destination locks held by open build directories, by build directory. */
    private static final ConcurrentHashMap<Path, DestinationLock> HELD = new ConcurrentHashMap<>();

    /** Fills the temporary directory with the dataset's files. */
    @FunctionalInterface
    public interface Builder {
        /**
         * Writes every file of the dataset into {@code tmpDir}; called once, under the destination's locks.
         *
         * @param tmpDir an empty temporary directory beside the destination
         * @throws IOException on any write failure; the temporary directory is then removed
         */
        void build(Path tmpDir) throws IOException;
    }

    private DatasetPublisher() {
    }

    /**
     * Builds with {@code builder} and publishes at {@code dest}.
     *
     * @throws DatasetExistsException if {@code dest} exists and {@code overwrite} is false (checked before
     *                                building and again under the lock)
     * @param dest the dataset directory to create or replace
     * @param overwrite whether an existing dataset at {@code dest} may be replaced
     * @param builder writes the files into the temporary directory
     */
    public static void publish(Path dest, boolean overwrite, Builder builder) {
        publish(dest, overwrite, null, builder, DatasetLayout.METADATA, "dataset");
    }

    /**
     * As {@link #publish(Path, boolean, Builder)} for another kind of directory (a genoray {@code .svar2} store):
     * overwriting replaces only a directory holding the file {@code marker}.
     *
     * @param dest the directory to create or replace
     * @param overwrite whether an existing directory of this kind at {@code dest} may be replaced
     * @param marker the file name that marks a replaceable directory, e.g. {@code meta.json}
     * @param kind what the directory is, for messages, e.g. {@code .svar2 store}
     * @param builder writes the files into the temporary directory
     * @throws DatasetExistsException if {@code dest} exists and {@code overwrite} is false, or it is not a directory
     *                                holding {@code marker}
     */
    public static void publish(Path dest, boolean overwrite, String marker, String kind, Builder builder) {
        publish(dest, overwrite, null, builder, marker, kind);
    }

    /**
     * Creates a fresh, empty build directory {@code <name>.tmp.<pid>-<hex>} beside {@code dest}, for a caller that
     * fills it over a longer time (a write plan and its parts) before {@link #publishBuilt}. It takes the
     * destination's locks (waiting for another writer of {@code dest} to finish), sweeps that writer's leftovers and
     * holds the locks until {@link #publishBuilt} publishes or removes the directory, or {@link #releaseBuild} is
     * called; meanwhile every other write of {@code dest}, in this process or another, waits.
     *
     * @param dest the dataset directory the build directory will be published as
     * @return the new build directory (absolute)
     * @throws UncheckedIOException if it cannot be created
     */
    public static Path newBuildDirectory(Path dest) {
        Path target = dest.toAbsolutePath().normalize();
        Path parent = target.getParent();
        String name = target.getFileName().toString();
        DestinationLock lock;
        try {
            Files.createDirectories(parent);
            lock = DestinationLock.acquire(target);
        } catch (IOException e) {
            throw cannotWrite(target, null, e);
        }
        try {
            sweepStale(parent, name, null);
            Path dir = Files.createDirectory(parent.resolve(name + ".tmp." + ProcessHandle.current().pid() + "-"
                    + hex()));
            HELD.put(dir, lock);
            return dir;
        } catch (IOException e) {
            lock.release();
            throw cannotWrite(target, null, e);
        } catch (RuntimeException | Error e) {
            lock.release();
            throw e;
        }
    }

    /**
     * Gives up the destination's locks held by a build directory of {@link #newBuildDirectory} without publishing
     * it (a discarded write plan); the caller removes the directory first. Harmless for a directory that holds no
     * lock, or when called twice.
     *
     * @param build the build directory
     */
    public static void releaseBuild(Path build) {
        DestinationLock lock = HELD.remove(build.toAbsolutePath().normalize());
        if (lock != null) {
            lock.release();
        }
    }

    /**
     * Removes a build directory of {@link #newBuildDirectory} and everything in it, then gives up the locks it holds
     * (a discarded write plan). What cannot be removed is logged and left for the next write of the destination to
     * sweep; harmless when already removed or called twice.
     *
     * @param build the build directory
     */
    public static void discardBuild(Path build) {
        try {
            if (Files.exists(build)) {
                FileTrees.delete(build);
            }
        } catch (IOException e) {
            LOG.warn("cannot remove the build directory {}: {}", build, e.toString());
        } finally {
            releaseBuild(build);
        }
    }

    /**
     * Completes a build directory made by {@link #newBuildDirectory} with {@code finisher} and publishes it at
     * {@code dest}, under the locks the build directory holds (or, for one made by another process, under the same
     * locks as {@link #publish}); stale siblings other than {@code build} are swept. On any failure after the
     * destination check, {@code build} is removed and nothing is left at {@code dest}; the locks are given up
     * unless {@code build} is kept.
     *
     * @param dest the dataset directory to create or replace
     * @param overwrite whether an existing dataset at {@code dest} may be replaced
     * @param build the build directory, {@code <name>.tmp.*} beside {@code dest}
     * @param finisher writes the remaining files into {@code build}
     * @throws DatasetExistsException if {@code dest} exists and {@code overwrite} is false; {@code build} is kept
     * @throws IllegalArgumentException if {@code build} is not a build directory of {@code dest}
     */
    public static void publishBuilt(Path dest, boolean overwrite, Path build, Builder finisher) {
        Path target = dest.toAbsolutePath().normalize();
        Path dir = build.toAbsolutePath().normalize();
        if (!dir.getFileName().toString().startsWith(target.getFileName() + ".tmp.")
                || !target.getParent().equals(dir.getParent()) || !Files.isDirectory(dir)) {
            throw new IllegalArgumentException(build + " is not a build directory of " + target
                    + " (an existing " + target.getFileName() + ".tmp.* sibling)");
        }
        publish(target, overwrite, dir, finisher, DatasetLayout.METADATA, "dataset");
    }

    /** Publishes {@code build} (or a new build directory when {@code null}) after {@code builder} fills it. */
    private static void publish(Path dest, boolean overwrite, Path build, Builder builder, String marker,
                                String kind) {
        Path target = dest.toAbsolutePath().normalize();
        Path parent = target.getParent();
        String name = target.getFileName().toString();
        checkAbsent(target, overwrite, marker, kind);
        DestinationLock held = build == null ? null : HELD.get(build);
        DestinationLock lock;
        try {
            Files.createDirectories(parent);
            lock = held != null ? held : DestinationLock.acquire(target);
        } catch (IOException e) {
            throw cannotWrite(target, null, e);
        }
        boolean buildKept = false;
        try {
            try {
                checkAbsent(target, overwrite, marker, kind);
            } catch (DatasetExistsException e) {
                buildKept = held != null;
                throw e;
            }
            sweepStale(parent, name, build);
            Path tmp = build != null ? build
                    : Files.createDirectory(parent.resolve(name + ".tmp." + ProcessHandle.current().pid() + "-"
                    + hex()));
            try {
                builder.build(tmp);
                FileTrees.fsync(tmp);
                replace(tmp, target, parent, name);
            } catch (UncheckedIOException e) {
                FileTrees.deleteQuietly(tmp);
                throw cannotWrite(target, tmp, e.getCause() != null ? e.getCause() : new IOException(e));
            } catch (IOException e) {
                FileTrees.deleteQuietly(tmp);
                throw cannotWrite(target, tmp, e);
            } catch (RuntimeException | Error e) {
                FileTrees.deleteQuietly(tmp);
                throw e;
            }
        } catch (IOException e) {
            throw cannotWrite(target, null, e);
        } finally {
            if (!buildKept) {
                if (held != null) {
                    HELD.remove(build, held);
                }
                lock.release();
            }
        }
    }

    /**
     * An I/O failure while building or publishing {@code target}: names the dataset, the operating system's reason
     * (e.g. "No space left on device") and the file it hit, relative to the dataset, rather than the private
     * temporary directory alone.
     */
    private static UncheckedIOException cannotWrite(Path target, Path tmp, IOException e) {
        String where = "";
        String file = e instanceof FileSystemException fse ? fse.getFile() : null;
        if (file != null && tmp != null && Path.of(file).startsWith(tmp)) {
            where = ", in " + tmp.relativize(Path.of(file));
        } else if (file != null && tmp == null) {
            where = ", at " + file;
        }
        return new UncheckedIOException(target + ": cannot write the dataset (" + IoFailures.reason(e) + where
                + ")"
                + "; nothing was left at " + target + ". " + IoFailures.fix(e, "write again"), e);
    }

    private static void checkAbsent(Path target, boolean overwrite, String marker, String kind) {
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (!overwrite) {
            throw new DatasetExistsException(alreadyExists(target));
        }
        require(target, marker, kind);
    }

    /**
     * The words for an existing destination, naming both the command-line flag and the API option.
     *
     * @param target the existing destination
     * @return a one-line message naming {@code target} and how to replace it
     */
    public static String alreadyExists(Path target) {
        return target + " already exists; pass --overwrite (overwrite(true) in the API) to replace it.";
    }

    /**
     * Overwriting deletes what is at the destination, so it is allowed only for a dataset (a directory holding
     * {@code metadata.json}, as gvl and GVL write it); anything else is named and left alone.
     *
     * @param target the destination about to be replaced
     * @throws DatasetExistsException if {@code target} exists but is not a dataset (a file, symlink or other
     *     directory)
     */
    public static void requireDataset(Path target) {
        require(target, DatasetLayout.METADATA, "dataset");
    }

    private static void require(Path target, String marker, String kind) {
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)
                && Files.isRegularFile(target.resolve(marker), LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        String what;
        if (Files.isSymbolicLink(target)) {
            what = "a symbolic link";
        } else if (Files.isRegularFile(target)) {
            what = "a regular file";
        } else if (Files.isDirectory(target)) {
            what = "a directory that is not a " + kind + " (no " + marker + "; it holds "
                    + describeEntries(target) + ")";
        } else {
            what = "something that is neither a file nor a directory";
        }
        throw new DatasetExistsException(target + " is " + what + ", so --overwrite will not delete it; only an "
                + "existing " + kind + " is replaced. Choose another output path, or move it away yourself.");
    }

    private static String describeEntries(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            List<String> names = entries.map(p -> p.getFileName().toString()).sorted().toList();
            if (names.isEmpty()) {
                return "nothing";
            }
            return names.size() + (names.size() == 1 ? " entry: " : " entries, e.g. ")
                    + String.join(", ", names.subList(0, Math.min(3, names.size())));
        } catch (IOException e) {
            return "entries that cannot be listed (" + e.getMessage() + ")";
        }
    }

    /**
     * Removes {@code <name>.tmp.*} and {@code <name>.old.*} siblings other than {@code keep}. Called with the
     * destination's file lock held: every writer builds only while holding that lock (a write plan's build
     * directory holds it until its merge or discard), so such siblings are left over from a writer that was killed.
     */
    private static void sweepStale(Path parent, String name, Path keep) throws IOException {
        try (Stream<Path> siblings = Files.list(parent)) {
            for (Path p : siblings.toList()) {
                String n = p.getFileName().toString();
                if (p.equals(keep)) {
                    continue;
                }
                if (n.startsWith(name + ".tmp.") || n.startsWith(name + ".old.")) {
                    FileTrees.deleteQuietly(p);
                }
            }
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
