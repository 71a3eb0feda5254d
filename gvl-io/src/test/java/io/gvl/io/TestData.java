package io.gvl.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the shared read-only test data (command-line oracles run through {@code io.gvl.testkit.Oracle}). */
public final class TestData {
    private TestData() {}

    public static Path shared() {
        return Path.of(System.getProperty("gvl.shared.data"));
    }

    public static Path real(String relative) {
        return shared().resolve("real").resolve(relative);
    }

    public static Path fixture(String relative) {
        return shared().resolve("gvl-fixtures").resolve(relative);
    }

    /** Copies {@code files} into {@code dir} (writable copies, so tests may index or corrupt them). */
    public static Path copy(Path dir, Path... files) {
        try {
            Path first = null;
            for (Path f : files) {
                Path dst = dir.resolve(f.getFileName().toString());
                Files.copy(f, dst);
                dst.toFile().setWritable(true);
                if (first == null) {
                    first = dst;
                }
            }
            return first;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
