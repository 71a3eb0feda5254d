package io.gvl.write.concat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import io.gvl.format.io.ArrowTableFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Lists dataset trees and compares two datasets file by file (Arrow tables by content, the rest by bytes). */
final class ConcatFiles {
    private ConcatFiles() {
    }

    static List<String> files(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).map(p -> root.relativize(p).toString())
                    .filter(n -> !n.endsWith(".lock")).sorted().toList();
        }
    }

    /** Every file of {@code expected} is in {@code actual} with the same bytes; input_regions.arrow by content. */
    static void assertSameDataset(Path expected, Path actual) throws IOException {
        assertEquals(files(expected), files(actual), "file set");
        for (String f : files(expected)) {
            if (f.equals("input_regions.arrow")) {
                assertEquals(ArrowTableFile.read(expected.resolve(f)), ArrowTableFile.read(actual.resolve(f)), f);
            } else {
                assertArrayEquals(Files.readAllBytes(expected.resolve(f)), Files.readAllBytes(actual.resolve(f)), f);
            }
        }
    }
}
