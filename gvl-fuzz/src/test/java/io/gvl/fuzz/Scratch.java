package io.gvl.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A private temporary directory per target and JVM, removed when the JVM exits: fuzz inputs become files there
 * (never beside a shared input), and so do the caches a reader may build.
 */
final class Scratch {
    private Scratch() {
    }

    /** A fresh directory {@code gvl-fuzz-NAME-*} under the JVM's temporary directory, deleted at exit. */
    static Path directory(String name) {
        try {
            Path dir = Files.createTempDirectory("gvl-fuzz-" + name + "-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort at exit: the directory is under the temporary directory
        }
    }
}
