package io.gvl.spark.internal;

import io.gvl.spark.errors.GvlStorageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * A local copy of a committed dataset on a Hadoop file system. gvl opens datasets by memory-mapping local files, so
 * a reader (the driver planning a read, each executor running its tasks) downloads the objects the commit names into
 * {@code <cacheDir>/<hash of the root URI>/<write id>/} and opens that directory. A commit's objects live under its
 * write's own prefix and are never rewritten, so the root URI and the write id identify the bytes exactly; every
 * download is checked against the size the commit recorded. A copy is built in a temporary sibling and renamed into
 * place, so a reader never opens a half-downloaded copy, and concurrent readers of one machine download it once
 * (threads of one JVM wait for each other; processes race, and the loser's copy is removed). When a newer commit of
 * the same root is fetched, the older copies of that root are removed: the cache holds one version per root, and
 * nothing else bounds it.
 */
final class ObjectCache {
    private static final Map<Path, Object> LOCKS = new ConcurrentHashMap<>();

    private ObjectCache() {
    }

    /**
     * The local directory holding {@code commit} of {@code root}, downloading it first if this machine has none.
     *
     * @throws GvlStorageException if an object is missing, has another size or cannot be read
     */
    static Path fetch(String root, ObjectCommit commit, Configuration conf, Path cacheDir) {
        Path versions = cacheDir.resolve(hash(root));
        Path done = versions.resolve(commit.write());
        synchronized (LOCKS.computeIfAbsent(done, d -> new Object())) {
            if (Files.isDirectory(done)) {
                return done;
            }
            Path tmp = versions.resolve(commit.write() + ".tmp-" + UUID.randomUUID());
            try {
                download(root, commit, conf, tmp);
                try {
                    Files.move(tmp, done, StandardCopyOption.ATOMIC_MOVE);
                } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
                    LocalTrees.delete(tmp); // another process finished the same copy first
                }
                removeOlder(versions, commit.write());
                return done;
            } catch (IOException e) {
                throw new UncheckedIOException(tmp + ": cannot store the local copy of " + root, e);
            } finally {
                LocalTrees.delete(tmp);
            }
        }
    }

    private static void download(String root, ObjectCommit commit, Configuration conf, Path into)
            throws IOException {
        org.apache.hadoop.fs.Path base = new org.apache.hadoop.fs.Path(root);
        FileSystem fs = base.getFileSystem(conf);
        Map<String, Path> first = new LinkedHashMap<>();
        Map<Path, String> again = new LinkedHashMap<>(); // one object at several paths: every shard's variant table
        Map<String, Long> bytes = new HashMap<>();
        for (ObjectCommit.Entry e : commit.files()) {
            Path local = into.resolve(e.path()).normalize();
            if (!local.startsWith(into) || local.equals(into)) {
                throw new GvlStorageException("the commit of " + root + " names the file " + e.path() + " outside the"
                        + " dataset; the marker is damaged. Fix: write the dataset again.", null);
            }
            if (first.putIfAbsent(e.object(), local) != null) {
                again.put(local, e.object());
            }
            bytes.put(e.object(), e.bytes());
        }
        ObjectFiles.each(List.copyOf(first.entrySet()), e -> ObjectFiles.download(fs,
                new org.apache.hadoop.fs.Path(base, e.getKey()), bytes.get(e.getKey()), e.getValue(), root));
        for (Map.Entry<Path, String> e : again.entrySet()) {
            Files.createDirectories(e.getKey().getParent());
            try {
                Files.createLink(e.getKey(), first.get(e.getValue()));
            } catch (IOException | UnsupportedOperationException linkRefused) {
                Files.copy(first.get(e.getValue()), e.getKey());
            }
        }
    }

    /** Removes the copies of other commits of the same root (not unfinished downloads, which may be running). */
    private static void removeOlder(Path versions, String keep) throws IOException {
        List<Path> others;
        try (Stream<Path> s = Files.list(versions)) {
            others = s.filter(p -> !p.getFileName().toString().equals(keep))
                    .filter(p -> !p.getFileName().toString().contains(".tmp-")).toList();
        }
        others.forEach(LocalTrees::delete);
    }

    private static String hash(String root) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(root.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
