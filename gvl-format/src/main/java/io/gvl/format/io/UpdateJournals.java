package io.gvl.format.io;

import io.gvl.format.DatasetLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds the install journals of a dataset ({@code update.tmp.<pid>-<hex>.journal}, see
 * {@link DatasetLayout#UPDATE_JOURNAL_SUFFIX}): updates renaming their tracks into place right now, or killed while
 * they did. Readers refuse such a dataset; the next update (or {@code gvl update DIR} with no tracks) rolls those
 * back or finishes them.
 */
public final class UpdateJournals {
    private UpdateJournals() {
    }

    /**
     * The install journals in {@code dataset}.
     *
     * @param dataset a dataset directory
     * @return the journal files, sorted; empty when there are none or the directory cannot be listed
     */
    public static List<Path> in(Path dataset) {
        try (Stream<Path> s = Files.list(dataset)) {
            return s.filter(p -> {
                String n = p.getFileName().toString();
                return n.startsWith("update.tmp.") && n.endsWith(DatasetLayout.UPDATE_JOURNAL_SUFFIX);
            }).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            return List.of();
        }
    }
}
