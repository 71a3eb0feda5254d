package io.gvl.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Import cycles between the packages of every module's main sources, found as the strongly connected components
 * (Tarjan) of the package graph that {@link SourceImports} reads from {@code import} statements. It lives here
 * because gvl-testkit depends on no gvl module and runs first, and it reads the sources, not classes.
 *
 * <p>There is none. Where a public package and its {@code .internal} body would meet, the values both use sit in a
 * package below both (for example {@code io.gvl.dataset.settings} below the read engine and
 * {@code io.gvl.dataset.Dataset}), or a body used only by the facade is a package-private class beside it. A cycle
 * fails the build, naming its packages and the edges between them.
 */
class PackageCyclesTest {

    @Test
    void noImportCycleBetweenPackages() throws IOException {
        List<Path> roots;
        // Tests run in the module directory; the modules are its siblings.
        try (Stream<Path> modules = Files.list(Path.of("..").toRealPath())) {
            roots = modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).sorted().toList();
        }
        Map<String, Set<String>> graph = SourceImports.graph(roots);
        Set<Set<String>> cycles = cycles(graph);
        StringBuilder edges = new StringBuilder();
        for (Set<String> cycle : cycles) {
            for (String from : new TreeSet<>(cycle)) {
                for (String to : new TreeSet<>(graph.get(from))) {
                    if (cycle.contains(to)) {
                        edges.append("\n  ").append(from).append(" -> ").append(to);
                    }
                }
            }
        }
        assertEquals(Set.of(), sorted(cycles), "package cycles (each a strongly connected component); edges:" + edges
                + "\nmove what both packages use below them, or the body used only by a facade beside it");
    }

    @Test
    void findsACycleAndIgnoresAChain() {
        Map<String, Set<String>> g = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a"));
        assertEquals(Set.of(Set.of("a", "b", "c")), cycles(g));
        assertEquals(Set.of(), cycles(Map.of("a", Set.of("b"), "b", Set.of("c"))));
    }

    /** Strongly connected components of more than one package. */
    static Set<Set<String>> cycles(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new java.util.HashSet<>();
        Set<Set<String>> out = new java.util.HashSet<>();
        for (String v : new TreeSet<>(graph.keySet())) {
            if (!index.containsKey(v)) {
                connect(v, graph, index, low, stack, onStack, out);
            }
        }
        return out;
    }

    private static void connect(String v, Map<String, Set<String>> graph, Map<String, Integer> index,
                                Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
                                Set<Set<String>> out) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        onStack.add(v);
        for (String w : graph.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, onStack, out);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                out.add(component);
            }
        }
    }

    private static Set<String> sorted(Set<Set<String>> cycles) {
        return cycles.stream().map(c -> String.join(" <-> ", new TreeSet<>(c)))
                .collect(Collectors.toCollection(TreeSet::new));
    }
}
