package io.gvl.write.internal;

import io.gvl.format.DatasetLayout;
import io.gvl.format.TrackScope;
import io.gvl.format.io.UpdateJournals;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Makes an update's installation of several tracks all-or-nothing across a crash. The tracks are built in a staging
 * directory {@code update.tmp.<pid>-<hex>}; before the first rename into place the update writes this journal,
 * {@code update.tmp.<pid>-<hex>.journal} beside it (one line {@code KIND<TAB>NAME<TAB>ADD|REPLACE} per track: whether
 * a track of that name was there before, so a roll-back needs nothing from the staging directory), then renames each
 * replaced track aside to {@code <name>.old.<pid>-<hex>} and the new one in, and removes the journal last. While a
 * journal exists readers refuse the dataset (DatasetFiles). The next update first {@link #recover recovers} a journal
 * whose process is gone: if every track was installed it only removes what was moved aside, otherwise it puts the old
 * tracks back and removes the new ones, so the dataset is the old one or the complete new one, never a mix.
 */
final class UpdateJournal {
    record Track(TrackScope kind, String name) {
    }

    private record Entry(Track track, boolean replaces) {
    }

    private final Path dataset;
    private final Path staging;
    private final Path file;
    private final List<Entry> entries;

    private UpdateJournal(Path dataset, Path staging, Path file, List<Entry> entries) {
        this.dataset = dataset;
        this.staging = staging;
        this.file = file;
        this.entries = List.copyOf(entries);
    }

    /** Writes the journal of {@code tracks} for {@code staging} (atomically: staged, then renamed beside it). */
    static UpdateJournal begin(Path dataset, Path staging, List<Track> tracks) throws IOException {
        StringBuilder text = new StringBuilder();
        List<Entry> entries = new ArrayList<>();
        for (Track t : tracks) {
            boolean replaces = Files.exists(DatasetLayout.track(dataset, t.kind(), t.name()));
            entries.add(new Entry(t, replaces));
            text.append(t.kind().name()).append('\t').append(t.name()).append('\t')
                    .append(replaces ? "REPLACE" : "ADD").append('\n');
        }
        Path part = staging.resolve("journal");
        Files.writeString(part, text, StandardCharsets.UTF_8);
        Path file = journalOf(staging);
        Files.move(part, file, StandardCopyOption.ATOMIC_MOVE);
        return new UpdateJournal(dataset, staging, file, entries);
    }

    /**
     * Renames every track into place, moving a replaced one aside first; then removes the old ones and the journal.
     * A failure half way rolls back what was renamed before it is thrown.
     */
    void install() throws IOException {
        try {
            for (Entry e : entries) {
                Track t = e.track();
                Path built = DatasetLayout.track(staging, t.kind(), t.name());
                Path target = DatasetLayout.track(dataset, t.kind(), t.name());
                Files.createDirectories(target.getParent());
                if (e.replaces()) {
                    Files.move(target, aside(t), StandardCopyOption.ATOMIC_MOVE);
                }
                Files.move(built, target, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException | RuntimeException failure) {
            try {
                rollBack();
            } catch (IOException | RuntimeException again) {
                failure.addSuppressed(again);
            }
            throw failure;
        }
        finish();
    }

    /**
     * Recovers the updates of {@code dataset} killed while installing (their process is gone).
     *
     * @return how many were recovered
     */
    static int recover(Path dataset) {
        int n = 0;
        for (Path journal : UpdateJournals.in(dataset)) {
            String name = journal.getFileName().toString();
            Path staging = journal.resolveSibling(name.substring(0, name.length()
                    - DatasetLayout.UPDATE_JOURNAL_SUFFIX.length()));
            if (processAlive(staging)) {
                continue;
            }
            try {
                UpdateJournal j = new UpdateJournal(dataset, staging, journal, read(journal));
                if (j.complete()) {
                    j.finish();
                } else {
                    j.rollBack();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(journal + ": cannot recover the interrupted update (" + e.getMessage()
                        + ")", e);
            }
            n++;
        }
        return n;
    }

    /** Every track is in place: the staging directory is there and holds none of them any more. */
    private boolean complete() {
        if (!Files.isDirectory(staging)) {
            return false;
        }
        for (Entry e : entries) {
            Track t = e.track();
            if (Files.exists(DatasetLayout.track(staging, t.kind(), t.name()))
                    || !Files.exists(DatasetLayout.track(dataset, t.kind(), t.name()))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Puts every track back as it was before the update, from the journal alone: an added track is removed; a
     * replaced one is restored when it was moved aside (else it was never touched).
     */
    private void rollBack() throws IOException {
        for (Entry e : entries) {
            Track t = e.track();
            Path target = DatasetLayout.track(dataset, t.kind(), t.name());
            Path old = aside(t);
            if (!e.replaces()) {
                TrackUpdater.deleteTree(target);
            } else if (Files.exists(old)) {
                TrackUpdater.deleteTree(target);
                Files.move(old, target, StandardCopyOption.ATOMIC_MOVE);
            }
        }
        TrackUpdater.deleteTree(staging);
        Files.deleteIfExists(file);
    }

    private void finish() throws IOException {
        for (Entry e : entries) {
            TrackUpdater.deleteTree(aside(e.track()));
        }
        TrackUpdater.deleteTree(staging);
        Files.deleteIfExists(file);
    }

    /** Where a replaced track waits: {@code <name>.old.<pid>-<hex>}, the staging directory's suffix. */
    private Path aside(Track t) {
        String suffix = staging.getFileName().toString().substring("update.tmp.".length());
        return DatasetLayout.track(dataset, t.kind(), t.name()).resolveSibling(t.name() + ".old." + suffix);
    }

    static Path journalOf(Path staging) {
        return staging.resolveSibling(staging.getFileName() + DatasetLayout.UPDATE_JOURNAL_SUFFIX);
    }

    private static List<Entry> read(Path journal) throws IOException {
        List<Entry> out = new ArrayList<>();
        try (Stream<String> lines = Files.lines(journal, StandardCharsets.UTF_8)) {
            for (String line : lines.filter(l -> !l.isEmpty()).toList()) {
                String[] f = line.split("\t", -1);
                if (f.length != 3) {
                    throw new IOException("line '" + line + "' is not KIND<TAB>NAME<TAB>ADD|REPLACE");
                }
                out.add(new Entry(new Track(TrackScope.valueOf(f[0]), f[1]), f[2].equals("REPLACE")));
            }
        }
        return out;
    }

    private static boolean processAlive(Path staging) {
        String rest = staging.getFileName().toString().substring("update.tmp.".length());
        long pid = Long.parseLong(rest.substring(0, rest.indexOf('-')));
        // This JVM's own journal belongs to an update running here right now.
        return pid == ProcessHandle.current().pid()
                || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
