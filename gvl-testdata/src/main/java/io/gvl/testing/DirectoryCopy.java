package io.gvl.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Copies a directory tree (e.g. committed golden datasets into a test's temporary directory, never beside them). */
public final class DirectoryCopy {
    private DirectoryCopy() {
    }

    /**
     * Copies every file and directory under {@code from} to the same relative path under {@code to}.
     *
     * @param from the tree to copy
     * @param to where the copy goes; missing directories are created
     * @throws IOException if a file cannot be read or written
     */
    public static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path dst = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dst);
                } else {
                    Files.copy(p, dst);
                }
            }
        }
    }
}
