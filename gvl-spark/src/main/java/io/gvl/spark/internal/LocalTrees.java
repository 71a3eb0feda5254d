package io.gvl.spark.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Removes the local scratch directories of object-store transfers (a task's part, the driver's build directory, an
 * unfinished cache download). They live in the machine's temporary space, never beside an input.
 */
final class LocalTrees {
    private LocalTrees() {
    }

    /** Removes {@code root} and everything under it; harmless when absent. */
    static void delete(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(root + ": cannot remove", e);
        }
    }
}
