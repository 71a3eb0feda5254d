package io.gvl.format.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Durability and clean-up helpers for directory trees that are published by rename. */
public final class FileTrees {
    private FileTrees() {
    }

    /** Fsyncs every regular file and directory under {@code root} (and {@code root} itself). */
    public static void fsync(Path root) throws IOException {
        List<Path> all;
        try (Stream<Path> s = Files.walk(root)) {
            all = s.toList();
        }
        for (Path p : all) {
            if (Files.isRegularFile(p)) {
                try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
                    ch.force(true);
                }
            }
        }
        for (Path p : all) {
            if (Files.isDirectory(p)) {
                fsyncDirectory(p);
            }
        }
    }

    /** Fsyncs a directory entry list where the platform allows it (Linux does; some systems refuse). */
    public static void fsyncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException ignored) {
            // Directories cannot be opened for fsync on every platform; the rename is still atomic there.
        }
    }

    /** Deletes a tree; harmless when it is gone. */
    public static void delete(Path root) throws IOException {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** Deletes a tree, ignoring failures (used on error paths, where the original exception matters). */
    public static void deleteQuietly(Path root) {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | RuntimeException ignored) {
            // Best effort: a leftover .tmp./.old. sibling is ignored by readers.
        }
    }
}
