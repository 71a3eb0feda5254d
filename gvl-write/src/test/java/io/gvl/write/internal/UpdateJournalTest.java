package io.gvl.write.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.TrackScope;
import io.gvl.format.io.DatasetFiles;
import io.gvl.testing.DirectoryCopy;
import io.gvl.testing.Stored;
import io.gvl.write.Gvl;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.UpdateOptions;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An update killed while it renames its tracks into place (replacing track {@code a}, adding track {@code b}): in
 * each state a kill can leave (journal written, {@code a} moved aside, {@code a} replaced, both installed), readers
 * refuse the dataset naming the journal, and the next update — here one with no tracks, which only recovers — leaves
 * exactly the old dataset or, when every rename was done, exactly the new one, with nothing temporary behind.
 */
class UpdateJournalTest {
    static final Path SYN = Path.of(System.getProperty("gvl.shared.data")).resolve("gvl-fixtures/synthetic");

    @TempDir
    Path tmp;

    private static BigWigs track(String name, String seed) {
        Map<String, Path> m = new LinkedHashMap<>();
        for (String s : new String[] {"s0", "s1", "s2"}) {
            m.put(s, SYN.resolve("bw_" + seed + "/" + s + ".bw"));
        }
        return new BigWigs(name, m);
    }

    /** 0: journal only; 1: a moved aside; 2: a replaced; 3: a and b installed, the old a still aside. */
    @ParameterizedTest(name = "renames done before the kill: {0}")
    @ValueSource(ints = {0, 1, 2, 3})
    void aKilledInstallRecoversToTheOldOrTheCompleteNewDataset(int renamesDone) throws IOException {
        WriteOptions base = WriteOptions.builder(SYN.resolve("regions.bed")).variants(SYN.resolve("filtered.vcf.gz"))
                .track(track("a", "seed42")).build();
        Path ds = tmp.resolve("d.gvl");
        Gvl.write(ds, base);
        SortedMap<String, byte[]> before = Stored.tree(ds);
        Path done = tmp.resolve("done.gvl");
        DirectoryCopy.copyTree(ds, done);
        Gvl.update(done, UpdateOptions.builder().overwrite(true).track(track("a", "5ss")).track(track("b", "5ss"))
                .build());
        SortedMap<String, byte[]> after = Stored.tree(done);

        long pid = 4_194_000;
        while (ProcessHandle.of(pid).isPresent()) {
            pid--;
        }
        Path staging = ds.resolve("update.tmp." + pid + "-beef");
        for (String t : List.of("a", "b")) {
            DirectoryCopy.copyTree(DatasetLayout.track(done, TrackScope.SAMPLE, t),
                    DatasetLayout.track(staging, TrackScope.SAMPLE, t));
        }
        UpdateJournal.begin(ds, staging, List.of(new UpdateJournal.Track(TrackScope.SAMPLE, "a"),
                new UpdateJournal.Track(TrackScope.SAMPLE, "b")));
        Path a = DatasetLayout.track(ds, TrackScope.SAMPLE, "a");
        if (renamesDone >= 1) {
            Files.move(a, a.resolveSibling("a.old." + pid + "-beef"));
        }
        if (renamesDone >= 2) {
            Files.move(DatasetLayout.track(staging, TrackScope.SAMPLE, "a"), a);
        }
        if (renamesDone >= 3) {
            Files.move(DatasetLayout.track(staging, TrackScope.SAMPLE, "b"), DatasetLayout.track(ds,
                    TrackScope.SAMPLE, "b"), StandardCopyOption.ATOMIC_MOVE);
        }

        DatasetFormatException refused = assertThrows(DatasetFormatException.class, () -> DatasetFiles.open(ds));
        assertTrue(refused.getMessage().contains("update.tmp." + pid + "-beef.journal")
                && refused.getMessage().contains("roll it back"), refused.getMessage());

        Gvl.update(ds, UpdateOptions.builder().build());
        assertSameTree(renamesDone == 3 ? after : before, Stored.tree(ds));
        try (Stream<Path> s = Files.walk(ds)) {
            assertTrue(s.map(p -> p.getFileName().toString()).noneMatch(n -> n.contains(".tmp.")
                    || n.contains(".old.") || n.endsWith(".journal")), "temporaries left in " + ds);
        }
        try (DatasetFiles files = DatasetFiles.open(ds)) {
            assertEquals(renamesDone == 3 ? 2 : 1, files.tracks().size());
        }
    }

    @Test
    void anUpdateWithoutTracksAndNothingToRecoverIsRefused() {
        Path ds = tmp.resolve("d.gvl");
        Gvl.write(ds, WriteOptions.builder(SYN.resolve("regions.bed")).variants(SYN.resolve("filtered.vcf.gz"))
                .build());
        WriteException e = assertThrows(WriteException.class, () -> Gvl.update(ds, UpdateOptions.builder().build()));
        assertTrue(e.getMessage().contains("no interrupted update"), e.getMessage());
    }

    private static void assertSameTree(SortedMap<String, byte[]> want, SortedMap<String, byte[]> got) {
        assertEquals(want.keySet(), got.keySet());
        for (String k : want.keySet()) {
            assertArrayEquals(want.get(k), got.get(k), k);
        }
    }
}
