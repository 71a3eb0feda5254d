package io.gvl.format.io;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds the genoray store a linked dataset points at, in GenVarLoader's order: the link's {@code relative_path}
 * against the dataset directory, its {@code absolute_path}, and finally the one store with the
 * right suffix beside the dataset. A dataset and its store are often moved together, which the relative path and
 * the sibling search survive; a store that cannot be found is an error naming every place tried, never a dataset
 * without genotypes.
 */
public final class StoreLinks {
    private StoreLinks() {
    }

    /**
     * The store directory a link resolves to.
     *
     * @param dataset the dataset directory
     * @param relativePath the link's {@code relative_path}
     * @param absolutePath the link's {@code absolute_path}
     * @param suffix the store suffix, {@code .svar} or {@code .svar2}
     * @return an existing store directory
     * @throws DatasetFormatException if no candidate is a directory, or the sibling search is ambiguous
     */
    public static Path resolve(Path dataset, String relativePath, String absolutePath, String suffix) {
        List<String> tried = new ArrayList<>();
        String[] links = {relativePath, absolutePath};
        for (int i = 0; i < links.length; i++) {
            Path p = candidate(dataset, links[i], i == 0);
            if (p != null) {
                tried.add(p.toString());
                if (Files.isDirectory(p)) {
                    return p;
                }
            }
        }
        List<Path> siblings = siblings(dataset.toAbsolutePath().getParent(), suffix);
        if (siblings.size() == 1) {
            return siblings.getFirst();
        }
        String where = siblings.isEmpty() ? "no " + suffix + " directory beside the dataset"
                : siblings.size() + " " + suffix + " directories beside the dataset (" + siblings + "), so none is"
                        + " chosen";
        throw new DatasetFormatException(DatasetLayout.metadata(dataset) + ": the linked " + suffix
                + " store was not found (tried " + String.join(", ", tried) + "; " + where + "); move the store back,"
                + " or beside the dataset");
    }

    private static Path candidate(Path dataset, String path, boolean relative) {
        if (path == null || path.isEmpty()) {
            return null;
        }
        try {
            Path p = Path.of(path);
            return relative ? dataset.resolve(p).normalize() : p;
        } catch (InvalidPathException e) {
            return null;
        }
    }

    private static List<Path> siblings(Path parent, String suffix) {
        if (parent == null || !Files.isDirectory(parent)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(parent)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix) && Files.isDirectory(p)).sorted()
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
