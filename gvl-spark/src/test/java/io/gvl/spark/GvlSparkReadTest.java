package io.gvl.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.Region;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.variants.Variants;
import io.gvl.format.io.DatasetFiles;
import io.gvl.spark.errors.GvlOptionException;
import io.gvl.spark.internal.GvlScan;
import io.gvl.spark.internal.ReadCounters;
import io.gvl.spark.internal.RegionBlock;
import io.gvl.write.Gvl;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@code spark.read.format("gvl")} over a dataset written from real data (vg-z-synth16: real GRCh37 sequence and
 * 1000 Genomes sites, 16 phased samples, 24 regions) with two seeded bigWig tracks. Every Spark row is compared
 * byte for byte with {@link Dataset#get} of the same (region, sample) at the same haplotype; pushed filters must
 * plan only the region blocks, samples and haplotypes they allow; pruned columns must not run their kernels. One
 * shared {@code local[2]} session for the module ({@link SharedSpark}; its start-up is most of the run time).
 */
class GvlSparkReadTest {
    static final long SEED = 20261203L;
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path Z = DATA.resolve("real-derived/vg-z-synth16");
    static final Path FASTA = DATA.resolve("real/vg-1mb1kgp/z.fa");
    static final List<String> TRACKS = List.of("cov", "sig");
    static final int PER_PARTITION = 4;

    @TempDir
    static Path tmp;
    static Path dataset;
    static SparkSession spark;

    @BeforeAll
    static void setUp() throws IOException {
        dataset = tmp.resolve("z.gvl");
        List<String> samples = new ArrayList<>();
        for (int s = 0; s < 16; s++) {
            samples.add(String.format("S%02d", s));
        }
        WriteOptions.Builder w = WriteOptions.builder(Z.resolve("regions.bed"))
                .variants(Z.resolve("z_synth16.norm.vcf.gz"));
        for (int t = 0; t < TRACKS.size(); t++) {
            Map<String, Path> files = new LinkedHashMap<>();
            for (int s = 0; s < samples.size(); s++) {
                files.put(samples.get(s), SeededBigWig.write(tmp.resolve(TRACKS.get(t) + "-" + s + ".bw"), Z.resolve("regions.bed"),
                        new SplittableRandom(SEED * 31 + t * 97L + s)));
            }
            w.track(new BigWigs(TRACKS.get(t), files));
        }
        Gvl.write(dataset, w.build());
        spark = SharedSpark.session();
    }

    private static Map<String, String> options(String... extra) {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("path", dataset.toString());
        o.put("reference", FASTA.toString());
        o.put("regionsPerPartition", Integer.toString(PER_PARTITION));
        o.put("regionsPerBatch", "3");
        for (int i = 0; i < extra.length; i += 2) {
            o.put(extra[i], extra[i + 1]);
        }
        return o;
    }

    private static org.apache.spark.sql.Dataset<Row> read(String... extra) {
        return spark.read().format("gvl").options(options(extra)).load();
    }

    @Test
    void everyRowEqualsDatasetGetAtItsHaplotype_seed20261203() {
        List<Row> rows = read().collectAsList();
        try (Dataset ds = Dataset.open(dataset, FASTA)) {
            Dataset haps = ds.withSeqs(SeqKind.HAPLOTYPES).withTracks(TRACKS);
            int regions = ds.regionCount();
            int samples = ds.sampleCount();
            int ploidy = ds.ploidy().orElseThrow();
            assertEquals(regions * samples * ploidy, rows.size());
            Set<List<Integer>> seen = new HashSet<>();
            for (Row row : rows) {
                int r = row.getAs("region");
                int s = ds.sampleIndex(row.getAs("sample"));
                int h = row.getAs("haplotype");
                assertTrue(seen.add(List.of(r, s, h)), "row (" + r + ", " + s + ", " + h + ") came twice");
                Region region = ds.regions().get(r);
                assertEquals(region.chrom(), row.getAs("chrom"));
                assertEquals(region.start(), (int) row.getAs("start"));
                assertEquals(region.end(), (int) row.getAs("end"));
                String at = "region " + r + " sample " + s + " haplotype " + h;
                try (DatasetOutput out = haps.get(new int[] {r}, new int[] {s})) {
                    Ragged seqs = (Ragged) out.sequences();
                    assertArrayEquals(seqs.rowBytes((long) h), (byte[]) row.getAs("sequence"), at);
                    Ragged tracks = (Ragged) out.tracks();
                    assertEquals(3, tracks.shape().length, "haplotype tracks are (pairs, tracks, ploidy)");
                    for (int t = 0; t < TRACKS.size(); t++) {
                        float[] want = tracks.row((long) t * ploidy + h).toArray(ValueLayout.JAVA_FLOAT_UNALIGNED);
                        assertArrayEquals(bits(want), bits(floats(row.getList(row.fieldIndex("track_" + TRACKS.get(t))))),
                                at + " track " + TRACKS.get(t));
                    }
                }
                assertEquals(ds.nVariants(new int[] {r}, new int[] {s})[h], (int) row.getAs("n_variants"), at);
            }
        }
    }

    /** Variant indices point at the same variants, in order, that a {@code VARIANTS} view returns for the row. */
    @Test
    void variantIndicesNameTheVariantsOfEachHaplotype() {
        List<Row> rows = read().select("region", "sample", "haplotype", "n_variants", "variant_idxs")
                .collectAsList();
        long checked = 0;
        try (Dataset ds = Dataset.open(dataset, FASTA); DatasetFiles files = DatasetFiles.open(dataset)) {
            Dataset variants = ds.withSeqs(SeqKind.VARIANTS);
            long[] pos = files.variants().pos();
            long shift = files.metadata().oneBasedPositions() ? 1 : 0;
            int ploidy = ds.ploidy().orElseThrow();
            for (Row row : rows) {
                int r = row.getAs("region");
                int s = ds.sampleIndex(row.getAs("sample"));
                int h = row.getAs("haplotype");
                List<Integer> idxs = row.getList(row.fieldIndex("variant_idxs"));
                assertEquals((int) row.getAs("n_variants"), idxs.size());
                try (DatasetOutput out = variants.get(new int[] {r}, new int[] {s})) {
                    Ragged starts = Variants.of(out).field(DatasetOutput.START);
                    assertEquals(ploidy, starts.rows());
                    long[] want = Arrays.stream(starts.row(h).toArray(ValueLayout.JAVA_INT_UNALIGNED))
                            .asLongStream().toArray();
                    long[] got = idxs.stream().mapToLong(i -> pos[i] - shift).toArray();
                    assertArrayEquals(want, got, "region " + r + " sample " + s + " haplotype " + h);
                }
                checked += idxs.size();
            }
        }
        assertTrue(checked > 1000, "the dataset carries variants: " + checked);
    }

    @Test
    void regionSampleAndHaplotypeFiltersPlanOnlyTheirPartitions() {
        String where = "region BETWEEN 5 AND 9 AND sample IN ('S03', 'S11') AND haplotype = 1";
        org.apache.spark.sql.Dataset<Row> df = read().where(where);
        List<RegionBlock> planned = planned(df);
        assertEquals(2, planned.size(), "regions 5..9 lie in the blocks [4, 8) and [8, 12)");
        assertArrayEquals(new int[] {5, 6, 7}, planned.get(0).regions());
        assertArrayEquals(new int[] {8, 9}, planned.get(1).regions());
        for (RegionBlock b : planned) {
            assertArrayEquals(new int[] {3, 11}, b.samples());
            assertArrayEquals(new int[] {1}, b.haplotypes());
        }
        Map<List<Object>, byte[]> all = new LinkedHashMap<>();
        for (Row row : read().collectAsList()) {
            all.put(List.of(row.getAs("region"), row.getAs("sample"), row.getAs("haplotype")), row.getAs("sequence"));
        }
        List<Row> rows = df.collectAsList();
        Set<List<Object>> got = new HashSet<>();
        for (Row row : rows) {
            List<Object> key = List.of(row.getAs("region"), row.getAs("sample"), row.getAs("haplotype"));
            got.add(key);
            assertArrayEquals(all.get(key), (byte[]) row.getAs("sequence"), key.toString());
        }
        Set<List<Object>> want = new HashSet<>();
        for (int r = 5; r <= 9; r++) {
            for (String s : List.of("S03", "S11")) {
                want.add(List.of(r, s, 1));
            }
        }
        assertEquals(want, got);
        assertEquals(want.size(), rows.size());
    }

    @Test
    void filtersThatMatchNothingPlanNoPartition() {
        assertEquals(0, planned(read().where("sample = 'NOPE'")).size());
        assertEquals(0, planned(read().where("haplotype = 2")).size());
        assertEquals(0, read().where("region > 100").count());
        List<RegionBlock> tail = planned(read().where("region >= 22"));
        assertEquals(1, tail.size());
        assertArrayEquals(new int[] {22, 23}, tail.get(0).regions());
        assertEquals(2 * 16 * 2, read().where("region >= 22").count());
    }

    @Test
    void unrequestedColumnsRunNoKernels() {
        long seqs = ReadCounters.SEQUENCE_QUERIES.get();
        long tracks = ReadCounters.TRACK_QUERIES.get();
        long variants = ReadCounters.VARIANT_READS.get();
        List<Row> rows = read().select("region", "sample", "haplotype", "n_variants").collectAsList();
        assertEquals(24 * 16 * 2, rows.size());
        assertEquals(seqs, ReadCounters.SEQUENCE_QUERIES.get(), "no sequence was reconstructed");
        assertEquals(tracks, ReadCounters.TRACK_QUERIES.get(), "no track was computed");
        assertTrue(ReadCounters.VARIANT_READS.get() > variants, "variant counts were read");

        variants = ReadCounters.VARIANT_READS.get();
        assertEquals(24 * 16 * 2, read().select("sequence").collectAsList().size());
        assertEquals(tracks, ReadCounters.TRACK_QUERIES.get(), "no track was computed for a sequence column");
        assertEquals(variants, ReadCounters.VARIANT_READS.get(), "no variant was read for a sequence column");
        assertTrue(ReadCounters.SEQUENCE_QUERIES.get() > seqs);

        seqs = ReadCounters.SEQUENCE_QUERIES.get();
        assertEquals(24 * 16 * 2, read().count());
        assertEquals(seqs, ReadCounters.SEQUENCE_QUERIES.get(), "count() reconstructs nothing");
        assertEquals(variants, ReadCounters.VARIANT_READS.get(), "count() reads no variant");
    }

    @Test
    void referenceSequencesAndOneTrack() {
        List<Row> rows = read("seqs", "reference", "tracks", "sig").where("sample = 'S07'").collectAsList();
        assertEquals(List.of("region", "chrom", "start", "end", "sample", "haplotype", "n_variants", "variant_idxs",
                "sequence", "track_sig"), Arrays.asList(read("seqs", "reference", "tracks", "sig").columns()));
        try (Dataset ds = Dataset.open(dataset, FASTA)) {
            Dataset ref = ds.withSeqs(SeqKind.REFERENCE).withTracks("sig");
            int s = ds.sampleIndex("S07");
            assertEquals(24 * 2, rows.size());
            for (Row row : rows) {
                int r = row.getAs("region");
                try (DatasetOutput out = ref.get(new int[] {r}, new int[] {s})) {
                    assertArrayEquals(((Ragged) out.sequences()).rowBytes(0), (byte[]) row.getAs("sequence"));
                    float[] want = ((Ragged) out.tracks()).row(0).toArray(ValueLayout.JAVA_FLOAT_UNALIGNED);
                    assertArrayEquals(bits(want), bits(floats(row.getList(row.fieldIndex("track_sig")))));
                }
            }
        }
    }

    @Test
    void badOptionsAreTypedErrorsThatNameTheFix() {
        GvlOptionException missing = assertThrows(GvlOptionException.class,
                () -> spark.read().format("gvl").option("reference", FASTA.toString()).load());
        assertTrue(missing.getMessage().contains(".option(\"path\""), missing.getMessage());

        GvlOptionException absent = assertThrows(GvlOptionException.class,
                () -> read("path", tmp.resolve("no-such.gvl").toString()));
        assertTrue(absent.getMessage().contains("no-such.gvl"), absent.getMessage());

        GvlOptionException sample = assertThrows(GvlOptionException.class, () -> read("samples", "S01,S99"));
        assertTrue(sample.getMessage().contains("'S99'") && sample.getMessage().contains(dataset.toString()),
                sample.getMessage());

        GvlOptionException track = assertThrows(GvlOptionException.class, () -> read("tracks", "cov,nope"));
        assertTrue(track.getMessage().contains("'nope'") && track.getMessage().contains("[cov, sig]"),
                track.getMessage());

        GvlOptionException reference = assertThrows(GvlOptionException.class,
                () -> spark.read().format("gvl").option("path", dataset.toString()).load());
        assertTrue(reference.getMessage().contains("\"reference\""), reference.getMessage());

        GvlOptionException size = assertThrows(GvlOptionException.class, () -> read("regionsPerPartition", "0"));
        assertTrue(size.getMessage().contains("regionsPerPartition"), size.getMessage());
    }

    /** The partitions the scan of {@code df} plans, from its executed plan. */
    private static List<RegionBlock> planned(org.apache.spark.sql.Dataset<Row> df) {
        List<RegionBlock> out = new ArrayList<>();
        int scans = 0;
        for (SparkPlan leaf : CollectionConverters.asJava(df.queryExecution().executedPlan().collectLeaves())) {
            if (leaf instanceof BatchScanExec scan && scan.scan() instanceof GvlScan gvl) {
                scans++;
                for (var p : gvl.planInputPartitions()) {
                    out.add((RegionBlock) p);
                }
            }
        }
        assertEquals(1, scans, "one gvl scan in " + df.queryExecution().executedPlan());
        return out;
    }

    private static float[] floats(List<Float> values) {
        float[] f = new float[values.size()];
        for (int i = 0; i < f.length; i++) {
            f[i] = values.get(i);
        }
        return f;
    }

    private static int[] bits(float[] values) {
        int[] b = new int[values.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = Float.floatToRawIntBits(values[i]);
        }
        return b;
    }
}
