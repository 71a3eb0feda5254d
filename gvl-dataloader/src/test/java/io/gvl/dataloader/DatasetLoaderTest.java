package io.gvl.dataloader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.TokenAlphabet;
import io.gvl.dataset.settings.TrackKind;
import io.gvl.dataset.settings.VarWindowOpt;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Loaders over a real dataset view give exactly the bytes of direct queries of the same instances. */
class DatasetLoaderTest {
    @TempDir
    Path tmp;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Mode m : Mode.values()) {
            for (SeqKind k : new SeqKind[] {SeqKind.HAPLOTYPES, SeqKind.ANNOTATED, SeqKind.REFERENCE}) {
                out.add(Arguments.of(m, k, 101L));
            }
        }
        return out.stream();
    }

    private static byte[] bytes(Ragged r) {
        return r.data().toArray(ValueLayout.JAVA_BYTE);
    }

    @ParameterizedTest(name = "mode={0} seqs={1} seed={2}")
    @MethodSource("cases")
    void batchesEqualDirectQueries(Mode mode, SeqKind seqs, long seed) throws Exception {
        SyntheticDataset truth = new SyntheticDataset(seed, 0);
        Path dir = truth.writeDataset(tmp.resolve("ds"));
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(dir, ref)) {
            Dataset view = ds.withSeqs(seqs).withTracks("cov");
            long planned = 0;
            for (int r = 0; r < view.regionCount(); r++) {
                for (int s = 0; s < view.sampleCount(); s++) {
                    planned += view.outputBytes(r, s);
                }
            }
            long actual = 0;
            int batches = 0;
            try (DataLoader loader = DataLoader.builder(view).batchSize(5).shuffle(true).seed(seed).mode(mode)
                    .bufferBytes(1 << 16).build()) {
                for (Batch b : loader) {
                    try (b; DatasetOutput direct = view.get(b.regions(), b.samples())) {
                        assertEquals(direct.arrays().size(), b.arrays().size());
                        for (int i = 0; i < direct.arrays().size(); i++) {
                            NamedArray want = direct.arrays().get(i);
                            assertSameArray(want, b.arrays().get(i));
                            actual += ((Ragged) want.array()).byteSize();
                        }
                    }
                    batches++;
                }
            }
            assertEquals(loader(view), batches);
            // Offsets of a batch carry one extra entry per array; the plan counts rows only.
            assertEquals(planned, actual - (long) batches * (seqs == SeqKind.ANNOTATED ? 4 : 2) * 8,
                    "planned bytes are exact without jitter");
        }
    }

    @ParameterizedTest(name = "mode={0} seed=202")
    @MethodSource("modes")
    void jitteredEpochsReplayExactlyForTheSameSeed(Mode mode) throws Exception {
        SyntheticDataset truth = new SyntheticDataset(202, 3);
        Path dir = truth.writeDataset(tmp.resolve("ds"));
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(dir, ref)) {
            List<List<byte[]>> first = epochs(ds, mode);
            List<List<byte[]>> second = epochs(ds, mode);
            assertEquals(first.size(), second.size());
            for (int e = 0; e < first.size(); e++) {
                assertEquals(first.get(e).size(), second.get(e).size());
                for (int b = 0; b < first.get(e).size(); b++) {
                    assertArrayEquals(first.get(e).get(b), second.get(e).get(b), "epoch " + e + " batch " + b);
                }
            }
            assertFalse(java.util.Arrays.equals(first.get(0).get(0), first.get(1).get(0)), "epochs differ");
        }
    }

    static Stream<Mode> modes() {
        return Stream.of(Mode.values());
    }

    /** Two epochs of a jittered, subset, fixed-length view whose generator is seeded afresh for each run. */
    private static List<List<byte[]>> epochs(Dataset ds, Mode mode) {
        Dataset view = ds.withTracks("cov").subsetTo(new int[] {6, 1, 3, 0}, new int[] {2, 0})
                .withLen(io.gvl.dataset.settings.OutputLength.fixed(30))
                .withSettings(s -> s.withJitter(3).withSeed(9).withDeterministic(false));
        List<List<byte[]>> out = new ArrayList<>();
        try (DataLoader loader = DataLoader.builder(view).batchSize(3).shuffle(true).seed(4).mode(mode)
                .bufferBytes(1 << 16).build()) {
            for (int e = 0; e < 2; e++) {
                List<byte[]> batches = new ArrayList<>();
                for (Batch b : loader) {
                    try (b) {
                        for (NamedArray a : b.arrays()) {
                            batches.add(((io.gvl.core.buffer.Dense) a.array()).data().toArray(ValueLayout.JAVA_BYTE));
                        }
                    }
                }
                out.add(batches);
            }
        }
        return out;
    }

    static Stream<Arguments> variantCases() {
        List<Arguments> out = new ArrayList<>();
        for (Mode m : Mode.values()) {
            for (String kind : new String[] {"variants", "variants+ref+flank", "windows", "windows+alleles"}) {
                out.add(Arguments.of(m, kind, 303L));
            }
        }
        return out.stream();
    }

    private static Dataset variantView(Dataset ds, String kind) {
        TokenAlphabet acgt = TokenAlphabet.of("ACGT", 4);
        return switch (kind) {
            case "variants" -> ds.withoutTracks().withSeqs(SeqKind.VARIANTS);
            case "variants+ref+flank" -> ds.withoutTracks().withSeqs(SeqKind.VARIANTS)
                    .withSettings(s -> s.withVarFields("alt", "start", "ref", "ilen").withFlankLength(3).withTokens(acgt));
            case "windows" -> ds.withoutTracks().withSeqs(SeqKind.VARIANT_WINDOWS, VarWindowOpt.windows(4, acgt));
            case "windows+alleles" -> ds.withoutTracks().withSeqs(SeqKind.VARIANT_WINDOWS,
                    new VarWindowOpt(2, acgt, VarWindowOpt.Part.ALLELE, VarWindowOpt.Part.ALLELE));
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /** Prefetching modes cut chunks of variant outputs by the variant range of each batch (GVL has it since 0.40). */
    @ParameterizedTest(name = "mode={0} {1} seed={2}")
    @MethodSource("variantCases")
    void variantOutputsInEveryModeEqualDirectQueries(Mode mode, String kind, long seed) throws Exception {
        SyntheticDataset truth = new SyntheticDataset(seed, 0);
        Path dir = truth.writeDataset(tmp.resolve("ds"));
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(dir, ref)) {
            Dataset view = variantView(ds, kind);
            int n = 0;
            long variants = 0;
            try (DataLoader loader = DataLoader.builder(view).batchSize(4).shuffle(true).seed(seed).mode(mode)
                    .bufferBytes(1 << 14).build()) {
                for (Batch b : loader) {
                    try (b; DatasetOutput direct = view.get(b.regions(), b.samples())) {
                        assertEquals(direct.arrays().size(), b.arrays().size());
                        for (int i = 0; i < direct.arrays().size(); i++) {
                            assertSameArray(direct.arrays().get(i), b.arrays().get(i));
                        }
                        variants += ((Ragged) direct.arrays().stream().filter(a -> a.name().equals("start"))
                                .findFirst().orElseThrow().array()).totalLength();
                        n += b.size();
                    }
                }
            }
            assertEquals(view.size(), n);
            org.junit.jupiter.api.Assertions.assertTrue(variants > 0, "the cohort has variants to cut");
        }
    }

    static Stream<Arguments> intervalCases() {
        List<Arguments> out = new ArrayList<>();
        for (Mode m : Mode.values()) {
            for (SeqKind k : new SeqKind[] {SeqKind.NONE, SeqKind.REFERENCE, SeqKind.HAPLOTYPES, SeqKind.VARIANTS}) {
                out.add(Arguments.of(m, k, 404L));
            }
        }
        return out.stream();
    }

    /** Interval-form tracks are instance-major ragged arrays, so every mode cuts them like any other output. */
    @ParameterizedTest(name = "mode={0} seqs={1} intervals seed={2}")
    @MethodSource("intervalCases")
    void intervalTracksInEveryModeEqualDirectQueries(Mode mode, SeqKind seqs, long seed) throws Exception {
        SyntheticDataset truth = new SyntheticDataset(seed, 0);
        Path dir = truth.writeDataset(tmp.resolve("ds"));
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(dir, ref)) {
            Dataset view = ds.withSettings(s -> s.withRealignTracks(false)).withSeqs(seqs)
                    .withTracks(List.of("cov"), TrackKind.INTERVALS);
            int n = 0;
            long intervals = 0;
            try (DataLoader loader = DataLoader.builder(view).batchSize(4).shuffle(true).seed(seed).mode(mode)
                    .bufferBytes(1 << 14).build()) {
                for (Batch b : loader) {
                    try (b; DatasetOutput direct = view.get(b.regions(), b.samples())) {
                        assertEquals(direct.arrays().stream().map(NamedArray::name).toList(),
                                b.arrays().stream().map(NamedArray::name).toList());
                        for (int i = 0; i < direct.arrays().size(); i++) {
                            assertSameArray(direct.arrays().get(i), b.arrays().get(i));
                        }
                        intervals += direct.intervals().starts().totalLength();
                        n += b.size();
                    }
                }
            }
            assertEquals(view.size(), n);
            org.junit.jupiter.api.Assertions.assertTrue(intervals > 0, "the track has intervals to cut");
        }
    }

    private static void assertSameArray(NamedArray want, NamedArray got) {
        assertEquals(want.name(), got.name());
        assertArrayEquals(want.array().leadingShape(), got.array().leadingShape(), want.name());
        switch (want.array()) {
            case Ragged w -> {
                Ragged g = (Ragged) got.array();
                assertArrayEquals(w.shape(), g.shape(), want.name());
                assertArrayEquals(w.offsets().toArray(ValueLayout.JAVA_LONG), g.offsets().toArray(ValueLayout.JAVA_LONG),
                        want.name() + " offsets");
                assertArrayEquals(bytes(w), bytes(g), want.name());
            }
            case Dense w -> assertArrayEquals(w.data().toArray(ValueLayout.JAVA_BYTE),
                    ((Dense) got.array()).data().toArray(ValueLayout.JAVA_BYTE), want.name());
        }
    }

    private static int loader(Dataset view) {
        return (int) ((view.size() + 4) / 5);
    }
}
