package io.gvl.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The package-level import graph of Java sources: for each {@code package} declared under a source root, the
 * {@code io.gvl} packages its files use: those they import (static imports included; a nested type's owner counts)
 * and those they name fully qualified in code ({@code io.gvl.format.io.MetadataFile.read(...)}). Comments and string
 * literals do not count, so a javadoc link to a higher package is not a dependency. Layering and package-cycle tests
 * read it.
 */
public final class SourceImports {
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern IMPORT =
            Pattern.compile("^import (?:static )?(io\\.gvl(?:\\.[a-z]\\w*)*)\\.[A-Z][\\w.*]*;", Pattern.MULTILINE);

    private static final Pattern QUALIFIED = Pattern.compile("\\b(io\\.gvl(?:\\.[a-z]\\w*)*)\\.[A-Z]");
    private static final Pattern COMMENT_OR_STRING =
            Pattern.compile("/\\*.*?\\*/|//[^\\n]*|\"(?:\\\\.|[^\"\\\\])*\"", Pattern.DOTALL);

    private SourceImports() {}

    /** Package to the gvl packages it imports, for every {@code .java} file under the given roots. */
    public static Map<String, Set<String>> graph(List<Path> sourceRoots) {
        Map<String, Set<String>> edges = new TreeMap<>();
        for (Path root : sourceRoots) {
            for (Path file : javaFiles(root)) {
                String text = read(file);
                Matcher pm = PACKAGE.matcher(text);
                if (!pm.find()) {
                    continue;
                }
                Set<String> to = edges.computeIfAbsent(pm.group(1), k -> new TreeSet<>());
                Matcher im = IMPORT.matcher(text);
                while (im.find()) {
                    if (!im.group(1).equals(pm.group(1))) {
                        to.add(im.group(1));
                    }
                }
                String code = IMPORT.matcher(COMMENT_OR_STRING.matcher(text).replaceAll(" ")).replaceAll("");
                Matcher qm = QUALIFIED.matcher(code.substring(code.indexOf(';') + 1));
                while (qm.find()) {
                    if (!qm.group(1).equals(pm.group(1))) {
                        to.add(qm.group(1));
                    }
                }
            }
        }
        return edges;
    }

    /**
     * Every import under {@code sourceRoot} of a package that starts with one of {@code forbidden}, as
     * {@code file: import line}, sorted; empty when the layering holds.
     */
    public static List<String> importsOf(Path sourceRoot, String... forbidden) {
        List<String> found = new ArrayList<>();
        for (Path file : javaFiles(sourceRoot)) {
            Matcher im = IMPORT.matcher(read(file));
            while (im.find()) {
                for (String prefix : forbidden) {
                    if (im.group(1).equals(prefix) || im.group(1).startsWith(prefix + ".")) {
                        found.add(sourceRoot.relativize(file) + ": " + im.group());
                    }
                }
            }
        }
        return found;
    }

    /** Every {@code .java} file under {@code root}, sorted. */
    public static List<Path> javaFiles(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root, e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
