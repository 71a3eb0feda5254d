package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.gvl.format.DatasetExistsException;
import io.gvl.format.io.DatasetFiles;
import io.gvl.testing.Stored;
import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.UpdateOptions;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WriteProgress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code update} adds tracks identical to those {@code write} stores, atomically, and refuses clashes. */
class UpdateTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path SYN = DATA.resolve("gvl-fixtures/synthetic");

    @TempDir
    Path tmp;

    private static BigWigs track(String name) {
        Map<String, Path> m = new LinkedHashMap<>();
        for (String s : new String[] {"s2", "s0", "s1"}) {
            m.put(s, SYN.resolve("bw_seed42/" + s + ".bw"));
        }
        return new BigWigs(name, m);
    }

    private WriteOptions.Builder base() {
        return WriteOptions.builder(SYN.resolve("regions.bed")).variants(SYN.resolve("filtered.vcf.gz")).maxJitter(2);
    }

    @Test
    void updateStoresWhatWriteStores() throws IOException {
        Path written = tmp.resolve("w.gvl");
        Gvl.write(written, base().track(track("bw")).build());
        Path updated = tmp.resolve("u.gvl");
        Gvl.write(updated, base().build());
        Files.writeString(tmp.resolve("a.bed"), "chr1\t1010690\t1010700\tx\t2.5\nchr2\t0\t20000\ty\t1\n");
        Gvl.update(updated, UpdateOptions.builder().track(track("bw"))
                .annotation(new AnnotationTrack("ann", tmp.resolve("a.bed"))).build());
        SortedMap<String, byte[]> w = Stored.tree(written);
        SortedMap<String, byte[]> u = Stored.tree(updated);
        for (String f : new String[] {"starts.npy", "ends.npy", "values.npy", "offsets.npy"}) {
            assertArrayEquals(w.get("intervals/bw/" + f), u.get("intervals/bw/" + f), f);
        }
        try (DatasetFiles files = DatasetFiles.open(updated)) {
            files.verify();
            assertEquals(1, files.annotationTracks().size());
        }
        Stored.Track ann = Stored.track(updated, io.gvl.format.TrackScope.ANNOTATION, "ann");
        assertEquals(11, ann.offsets().length);
        int chr1Hit = 0;
        for (int r = 0; r < 10; r++) {
            chr1Hit += ann.starts(r).length;
        }
        assertTrue(chr1Hit >= 3, "regions over the two annotation rows: " + chr1Hit);
        try (Stream<Path> s = Files.list(updated)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().contains(".tmp.")), "staging left behind");
        }
    }

    @Test
    void clashesAndSampleMismatchesAreRefused() {
        Path ds = tmp.resolve("d.gvl");
        Gvl.write(ds, base().track(track("bw")).build());
        assertThrows(DatasetExistsException.class,
                () -> Gvl.update(ds, UpdateOptions.builder().track(track("bw")).build()));
        Gvl.update(ds, UpdateOptions.builder().track(track("bw")).overwrite(true).build());
        WriteException subset = assertThrows(WriteException.class, () -> Gvl.update(ds, UpdateOptions.builder()
                .track(new BigWigs("t2", Map.of("s0", SYN.resolve("bw_seed42/s0.bw")))).build()));
        assertTrue(subset.getMessage().contains("missing=[s1, s2]"), subset.getMessage());
        assertThrows(io.gvl.io.InputFormatException.class,
                () -> Gvl.update(tmp.resolve("nothing"), UpdateOptions.builder().track(track("x")).build()));
    }

    @Test
    void failedUpdateLeavesTheDatasetAsItWas() throws IOException {
        Path ds = tmp.resolve("d.gvl");
        Gvl.write(ds, base().track(track("bw")).build());
        SortedMap<String, byte[]> before = Stored.tree(ds);
        WriteProgress abort = (stage, done, total, bytes) -> {
            throw new IllegalStateException("abort");
        };
        assertThrows(IllegalStateException.class, () -> Gvl.update(ds, UpdateOptions.builder().track(track("bw"))
                .track(track("second")).overwrite(true).progress(abort).build()));
        SortedMap<String, byte[]> after = Stored.tree(ds);
        assertEquals(before.keySet(), after.keySet());
        before.forEach((k, v) -> assertArrayEquals(v, after.get(k), k));
        try (Stream<Path> s = Files.list(ds)) {
            assertEquals(5, s.count(), "only the dataset's own entries remain");
        }
    }
}
