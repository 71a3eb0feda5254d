package io.gvl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.testkit.Modules;
import io.gvl.testkit.SourceImports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * gvl-format's nevers. The format depends on no gvl module (the descriptor pins it; the compiler then refuses any
 * other gvl reference). Inside, its packages stand on each other in one order, values at the bottom: a value
 * ({@code io.gvl.format}) does no I/O and knows nothing of arrays, files or publishing; arrays know values; the
 * file codecs and the dataset opener ({@code io}) know arrays; publishing, parts, shards, concat and migration
 * ({@code build}) know everything below.
 */
class LayeringTest {
    private static final Path MAIN = Path.of("src/main/java/io/gvl/format");
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?([\\w.]+);", Pattern.MULTILINE);

    @Test
    void requiresOnlyTheGvlModulesBelowIt() {
        assertEquals(Set.of(), Modules.gvlRequires(Modules.descriptorOf(DatasetLayout.class)));
    }

    @Test
    void valuesDoNoIo() throws IOException {
        List<String> found = new ArrayList<>();
        try (var files = Files.list(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                Matcher m = IMPORT.matcher(Files.readString(f));
                while (m.find()) {
                    String imported = m.group(1);
                    boolean allowed = imported.startsWith("java.util.") || imported.equals("java.nio.file.Path")
                            || imported.startsWith("it.unimi.dsi.fastutil.");
                    if (!allowed) {
                        found.add(f.getFileName() + ": " + imported);
                    }
                }
            }
        }
        assertEquals(List.of(), found, "a value in io.gvl.format imports I/O or a higher format package; put the"
                + " reading or writing in io.gvl.format.io");
    }

    @Test
    void packagesStandInOneOrder() {
        // Each package may import only the packages listed before it (internal helpers sit at their user's floor).
        List<String> order = List.of("io.gvl.format", "io.gvl.format.internal", "io.gvl.format.array",
                "io.gvl.format.internal.runs", "io.gvl.format.io", "io.gvl.format.internal.concat",
                "io.gvl.format.build");
        Map<String, Set<String>> graph = SourceImports.graph(List.of(Path.of("src/main/java")));
        assertEquals(Set.copyOf(order), graph.keySet(), "the packages of gvl-format");
        List<String> upward = new ArrayList<>();
        graph.forEach((from, tos) -> tos.stream()
                .filter(to -> order.indexOf(to) > order.indexOf(from))
                .forEach(to -> upward.add(from + " -> " + to)));
        assertEquals(List.of(), upward, "an import from a lower format package to a higher one");
    }
}
