package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.dataset.settings.TokenAlphabet;
import io.gvl.dataset.settings.VarWindowOpt;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Spliced views against unspliced ones on seeded synthetic datasets: every spliced row is the concatenation of its
 * elements' unspliced rows (each already reverse-complemented on the minus strand) for reference, haplotypes,
 * annotations and tracks; the query arena holds exactly the outputs; indexing, sizing and errors.
 */
class SplicedDatasetTest {
    @TempDir
    Path tmp;
    private Reference reference;

    @AfterEach
    void closeReference() {
        if (reference != null) {
            reference.close();
        }
    }

    private Dataset open(SyntheticDataset truth) throws Exception {
        Path dir = truth.writeDataset(tmp.resolve("ds-" + truth.seed));
        reference = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
        return Dataset.open(dir, reference);
    }

    /** Random transcripts over a random subset of input rows, elements in random order. */
    private static SpliceMap randomMap(int regions, SplittableRandom rng) {
        List<Integer> rows = new ArrayList<>(IntStream.range(0, regions).boxed().toList());
        for (int k = rows.size() - 1; k > 0; k--) {
            int j = rng.nextInt(k + 1);
            rows.set(k, rows.set(j, rows.get(k)));
        }
        SequencedMap<String, int[]> groups = new LinkedHashMap<>();
        int at = 0;
        int t = 0;
        while (at < rows.size() - 1) {
            int k = 1 + rng.nextInt(3);
            int[] members = rows.subList(at, Math.min(rows.size(), at + k)).stream().mapToInt(Integer::intValue).toArray();
            groups.put("tx" + t++, members);
            at += k;
        }
        return SpliceMap.of(groups);
    }

    static List<Function<Dataset, Dataset>> kinds() {
        return List.of(d -> d.withSeqs(SeqKind.REFERENCE).withoutTracks(),
                d -> d.withSeqs(SeqKind.HAPLOTYPES).withoutTracks(),
                d -> d.withSeqs(SeqKind.ANNOTATED).withoutTracks(),
                d -> d.withSeqs(SeqKind.NONE).withTracks("cov"));
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {11, 12, 13, 14})
    void splicedRowsAreConcatenatedElementRows(long seed) throws Exception {
        SyntheticDataset truth = new SyntheticDataset(seed, 0);
        try (Dataset ds = open(truth)) {
            SpliceMap map = randomMap(ds.regionCount(), new SplittableRandom(seed));
            for (Function<Dataset, Dataset> kind : kinds()) {
                Dataset plain = kind.apply(ds);
                Dataset spliced = plain.spliceInfo(map);
                assertEquals(map.size(), spliced.regionCount());
                int s = spliced.sampleCount();
                try (DatasetOutput whole = plain.getAll(); DatasetOutput out = spliced.getAll()) {
                    assertArrayEquals(new long[] {map.size(), s}, out.leadingShape());
                    for (int a = 0; a < out.arrays().size(); a++) {
                        NamedArray got = out.arrays().get(a);
                        Ragged per = (Ragged) whole.arrays().get(a).array();
                        Ragged sp = (Ragged) got.array();
                        int inner = sp.shape().length == 3 ? (int) sp.shape()[2] : 1;
                        for (int t = 0; t < map.size(); t++) {
                            for (int j = 0; j < s; j++) {
                                for (int e = 0; e < inner; e++) {
                                    ByteArrayOutputStream want = new ByteArrayOutputStream();
                                    for (int r : map.rows(t)) {
                                        want.writeBytes(bytes(per, ((long) r * s + j) * inner + e));
                                    }
                                    assertArrayEquals(want.toByteArray(), bytes(sp, ((long) t * s + j) * inner + e),
                                            "seed " + seed + " " + spliced.seqKind() + " " + got.name() + " "
                                                    + map.keys().get(t) + " sample " + j + " inner " + e);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void queryArenaHoldsOnlyTheOutputs() throws Exception {
        try (Dataset ds = open(new SyntheticDataset(21, 0))) {
            SpliceMap map = randomMap(ds.regionCount(), new SplittableRandom(21));
            for (Function<Dataset, Dataset> kind : kinds()) {
                List<CountingArena> arenas = new ArrayList<>();
                Dataset spliced = kind.apply(ds).spliceInfo(map).withArenas(() -> {
                    CountingArena a = new CountingArena();
                    arenas.add(a);
                    return a;
                });
                try (DatasetOutput out = spliced.getAll()) {
                    long data = 0;
                    long offsets = 0;
                    for (NamedArray a : out.arrays()) {
                        Ragged r = (Ragged) a.array();
                        data += r.data().byteSize();
                        offsets = r.offsets().byteSize();
                    }
                    assertTrue(data > 0);
                    // annotated outputs share one offsets buffer; nothing else is allocated in the arena
                    assertEquals(data + offsets, arenas.getFirst().bytes(), spliced.seqKind() + " allocations");
                }
            }
        }
    }

    @Test
    void pairsGridSubsetsAndSizesAgree() throws Exception {
        try (Dataset ds = open(new SyntheticDataset(31, 0))) {
            SpliceMap map = randomMap(ds.regionCount(), new SplittableRandom(31));
            Dataset haps = ds.withSeqs(SeqKind.ANNOTATED).withoutTracks().spliceInfo(map);
            int last = map.size() - 1;
            assertEquals(last, haps.splicedRowIndex(map.keys().get(last)));
            try (DatasetOutput grid = haps.getAll();
                 DatasetOutput pairs = haps.get(new int[] {last, 0}, new int[] {2, 1});
                 DatasetOutput one = haps.get(last, 2)) {
                Ragged g = (Ragged) grid.sequences();
                Ragged p = (Ragged) pairs.sequences();
                Ragged o = (Ragged) one.sequences();
                int s = haps.sampleCount();
                for (int h = 0; h < 2; h++) {
                    assertArrayEquals(g.rowBytes(((long) last * s + 2) * 2 + h), p.rowBytes(h));
                    assertArrayEquals(g.rowBytes(2 + h), p.rowBytes(2 + h));
                    assertArrayEquals(g.rowBytes(((long) last * s + 2) * 2 + h), o.rowBytes(h));
                }
                long bytes = 0;
                for (NamedArray a : one.arrays()) {
                    Ragged r = (Ragged) a.array();
                    bytes += r.data().byteSize() + 8 * r.rows();
                }
                assertEquals(bytes, haps.outputBytes(last, 2));
            }
            Dataset sub = haps.subsetTo(new int[] {last}, new int[] {2});
            assertEquals(List.of(map.keys().get(last)), sub.splicedRowKeys());
            try (DatasetOutput a = sub.getAll(); DatasetOutput b = haps.get(last, 2)) {
                assertArrayEquals(((Ragged) b.sequences()).rowBytes(1), ((Ragged) a.sequences()).rowBytes(1));
            }
            assertEquals(ds.regionCount(), haps.withoutSplicing().regionCount());
            assertThrows(IllegalStateException.class, haps::regions);
        }
    }

    @Test
    void invalidSplicedViewsAreRejectedWithReasons() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(41, 2);
        try (Dataset ds = open(truth)) {
            Dataset haps = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks();
            SpliceMap map = SpliceMap.fromKeys(List.of("a", "a", "b"));
            Dataset spliced = haps.spliceInfo(map);
            assertMessage("jitter", () -> spliced.withSettings(s -> s.withJitter(1)));
            assertMessage("jitter", () -> haps.withSettings(s -> s.withJitter(1)).spliceInfo(map));
            assertMessage("deterministic", () -> spliced.withSettings(s -> s.withDeterministic(false)));
            assertMessage("fixed length", () -> spliced.withLen(OutputLength.fixed(10)));
            assertMessage("VARIANT_WINDOWS", () -> ds.withoutTracks().withSeqs(SeqKind.VARIANT_WINDOWS,
                    new VarWindowOpt(0, TokenAlphabet.of("ACGT", 4), VarWindowOpt.Part.WINDOW,
                            VarWindowOpt.Part.WINDOW)).spliceInfo(map));
            assertMessage("withoutTracks()", () -> ds.withSeqs(SeqKind.HAPLOTYPES).spliceInfo(map));
            assertMessage("input row 99", () -> haps.spliceInfo(SpliceMap.of(new LinkedHashMap<>(
                    java.util.Map.of("x", new int[] {99})))));
            assertMessage("no column 'transcript_id'", () -> haps.spliceInfo("transcript_id"));
            assertMessage("no elements", () -> SpliceMap.of(new LinkedHashMap<>(java.util.Map.of("x", new int[0]))));
            assertMessage("not spliced", haps::splicedRowKeys);
            assertMessage("unknown spliced row", () -> spliced.splicedRowIndex("zz"));
            assertThrows(IndexOutOfBoundsException.class, () -> spliced.get(2, 0));
            try (DatasetOutput out = spliced.withLen(OutputLength.variable()).getAll()) {
                assertEquals(3, out.sequences().leadingShape().length, "(transcripts, samples, ploidy) then padded length");
            }
        }
    }

    @Test
    void spliceMapGroupsByFirstAppearanceAndSortsNumerically() {
        SpliceMap m = SpliceMap.fromKeys(java.util.Arrays.asList("b", "a", null, "b", "b"),
                java.util.Arrays.asList("10", "1", null, "2", "9"));
        assertEquals(List.of("b", "a"), m.keys());
        assertArrayEquals(new int[] {3, 4, 0}, m.rows(0));
        assertArrayEquals(new int[] {1}, m.rows(1));
        assertEquals(1, m.indexOf("a"));
        assertEquals(-1, m.indexOf("zz"));
        SpliceMap text = SpliceMap.fromKeys(List.of("t", "t"), List.of("exon_b", "exon_a"));
        assertArrayEquals(new int[] {1, 0}, text.rows(0));
        assertMessage("no order value", () -> SpliceMap.fromKeys(List.of("t"), java.util.Arrays.asList((Object) null)));
    }

    private static byte[] bytes(Ragged r, long row) {
        return r.row(row).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
    }

    private static void assertMessage(String part, org.junit.jupiter.api.function.Executable body) {
        RuntimeException e = assertThrows(RuntimeException.class, body);
        assertTrue(e.getMessage().contains(part), "expected '" + part + "' in: " + e.getMessage());
    }
}
