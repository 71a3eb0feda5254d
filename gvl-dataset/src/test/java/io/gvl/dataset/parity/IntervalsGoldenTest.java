package io.gvl.dataset.parity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.Region;
import io.gvl.dataset.export.ExportException;
import io.gvl.dataset.export.Hdf5Export;
import io.gvl.dataset.export.Hdf5ExportOptions;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.output.RaggedIntervals;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.TrackKind;
import io.gvl.dataset.variants.Variants;
import io.gvl.format.array.NpyArray;
import io.gvl.format.array.Npz;
import io.gvl.testing.TestFiles;
import io.gvl.write.Gvl;
import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Goldens made by GenVarLoader 0.43.1 ({@code tools/goldens/gvl043/gen_intervals.py}) for interval-form tracks: gvl
 * writes the same synthetic dataset (per-sample bigWig track {@code bw}, annotation bigWig {@code annot}) and must
 * return GVL's {@code RaggedIntervals} byte for byte, with the sequences next to them still jittered and
 * reverse-complemented by the same generator draws.
 */
class IntervalsGoldenTest {
    static final Path SYN = Path.of(System.getProperty("gvl.shared.data")).resolve("gvl-fixtures/synthetic");
    static final List<String> BOTH = List.of("bw", "annot");
    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;

    @TempDir
    static Path tmp;
    static JsonNode meta;
    static Map<String, NpyArray> goldens;
    static Dataset ds;
    static int[] pairRegions;
    static int[] pairSamples;

    @BeforeAll
    static void writeOurs() throws IOException, URISyntaxException {
        Path res = TestFiles.gvl043("intervals");
        meta = new ObjectMapper().readTree(res.resolve("goldens.json").toFile());
        goldens = Npz.read(res.resolve("goldens.npz"));
        pairRegions = ints(meta.get("pairs_regions"));
        pairSamples = ints(meta.get("pairs_samples"));
        Map<String, Path> bws = Map.of("s0", SYN.resolve("bw_seed42/s0.bw"), "s1", SYN.resolve("bw_seed42/s1.bw"),
                "s2", SYN.resolve("bw_seed42/s2.bw"));
        Path out = tmp.resolve("syn.gvl");
        Gvl.write(out, WriteOptions.builder(SYN.resolve("regions.bed")).variants(SYN.resolve("filtered.vcf.gz"))
                .track(new BigWigs("bw", bws)).annotation(new AnnotationTrack("annot", SYN.resolve("bw_5ss/s0.bw")))
                .maxJitter(4).build());
        ds = Dataset.open(out, SYN.resolve("ref.fa.bgz"));
    }

    @AfterAll
    static void close() {
        if (ds != null) {
            ds.close();
        }
    }

    @Test
    void everyInstanceMatchesGvl() {
        Dataset view = ds.withSeqs(SeqKind.NONE).withTracks(BOTH, TrackKind.INTERVALS);
        assertEquals(TrackKind.INTERVALS, view.trackKind());
        try (DatasetOutput out = view.getAll()) {
            assertEquals(List.of(DatasetOutput.INTERVAL_STARTS, DatasetOutput.INTERVAL_ENDS,
                    DatasetOutput.INTERVAL_VALUES), out.arrays().stream().map(a -> a.name()).toList());
            assertIntervals("grid", out.intervals());
        }
    }

    @Test
    void trackOrderIsTheTrackAxisOrder() {
        Dataset view = ds.withSeqs(SeqKind.NONE).withTracks(List.of("annot", "bw"), TrackKind.INTERVALS);
        try (DatasetOutput out = view.get(pairRegions, pairSamples)) {
            assertIntervals("annot_first", out.intervals());
        }
    }

    @Test
    void jitterAndMinusStrandsMoveTheReferenceButNotTheIntervals() {
        Dataset view = ds.withSeqs(SeqKind.REFERENCE).withTracks(BOTH, TrackKind.INTERVALS)
                .withSettings(s -> s.withJitter(4).withSeed(7).withRcNeg(true));
        for (String call : List.of("ref_first", "ref_second")) {
            try (DatasetOutput out = view.get(pairRegions, pairSamples)) {
                assertEquals(DatasetOutput.REFERENCE, out.arrays().get(0).name(), "sequences come first");
                Ragged seq = (Ragged) out.sequences();
                assertArrayEquals(goldens.get(call + "_seq").toByteArray(), seq.data().toArray(ValueLayout.JAVA_BYTE),
                        call + " reference bytes");
                assertArrayEquals(goldens.get(call + "_seq_offsets").toLongArray(),
                        seq.offsets().toArray(ValueLayout.JAVA_LONG), call + " reference offsets");
                assertIntervals(call, out.intervals());
            }
        }
        assertNotEquals(java.util.Arrays.toString(goldens.get("ref_first_seq").toByteArray()),
                java.util.Arrays.toString(goldens.get("ref_second_seq").toByteArray()),
                "the two calls draw different jitter");
    }

    @Test
    void fixedLengthRandomHaplotypesLeaveIntervalsRagged() {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES)
                .withSettings(s -> s.withRealignTracks(false).withJitter(3).withSeed(11).withDeterministic(false)
                        .withRcNeg(true))
                .withTracks(List.of("bw"), TrackKind.INTERVALS).withLen(OutputLength.fixed(16));
        try (DatasetOutput out = view.get(pairRegions, pairSamples)) {
            Dense haps = (Dense) out.sequences();
            NpyArray golden = goldens.get("haps_seq");
            assertArrayEquals(golden.shape(), haps.shape());
            assertArrayEquals(golden.toByteArray(), haps.data().toArray(ValueLayout.JAVA_BYTE));
            assertIntervals("haps", out.intervals());
        }
    }

    @Test
    void oneInstanceSqueezesTheLeadingAxis() {
        Dataset view = ds.withSeqs(SeqKind.NONE).withTracks(BOTH, TrackKind.INTERVALS);
        try (DatasetOutput out = view.get(3, 1)) {
            assertIntervals("one", out.intervals());
        }
    }

    @Test
    void variantOutputsCarryTheSameIntervals() {
        Dataset view = ds.withSeqs(SeqKind.VARIANTS).withSettings(s -> s.withRealignTracks(false))
                .withTracks(BOTH, TrackKind.INTERVALS);
        try (DatasetOutput out = view.get(pairRegions, pairSamples)) {
            assertTrue(out.find(DatasetOutput.START).isPresent());
            assertIntervals("ref_first", out.intervals());
            List<String> fields = Variants.of(out).scalarFields();
            assertTrue(fields.contains(DatasetOutput.START) && !fields.contains(DatasetOutput.INTERVAL_STARTS)
                    && !fields.contains(DatasetOutput.INTERVAL_VALUES), fields.toString());
            assertThrows(IllegalArgumentException.class, () -> Variants.of(out).field(DatasetOutput.INTERVAL_ENDS));
        }
    }

    @Test
    void realignedHaplotypesRejectIntervalsAsGvlDoes() {
        assertTrue(meta.get("realign_error").asText().contains("cannot be re-aligned to haplotype coordinates"));
        for (SeqKind kind : List.of(SeqKind.HAPLOTYPES, SeqKind.ANNOTATED, SeqKind.VARIANTS)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ds.withSeqs(kind).withTracks(BOTH, TrackKind.INTERVALS), kind.toString());
            assertTrue(e.getMessage().contains("withRealignTracks(false)"), e.getMessage());
        }
        Dataset itv = ds.withSeqs(SeqKind.REFERENCE).withTracks(BOTH, TrackKind.INTERVALS);
        assertThrows(IllegalArgumentException.class, () -> itv.withSeqs(SeqKind.HAPLOTYPES),
                "switching to haplotypes is checked too");
        assertEquals(TrackKind.INTERVALS, itv.withTracks("annot").trackKind(), "withTracks keeps the kind");
        assertEquals(TrackKind.TRACKS, itv.withTrackKind(TrackKind.TRACKS).withSeqs(SeqKind.HAPLOTYPES).trackKind());
    }

    static Stream<Long> seeds() {
        return Stream.of(1L, 2L, 3L, 4L);
    }

    /** Painting the returned intervals over each region gives the per-base tracks of the same instances. */
    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void intervalsPaintThePerBaseTracks(long seed) {
        Random rnd = new Random(seed);
        int n = 1 + rnd.nextInt(12);
        int[] r = rnd.ints(n, 0, ds.regionCount()).toArray();
        int[] s = rnd.ints(n, 0, ds.sampleCount()).toArray();
        List<String> order = rnd.nextBoolean() ? BOTH : List.of("annot", "bw");
        Dataset base = ds.withSeqs(SeqKind.NONE).withSettings(x -> x.withRcNeg(false));
        List<Region> regions = base.regions();
        try (DatasetOutput itvOut = base.withTracks(order, TrackKind.INTERVALS).get(r, s);
             DatasetOutput perBase = base.withTracks(order, TrackKind.TRACKS).get(r, s)) {
            RaggedIntervals itv = itvOut.intervals();
            Ragged tracks = (Ragged) perBase.tracks();
            assertArrayEquals(ds.withTracks(order).nIntervals(r, s), IntStream.range(0, n * order.size())
                    .map(row -> (int) itv.starts().length(row)).toArray(), "row lengths are n_intervals");
            for (int b = 0; b < n; b++) {
                Region reg = regions.get(r[b]);
                for (int t = 0; t < order.size(); t++) {
                    int row = b * order.size() + t;
                    float[] painted = new float[reg.length()];
                    for (long i = itv.starts().offset(row); i < itv.starts().offset(row + 1); i++) {
                        int from = Math.max(reg.start(), itv.starts().data().getAtIndex(INT, i));
                        int to = Math.min(reg.end(), itv.ends().data().getAtIndex(INT, i));
                        float v = itv.values().data().getAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i);
                        for (int x = from; x < to; x++) {
                            painted[x - reg.start()] = v;
                        }
                    }
                    assertArrayEquals(painted, tracks.row(row).toArray(ValueLayout.JAVA_FLOAT),
                            "seed " + seed + " instance (" + r[b] + ", " + s[b] + ") track " + order.get(t));
                }
            }
        }
    }

    @Test
    void hdf5ExportRejectsIntervalsWithTheFix() {
        Dataset view = ds.withSeqs(SeqKind.REFERENCE).withTracks(BOTH, TrackKind.INTERVALS);
        ExportException e = assertThrows(ExportException.class,
                () -> Hdf5Export.export(view, tmp.resolve("itv.h5"), Hdf5ExportOptions.builder(16).build()));
        assertTrue(e.getMessage().contains("interval form") && e.getMessage().contains("TrackKind.TRACKS"),
                e.getMessage());
    }

    @Test
    void outputBytesCountIntervalsAndTheirOffsets() {
        Dataset view = ds.withSeqs(SeqKind.NONE).withTracks(BOTH, TrackKind.INTERVALS);
        for (int r = 0; r < view.regionCount(); r++) {
            for (int s = 0; s < view.sampleCount(); s++) {
                try (DatasetOutput out = view.get(new int[] {r}, new int[] {s})) {
                    long bytes = 0;
                    for (var a : out.arrays()) {
                        bytes += a.array().byteSize() - 8;
                    }
                    assertEquals(bytes, view.outputBytes(r, s), "instance (" + r + ", " + s + ")");
                }
            }
        }
    }

    @Test
    void splicedViewsRejectIntervals() {
        try (Dataset dummy = Dataset.dummy(false)) {
            Dataset tracksOnly = dummy.withSeqs(SeqKind.NONE);
            Dataset spliced = tracksOnly.spliceInfo("gene", "exon");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> spliced.withTrackKind(TrackKind.INTERVALS));
            assertTrue(e.getMessage().contains("withoutSplicing()"), e.getMessage());
            Dataset intervals = tracksOnly.withTrackKind(TrackKind.INTERVALS);
            assertThrows(IllegalArgumentException.class, () -> intervals.spliceInfo("gene", "exon"));
        }
    }

    private static void assertIntervals(String key, RaggedIntervals itv) {
        long[] shape = StreamSupport.stream(meta.get("shapes").get(key).spliterator(), false)
                .mapToLong(JsonNode::asLong).toArray();
        long[] leading = java.util.Arrays.copyOf(shape, shape.length - 1);
        for (Ragged r : List.of(itv.starts(), itv.ends(), itv.values())) {
            assertArrayEquals(leading, r.shape(), key + " shape");
            assertArrayEquals(goldens.get(key + "_offsets").toLongArray(), r.offsets().toArray(ValueLayout.JAVA_LONG),
                    key + " offsets");
        }
        assertArrayEquals(raw(key + "_starts"), itv.starts().data().toArray(ValueLayout.JAVA_BYTE),
                key + " starts");
        assertArrayEquals(raw(key + "_ends"), itv.ends().data().toArray(ValueLayout.JAVA_BYTE),
                key + " ends");
        assertArrayEquals(raw(key + "_values"), itv.values().data().toArray(ValueLayout.JAVA_BYTE),
                key + " values");
    }

    /** The golden's little-endian bytes, whatever its dtype. */
    private static byte[] raw(String key) {
        return goldens.get(key).data().toArray(ValueLayout.JAVA_BYTE);
    }

    private static int[] ints(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).mapToInt(JsonNode::asInt).toArray();
    }
}
