package io.gvl.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The data paths hold no boxed collections: in the modules whose collections grow with the input (the format, the
 * readers, the kernels, the write pipeline, the read engine, the loaders) a collection of {@code Integer},
 * {@code Long}, {@code Float}, {@code Double}, {@code Short} or {@code Byte} values or keys is a fastutil-core
 * primitive collection instead (docs/architecture.md, "Collections"). The few boxed ones left are listed here with
 * why: tiny and fixed in size, or a public signature that keeps fastutil out of the API.
 */
class BoxedCollectionsTest {
    private static final List<String> DATA_PATH_MODULES = List.of("gvl-format", "gvl-io", "gvl-core", "gvl-write",
            "gvl-dataset", "gvl-dataloader");
    private static final Pattern BOXED = Pattern.compile("\\b(?:List|Set|Collection|Deque|Queue|Map|SortedSet"
            + "|NavigableSet|SequencedMap|SequencedSet|TreeSet|HashSet|LinkedHashSet|ArrayList|LinkedList|ArrayDeque"
            + "|HashMap|TreeMap|LinkedHashMap)<\\s*(?:Integer|Long|Float|Double|Short|Byte)\\b"
            + "|\\bMap<[\\w.<>]+,\\s*(?:Integer|Long|Float|Double|Short|Byte)>");

    /** File (below the module's src/main/java) to the number of boxed collections it may keep, and why. */
    private static final Map<String, Integer> ALLOWED = Map.of(
            // A dummy variant's INFO values: one per requested field, set by the user; public record component.
            "gvl-dataset/io/gvl/dataset/settings/DummyVariant.java", 2,
            // How many times each requested variant field was loaded: one entry per field (a test hook).
            "gvl-dataset/io/gvl/dataset/Dataset.java", 1,
            "gvl-dataset/io/gvl/dataset/internal/VariantStore.java", 2,
            // Public signatures keyed by chromosome (a bigWig's header, tens to thousands of entries).
            "gvl-io/io/gvl/io/bigwig/BigWigReader.java", 2,
            "gvl-io/io/gvl/io/bigwig/BigWigWriter.java", 1);

    @Test
    void dataPathModulesUsePrimitiveCollections() throws IOException {
        Map<String, List<String>> found = new TreeMap<>();
        Path root = Path.of("..").toRealPath();
        for (String module : DATA_PATH_MODULES) {
            Path src = root.resolve(module).resolve("src/main/java");
            for (Path f : SourceImports.javaFiles(src)) {
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher m = BOXED.matcher(lines.get(i));
                    while (m.find()) {
                        found.computeIfAbsent(module + "/" + src.relativize(f), k -> new ArrayList<>())
                                .add((i + 1) + ": " + m.group());
                    }
                }
            }
        }
        Map<String, String> unexpected = new TreeMap<>();
        found.forEach((file, hits) -> {
            if (hits.size() != ALLOWED.getOrDefault(file, 0)) {
                unexpected.put(file, hits.toString());
            }
        });
        ALLOWED.keySet().stream().filter(f -> !found.containsKey(f)).forEach(f -> unexpected.put(f, "[] (allowed "
                + ALLOWED.get(f) + ": take it off the list)"));
        assertEquals(Map.of(), unexpected, "boxed collections on a data path; use fastutil-core's primitive ones");
    }

    @Test
    void thePatternFindsBoxedCollectionsAndLeavesOthers() {
        for (String boxed : List.of("List<Integer> a", "Map<Long, Slot> b", "Map<String, Integer> c",
                "new ArrayList<Long>()", "SequencedMap<Double, x>", "Set<Byte> s")) {
            assertEquals(true, BOXED.matcher(boxed).find(), boxed);
        }
        for (String plain : List.of("List<String> a", "IntArrayList b", "Map<String, IntArrayList> c",
                "Object2IntOpenHashMap<String> d", "List<int[]> e", "Map<String, Long2ObjectMap<X>> f")) {
            assertEquals(false, BOXED.matcher(plain).find(), plain);
        }
    }
}
