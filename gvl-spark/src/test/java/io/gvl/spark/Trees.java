package io.gvl.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** File-tree helpers the tests and the scale benchmark of this module share. */
final class Trees {
    private Trees() {
    }

    /** Deletes {@code root} and everything under it. */
    static void delete(Path root) {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The bytes of every regular file under {@code root}. */
    static long size(Path root) {
        try (Stream<Path> all = Files.walk(root)) {
            long n = 0;
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                n += Files.size(p);
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
