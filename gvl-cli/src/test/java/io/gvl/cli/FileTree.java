package io.gvl.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * What a path holds, for comparing an output with an expected one: every relative path under it (directories
 * too, so an empty directory left behind counts) mapped to a SHA-256 of the file's bytes ({@code "dir"} for a
 * directory). A file maps its own name; an absent path is the empty tree. Hashes keep the trees of large outputs
 * small; a difference is reported by path.
 */
record FileTree(SortedMap<String, String> entries) {
    static final FileTree ABSENT = new FileTree(Collections.emptySortedMap());

    FileTree {
        entries = Collections.unmodifiableSortedMap(new TreeMap<>(entries));
    }

    /** The tree at {@code root}, leaving out the entries whose relative path {@code skip} accepts. */
    static FileTree of(Path root, Predicate<String> skip) {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return ABSENT;
        }
        TreeMap<String, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.toList()) {
                String rel = p.equals(root) && !Files.isDirectory(p) ? p.getFileName().toString()
                        : root.relativize(p).toString();
                if (p.equals(root) && Files.isDirectory(p) || skip.test(rel)) {
                    continue;
                }
                out.put(rel, Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "dir" : sha256(p));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(root + ": cannot read the tree", e);
        }
        return new FileTree(out);
    }

    static FileTree of(Path root) {
        return of(root, rel -> false);
    }

    boolean absent() {
        return entries.isEmpty();
    }

    /** The first few paths that differ between this tree and {@code other}, for a failure message. */
    String difference(FileTree other) {
        TreeMap<String, String> diff = new TreeMap<>();
        entries.forEach((k, v) -> {
            if (!v.equals(other.entries.get(k))) {
                diff.put(k, other.entries.containsKey(k) ? "differs" : "only in the first");
            }
        });
        other.entries.keySet().stream().filter(k -> !entries.containsKey(k))
                .forEach(k -> diff.put(k, "only in the second"));
        return diff.entrySet().stream().limit(8).map(e -> e.getKey() + " (" + e.getValue() + ")").toList()
                + (diff.size() > 8 ? " and " + (diff.size() - 8) + " more" : "");
    }

    private static String sha256(Path file) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
