package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Dataset views and queries against a simple oracle on seeded random datasets (seed in the case name). */
class DatasetTest {
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

    private static String str(byte[] b) {
        return new String(b, StandardCharsets.US_ASCII);
    }

    private static float[] floats(Ragged r, long row) {
        return r.row(row).toArray(ValueLayout.JAVA_FLOAT_UNALIGNED);
    }

    private static int[] ints(Ragged r, long row) {
        return r.row(row).toArray(ValueLayout.JAVA_INT_UNALIGNED);
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {1, 2, 3})
    void referenceRowsMatchTheFastaWithReverseComplementOfMinusStrands(long seed) throws Exception {
        SyntheticDataset t = new SyntheticDataset(seed, 0);
        try (Dataset ds = open(t); DatasetOutput out = ds.withSeqs(SeqKind.REFERENCE).withoutTracks().getAll()) {
            Ragged seqs = (Ragged) out.sequences();
            int ns = ds.sampleCount();
            assertArrayEquals(new long[] {ds.regionCount(), ns}, seqs.shape());
            for (int i = 0; i < ds.regionCount(); i++) {
                SyntheticDataset.Region g = t.inputRegion(i);
                String want = t.reference(g.contig(), g.start(), g.end());
                if (g.strand() == -1) {
                    want = SyntheticDataset.reverseComplement(want);
                }
                for (int s = 0; s < ns; s++) {
                    assertEquals(want, str(seqs.rowBytes((long) i * ns + s)), "region " + i + " sample " + s);
                }
            }
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {11, 12, 13, 14})
    void haplotypesAndAnnotationsMatchPlainVariantApplication(long seed) throws Exception {
        SyntheticDataset t = new SyntheticDataset(seed, 0);
        try (Dataset ds = open(t)) {
            assertEquals(SeqKind.HAPLOTYPES, ds.seqKind());
            Dataset annotated = ds.withSeqs(SeqKind.ANNOTATED).withoutTracks();
            try (DatasetOutput out = annotated.getAll()) {
                Ragged haps = (Ragged) out.sequences();
                Ragged varIdx = (Ragged) out.get(DatasetOutput.VAR_IDXS);
                Ragged refCoords = (Ragged) out.get(DatasetOutput.REF_COORDS);
                int ns = ds.sampleCount();
                assertArrayEquals(new long[] {ds.regionCount(), ns, 2}, haps.shape());
                for (int i = 0; i < ds.regionCount(); i++) {
                    SyntheticDataset.Region g = t.inputRegion(i);
                    int r = t.diskRow(i);
                    for (int s = 0; s < ns; s++) {
                        for (int p = 0; p < 2; p++) {
                            long row = ((long) i * ns + s) * 2 + p;
                            String want = t.haplotype(r, s, p, g.start(), g.end());
                            int[][] ann = t.annotations(r, s, p, g.start(), g.end());
                            int[] wantVar = new int[ann.length];
                            int[] wantRef = new int[ann.length];
                            for (int k = 0; k < ann.length; k++) {
                                int kk = g.strand() == -1 ? ann.length - 1 - k : k;
                                wantVar[k] = ann[kk][0];
                                wantRef[k] = ann[kk][1];
                            }
                            if (g.strand() == -1) {
                                want = SyntheticDataset.reverseComplement(want);
                            }
                            String where = "region " + i + " sample " + s + " hap " + p;
                            assertEquals(want, str(haps.rowBytes(row)), where);
                            assertArrayEquals(wantVar, ints(varIdx, row), where);
                            assertArrayEquals(wantRef, ints(refCoords, row), where);
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {21, 22})
    void referenceCoordinateTracksArePaintedIntervals(long seed) throws Exception {
        SyntheticDataset t = new SyntheticDataset(seed, 0);
        try (Dataset ds = open(t);
             DatasetOutput out = ds.withSeqs(SeqKind.NONE).withTracks("cov").get(new int[] {0, 3, 5}, new int[] {2, 0, 1})) {
            assertEquals(1, out.arrays().size());
            Ragged tracks = (Ragged) out.tracks();
            assertArrayEquals(new long[] {3, 1}, tracks.shape());
            int[] regions = {0, 3, 5};
            int[] samples = {2, 0, 1};
            for (int k = 0; k < 3; k++) {
                SyntheticDataset.Region g = t.inputRegion(regions[k]);
                float[] want = t.track(t.diskRow(regions[k]), samples[k], g.start(), g.end());
                if (g.strand() == -1) {
                    reverse(want);
                }
                assertArrayEquals(want, floats(tracks, k), "pair " + k);
            }
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {31, 32})
    void realignedTracksEqualReferenceTracksWhereHaplotypesHaveNoIndels(long seed) throws Exception {
        SyntheticDataset t = new SyntheticDataset(seed, 0);
        try (Dataset ds = open(t);
             DatasetOutput realigned = ds.withSeqs(SeqKind.HAPLOTYPES).withTracks("cov").getAll();
             DatasetOutput plain = ds.withSeqs(SeqKind.NONE).withTracks("cov").getAll()) {
            Ragged haps = (Ragged) realigned.sequences();
            Ragged rt = (Ragged) realigned.tracks();
            Ragged pt = (Ragged) plain.tracks();
            int ns = ds.sampleCount();
            assertArrayEquals(new long[] {ds.regionCount(), ns, 1, 2}, rt.shape());
            int checked = 0;
            for (int i = 0; i < ds.regionCount(); i++) {
                int r = t.diskRow(i);
                for (int s = 0; s < ns; s++) {
                    for (int p = 0; p < 2; p++) {
                        long row = ((long) i * ns + s) * 2 + p;
                        assertEquals(haps.length(row), rt.length(row), "track rows follow haplotype lengths");
                        boolean indelFree = t.slots.get((r * ns + s) * 2 + p).stream()
                                .allMatch(v -> t.variants.get(v).ilen() == 0);
                        if (indelFree) {
                            assertArrayEquals(floats(pt, (long) i * ns + s), floats(rt, row));
                            checked++;
                        }
                    }
                }
            }
            assertTrue(checked > 0, "some haplotypes are indel-free");
        }
    }

    @Test
    void fixedAndVariableLengthsAndShapes() throws Exception {
        SyntheticDataset t = new SyntheticDataset(41, 0);
        try (Dataset ds = open(t)) {
            Dataset haps = ds.withoutTracks();
            try (DatasetOutput ragged = haps.get(new int[] {1, 2}, new int[] {0, 1});
                 DatasetOutput variable = haps.withLen(OutputLength.variable()).get(new int[] {1, 2}, new int[] {0, 1});
                 DatasetOutput fixed = haps.withLen(OutputLength.fixed(30)).get(new int[] {1, 2}, new int[] {0, 1})) {
                Ragged r = (Ragged) ragged.sequences();
                Dense v = (Dense) variable.sequences();
                Dense f = (Dense) fixed.sequences();
                long max = r.maxLength();
                assertArrayEquals(new long[] {2, 2, max}, v.shape());
                assertArrayEquals(new long[] {2, 2, 30}, f.shape());
                for (int row = 0; row < 4; row++) {
                    String full = str(r.rowBytes(row));
                    String padded = str(v.row(row).toArray(ValueLayout.JAVA_BYTE));
                    assertEquals(full + "N".repeat((int) (max - full.length())), padded);
                    String cut = str(f.row(row).toArray(ValueLayout.JAVA_BYTE));
                    SyntheticDataset.Region g = t.inputRegion(row < 2 ? 1 : 2);
                    if (g.strand() == 1 && full.length() >= 30) {
                        assertEquals(full.substring(0, 30), cut, "plus strand: the left part is kept");
                    }
                }
            }
            try (DatasetOutput one = haps.get(3, 1); DatasetOutput grid = haps.getGrid(new int[] {3}, new int[] {1})) {
                assertArrayEquals(new long[] {2}, ((Ragged) one.sequences()).shape());
                assertArrayEquals(new long[0], one.leadingShape());
                assertArrayEquals(((Ragged) grid.sequences()).rowBytes(1), ((Ragged) one.sequences()).rowBytes(1));
            }
        }
    }

    @Test
    void jitterTranslatesEachWindowWithinBoundsAndIsReproducible() throws Exception {
        SyntheticDataset t = new SyntheticDataset(51, 4);
        try (Dataset ds = open(t)) {
            Dataset ref = ds.withSeqs(SeqKind.REFERENCE).withoutTracks().withSettings(s -> s.withJitter(4).withSeed(7));
            Dataset again = ds.withSeqs(SeqKind.REFERENCE).withoutTracks().withSettings(s -> s.withJitter(4).withSeed(7));
            try (DatasetOutput a = ref.getAll(); DatasetOutput b = again.getAll()) {
                Ragged ra = (Ragged) a.sequences();
                Ragged rb = (Ragged) b.sequences();
                int ns = ds.sampleCount();
                boolean moved = false;
                for (int i = 0; i < ds.regionCount(); i++) {
                    SyntheticDataset.Region g = t.inputRegion(i);
                    for (int s = 0; s < ns; s++) {
                        long row = (long) i * ns + s;
                        String got = str(ra.rowBytes(row));
                        assertEquals(got, str(rb.rowBytes(row)), "same seed, same bytes");
                        boolean found = false;
                        for (int off = -4; off <= 4 && !found; off++) {
                            String want = t.reference(g.contig(), g.start() + off, g.end() + off);
                            if (g.strand() == -1) {
                                want = SyntheticDataset.reverseComplement(want);
                            }
                            if (want.equals(got)) {
                                found = true;
                                moved |= off != 0;
                            }
                        }
                        assertTrue(found, "row " + row + " is a window translated by at most 4");
                    }
                }
                assertTrue(moved, "jitter moved some window");
            }
            assertThrows(IllegalArgumentException.class, () -> ds.withSettings(s -> s.withJitter(5)));
        }
    }

    @Test
    void subsetsComposeAndSamplesResolveByName() throws Exception {
        SyntheticDataset t = new SyntheticDataset(61, 0);
        try (Dataset ds = open(t)) {
            Dataset sub = ds.subsetTo(new int[] {5, 2, 7}, new int[] {2, 0}).subsetTo(new int[] {2, 0}, null);
            assertArrayEquals(new int[] {2, 2}, sub.shape());
            assertEquals(List.of("c", "a"), sub.samples());
            assertEquals(1, sub.sampleIndex("a"));
            try (DatasetOutput a = sub.withoutTracks().get(new int[] {0, 1}, new int[] {1, 0});
                 DatasetOutput b = ds.withoutTracks().get(new int[] {7, 5}, new int[] {0, 2})) {
                Ragged ra = (Ragged) a.sequences();
                Ragged rb = (Ragged) b.sequences();
                for (int row = 0; row < 4; row++) {
                    assertArrayEquals(rb.rowBytes(row), ra.rowBytes(row));
                }
            }
            assertThrows(IndexOutOfBoundsException.class, () -> sub.get(2, 0));
            assertThrows(IllegalArgumentException.class, () -> sub.sampleIndex("b"));
            assertArrayEquals(new int[] {8, 3}, sub.toFullDataset().shape());
        }
    }

    @ParameterizedTest(name = "parallel={0}")
    @ValueSource(strings = {"never", "always"})
    void serialAndParallelRunsAreIdentical(String mode) throws Exception {
        SyntheticDataset t = new SyntheticDataset(71, 0);
        try (Dataset ds = open(t)) {
            byte[] serial;
            byte[] other;
            String before = System.getProperty("gvl.parallel");
            try {
                System.setProperty("gvl.parallel", "never");
                try (DatasetOutput o = ds.withTracks("cov").getAll()) {
                    serial = concat(o);
                }
                System.setProperty("gvl.parallel", mode);
                try (DatasetOutput o = ds.withTracks("cov").getAll()) {
                    other = concat(o);
                }
            } finally {
                if (before == null) {
                    System.clearProperty("gvl.parallel");
                } else {
                    System.setProperty("gvl.parallel", before);
                }
            }
            assertArrayEquals(serial, other);
        }
    }

    private static byte[] concat(DatasetOutput o) {
        Ragged h = (Ragged) o.sequences();
        Ragged tr = (Ragged) o.tracks();
        byte[] a = h.data().toArray(ValueLayout.JAVA_BYTE);
        byte[] b = tr.data().toArray(ValueLayout.JAVA_BYTE);
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void closingFreesOutputsAndTheDataset() throws Exception {
        SyntheticDataset t = new SyntheticDataset(81, 0);
        Dataset ds = open(t);
        Dataset view = ds.withoutTracks();
        DatasetOutput out = view.get(0, 0);
        Ragged haps = (Ragged) out.sequences();
        out.close();
        out.close();
        assertFalse(out.isOpen());
        assertThrows(IllegalStateException.class, () -> haps.rowBytes(0));
        assertThrows(IllegalStateException.class, out::sequences);
        view.close();
        ds.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ds.get(0, 0));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> view.withSeqs(SeqKind.REFERENCE));
    }

    @Test
    void raggedOutputsPadLikeGvlsVariableLength() throws Exception {
        SyntheticDataset t = new SyntheticDataset(84, 0);
        try (Dataset ds = open(t); java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofShared()) {
            Dataset annotated = ds.withSeqs(SeqKind.ANNOTATED).withTracks("cov");
            int[] r = {0, 5, 3};
            int[] s = {2, 1, 0};
            try (DatasetOutput ragged = annotated.get(r, s);
                 DatasetOutput variable = annotated.withLen(OutputLength.variable()).get(r, s)) {
                for (String name : List.of(DatasetOutput.HAPLOTYPES, DatasetOutput.VAR_IDXS, DatasetOutput.REF_COORDS,
                        DatasetOutput.TRACKS)) {
                    Dense padded = ragged.toPadded(name, arena);
                    Dense want = (Dense) variable.get(name);
                    assertArrayEquals(want.shape(), padded.shape(), name);
                    assertArrayEquals(want.data().toArray(ValueLayout.JAVA_BYTE),
                            padded.data().toArray(ValueLayout.JAVA_BYTE), name);
                    assertEquals(want, variable.toPadded(name, arena), "already rectangular");
                }
            }
            assertThrows(IllegalArgumentException.class, () -> DatasetOutput.padValue(DatasetOutput.START));
        }
    }

    @Test
    void outputsCanLiveInACallersArena() throws Exception {
        SyntheticDataset t = new SyntheticDataset(83, 0);
        try (Dataset ds = open(t)) {
            Dataset haps = ds.withoutTracks();
            byte[] own;
            try (DatasetOutput o = haps.get(new int[] {1, 2}, new int[] {0, 2})) {
                own = ((Ragged) o.sequences()).data().toArray(ValueLayout.JAVA_BYTE);
            }
            Ragged kept;
            try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofShared()) {
                DatasetOutput a = haps.get(new int[] {1, 2}, new int[] {0, 2}, arena);
                DatasetOutput b = haps.get(new int[] {1, 2}, new int[] {0, 2}, arena);
                assertArrayEquals(own, ((Ragged) a.sequences()).data().toArray(ValueLayout.JAVA_BYTE));
                kept = (Ragged) b.sequences();
                a.close();
                assertFalse(a.isOpen());
                assertThrows(IllegalStateException.class, a::sequences);
                assertArrayEquals(own, kept.data().toArray(ValueLayout.JAVA_BYTE), "closing one output frees nothing");
            }
            assertThrows(IllegalStateException.class, () -> kept.rowBytes(0));
        }
    }

    @Test
    void invalidViewsAreRejectedWithReasons() throws Exception {
        SyntheticDataset t = new SyntheticDataset(91, 2);
        try (Dataset ds = open(t)) {
            assertThrows(IllegalArgumentException.class, () -> ds.withTracks("nope"));
            int tooLong = IntStream.range(0, t.disk.size()).map(r -> t.disk.get(r).end() - t.disk.get(r).start())
                    .min().orElseThrow() + 5;
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ds.withLen(OutputLength.fixed(tooLong)));
            assertTrue(e.getMessage().contains("shortest region"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> OutputLength.fixed(0));
            assertThrows(IllegalArgumentException.class, () -> ds.get(new int[] {0, 1}, new int[] {0}));
            assertThrows(IndexOutOfBoundsException.class, () -> ds.get(0, 3));
            assertThrows(IllegalArgumentException.class, () -> ds.withoutTracks().withSeqs(SeqKind.NONE));
        }
    }

    @Test
    void anSvarDatasetWithoutItsLinkIsRefusedNotReadAsGenotypeFree() throws Exception {
        SyntheticDataset t = new SyntheticDataset(95, 0);
        Path dir = t.writeDataset(tmp.resolve("svar"));
        Path geno = dir.resolve(io.gvl.format.DatasetLayout.GENOTYPES);
        java.nio.file.Files.writeString(geno.resolve(io.gvl.format.DatasetLayout.SVAR_META),
                "{\"shape\": [2, 8, 3, 2], \"dtype\": \"<i8\"}");
        for (String f : new String[] {io.gvl.format.DatasetLayout.OFFSETS, io.gvl.format.DatasetLayout.VARIANT_IDXS}) {
            java.nio.file.Files.deleteIfExists(geno.resolve(f));
        }
        reference = Reference.open(t.writeFasta(tmp), tmp.resolve("cache"));
        io.gvl.format.DatasetFormatException e = assertThrows(io.gvl.format.DatasetFormatException.class,
                () -> Dataset.open(dir, reference));
        assertTrue(e.getMessage().contains(".svar store"), e.getMessage());
    }

    private static void reverse(float[] a) {
        for (int i = 0, j = a.length - 1; i < j; i++, j--) {
            float x = a[i];
            a[i] = a[j];
            a[j] = x;
        }
    }
}
