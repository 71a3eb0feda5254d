package io.gvl.dataset.parity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.RegionColumns;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.format.ArrowTable.ColumnType;
import io.gvl.format.ArrowTable;
import io.gvl.format.array.NpyArray;
import io.gvl.format.array.Npz;
import io.gvl.format.io.ArrowTableFile;
import io.gvl.testing.TestFiles;
import io.gvl.write.Gvl;
import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Goldens made by GenVarLoader 0.43.1 ({@code tools/goldens/gvl043/gen_regions.py}) on its own write of a BED with
 * extra columns: gvl writes the same BED, stores the columns with GVL's types, and gives GVL's spliced transcripts
 * (exons sorted as numbers), splits by a region column, subsets by region and sample names, instance statistics
 * ({@code haplotype_lengths}, {@code n_variants}, {@code n_intervals}) and the {@code str(ds)} summary.
 */
class RegionsGoldenTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path DEMO = DATA.resolve("real-derived/vg-z-synth16");
    static final Path FASTA = DATA.resolve("real/vg-1mb1kgp/z.fa");
    static final Path SYN = DATA.resolve("gvl-fixtures/synthetic");
    static final List<String> SAMPLES = List.of("S00", "S03");

    @TempDir
    static Path tmp;
    static Path bed;
    static JsonNode meta;
    static Map<String, NpyArray> goldens;
    static Dataset ds;

    @BeforeAll
    static void writeOurs() throws IOException, URISyntaxException {
        Path res = TestFiles.gvl043("regions");
        bed = res.resolve("meta.bed");
        meta = new ObjectMapper().readTree(res.resolve("goldens.json").toFile());
        goldens = Npz.read(res.resolve("goldens.npz"));
        Path out = tmp.resolve("meta.gvl");
        Gvl.write(out, WriteOptions.builder(bed).variants(DEMO.resolve("z_synth16.norm.vcf.gz")).maxJitter(8).build());
        ds = Dataset.open(out, FASTA);
    }

    @AfterAll
    static void close() {
        if (ds != null) {
            ds.close();
        }
    }

    @Test
    void extraColumnsAreStoredWithGvlTypes() {
        ArrowTable table = ArrowTableFile.read(ds.path().resolve("input_regions.arrow"));
        Iterator<Map.Entry<String, JsonNode>> expected = meta.get("gvl_types").fields();
        int n = 0;
        while (expected.hasNext()) {
            Map.Entry<String, JsonNode> e = expected.next();
            assertEquals(columnType(e.getValue().asText()), table.column(e.getKey(), ds.path()).type(), e.getKey());
            n++;
        }
        assertEquals(n, table.columns().size(), "same columns as GVL writes");
        assertEquals(List.of("chrom", "chromStart", "chromEnd", "name", "score", "strand", "gene", "exon", "split",
                "frac", "flag", "code"), table.columnNames().subList(0, 12));
    }

    private static ColumnType columnType(String arrow) {
        return switch (arrow) {
            case "string", "string_view", "large_string" -> ColumnType.STRING;
            case "int64" -> ColumnType.INT64;
            case "double" -> ColumnType.FLOAT64;
            case "bool" -> ColumnType.BOOL;
            default -> throw new AssertionError("unexpected type " + arrow);
        };
    }

    @Test
    void regionColumnsAreTypedAndFollowTheView() {
        RegionColumns all = ds.regionColumns();
        assertEquals(24, all.size());
        assertEquals(ColumnType.INT64, all.type("exon"));
        assertEquals(3L, all.longs("exon")[2], "first + strand region is exon 3 of gp");
        assertTrue(Double.isNaN(all.doubles("frac")[4]), "'.' is missing");
        assertEquals(Boolean.TRUE, all.value(0, "flag"));
        assertEquals("x7", all.strings("code").get(5));
        RegionColumns sub = ds.subsetTo(new int[] {5, 1}, null).regionColumns();
        assertEquals(List.of("r5", "r1"), sub.strings("name"));
        IllegalArgumentException wrongType = assertThrows(IllegalArgumentException.class, () -> all.longs("split"));
        assertTrue(wrongType.getMessage().contains("'split' is STRING"), wrongType.getMessage());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> all.values("nope"));
        assertTrue(missing.getMessage().contains("gene"), "lists the columns: " + missing.getMessage());
    }

    @Test
    void splicedTranscriptsSortExonsAsNumbersLikeGvl() {
        Dataset spliced = ds.spliceInfo("gene", "exon").withSeqs(SeqKind.HAPLOTYPES);
        int rows = spliced.regionCount();
        int[] samples = SAMPLES.stream().mapToInt(spliced::sampleIndex).toArray();
        try (DatasetOutput out = spliced.getGrid(IntStream.range(0, rows).toArray(), samples)) {
            Ragged r = (Ragged) out.sequences();
            assertArrayEquals(goldens.get("spliced_data").toByteArray(), r.data().toArray(ValueLayout.JAVA_BYTE));
            assertArrayEquals(goldens.get("spliced_offsets").toLongArray(), r.offsets().toArray(ValueLayout.JAVA_LONG));
        }
    }

    @Test
    void splitByRegionColumnMatchesGvl() {
        Dataset train = haps(ds).subsetToRegions("split", "train"::equals);
        assertArrayEquals(goldens.get("train_regions").toLongArray(), train.regionColumns().longs("chromStart"));
        assertGrid("train_haps", train, SAMPLES);
        Dataset byMask = haps(ds).subsetToRegions(ds.regionColumns().mask("split", "train"::equals));
        assertGrid("train_haps", byMask, SAMPLES);
    }

    @Test
    void namesSelectRegionsAndSamplesLikeGvl() {
        Dataset picked = haps(ds).subsetToRegionNames("name", List.of("r5", "r2", "r17"))
                .subsetToSamples(List.of("S03", "S01"));
        assertEquals(List.of("S03", "S01"), picked.samples());
        assertGrid("named_haps", picked, picked.samples());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> ds.subsetToRegionNames("name", List.of("r99")));
        assertTrue(unknown.getMessage().contains("'r99'") && unknown.getMessage().contains("'name'"),
                unknown.getMessage());
        IllegalArgumentException duplicate = assertThrows(IllegalArgumentException.class,
                () -> ds.subsetToRegionNames("gene", List.of("gp")));
        assertTrue(duplicate.getMessage().contains("unique"), duplicate.getMessage());
        boolean[] mask = new boolean[ds.sampleCount()];
        mask[3] = true;
        mask[1] = true;
        assertEquals(List.of("S01", "S03"), ds.subsetToSamples(mask).samples());
        assertThrows(IllegalArgumentException.class, () -> ds.subsetToSamples(new boolean[2]));
    }

    @Test
    void indexingFormsMatchGvlIndexing() {
        Dataset picked = haps(ds).subsetToRegionNames("name", List.of("r5", "r2", "r17"))
                .subsetToSamples(List.of("S03", "S01"));
        NpyArray golden = goldens.get("named_haps");
        try (DatasetOutput all = picked.getRegions(0, 1, 2)) {
            assertArrayEquals(golden.toByteArray(), ((Dense) all.sequences()).data().toArray(ValueLayout.JAVA_BYTE),
                    "ds[regions] is every sample of those regions");
        }
        int[] r = {0, 0, 1, 1, 2, 2};
        int[] s = {0, 1, 0, 1, 0, 1};
        try (DatasetOutput shaped = picked.getShaped(r, s, 3, 2);
             DatasetOutput named = picked.get(r, List.of("S03", "S01", "S03", "S01", "S03", "S01"))) {
            Dense a = (Dense) shaped.sequences();
            Dense b = (Dense) named.sequences();
            assertArrayEquals(golden.shape(), a.shape(), "N-d leading shape");
            assertArrayEquals(golden.toByteArray(), a.data().toArray(ValueLayout.JAVA_BYTE));
            assertArrayEquals(golden.toByteArray(), b.data().toArray(ValueLayout.JAVA_BYTE), "samples by name");
        }
        assertThrows(IllegalArgumentException.class, () -> picked.getShaped(r, s, 4, 2));
        assertThrows(IllegalArgumentException.class, () -> picked.get(new int[] {0}, List.of("S99")));
    }

    @Test
    void haplotypeLengthsAndVariantCountsMatchGvl() {
        int[][] all = allPairs(ds);
        int[] r = all[0];
        int[] s = all[1];
        assertArrayEquals(goldens.get("hap_lengths_j0").toIntArray(), ds.haplotypeLengths(r, s).orElseThrow());
        assertArrayEquals(goldens.get("hap_lengths_j4").toIntArray(),
                ds.withSettings(x -> x.withJitter(4)).haplotypeLengths(r, s).orElseThrow());
        assertArrayEquals(goldens.get("n_variants").toIntArray(), ds.nVariants(r, s));
        Dataset sub = ds.subsetTo(new int[] {3, 0, 7}, new int[] {5, 2});
        int[] sr = {0, 0, 1, 1, 2, 2};
        int[] ss = {0, 1, 0, 1, 0, 1};
        assertArrayEquals(goldens.get("sub_hap_lengths").toIntArray(), sub.haplotypeLengths(sr, ss).orElseThrow());
        assertArrayEquals(goldens.get("sub_n_variants").toIntArray(), sub.nVariants(sr, ss));
        assertFalse(ds.withSettings(x -> x.withDeterministic(false)).haplotypeLengths(sr, ss).isPresent(),
                "random views have no fixed lengths");
    }

    @Test
    void summaryTextMatchesGvl() {
        Dataset view = haps(ds).subsetToRegionNames("name", List.of("r5", "r2", "r17"))
                .subsetToSamples(List.of("S03", "S01")).withSettings(x -> x.withJitter(3));
        assertEquals(meta.get("str_view").asText().replace("<path>", ds.path().toString()), view.toString());
        assertEquals(meta.get("str_full").asText().replace("<path>", ds.path().toString()), ds.toString());
        assertTrue(view.isSubset());
        assertFalse(ds.isSubset());
        assertArrayEquals(new int[] {24, 16}, view.fullShape());
        assertEquals(FASTA, view.reference().orElseThrow().fasta());
    }

    @Test
    void intervalCountsMatchGvl() {
        Path out = tmp.resolve("syn.gvl");
        Map<String, Path> bws = Map.of("s0", SYN.resolve("bw_seed42/s0.bw"), "s1", SYN.resolve("bw_seed42/s1.bw"),
                "s2", SYN.resolve("bw_seed42/s2.bw"));
        Gvl.write(out, WriteOptions.builder(SYN.resolve("regions.bed")).variants(SYN.resolve("filtered.vcf.gz"))
                .track(new BigWigs("bw", bws)).annotation(new AnnotationTrack("annot", SYN.resolve("bw_5ss/s0.bw")))
                .maxJitter(4).build());
        try (Dataset syn = Dataset.open(out, SYN.resolve("ref.fa.bgz"))) {
            int[][] all = allPairs(syn);
            int[] r = all[0];
            int[] s = all[1];
            assertArrayEquals(goldens.get("syn_n_intervals").toIntArray(), syn.withTracks("bw", "annot").nIntervals(r, s));
            assertArrayEquals(goldens.get("syn_n_intervals_annot_first").toIntArray(),
                    syn.withTracks("annot", "bw").nIntervals(r, s));
            assertArrayEquals(goldens.get("syn_n_variants").toIntArray(), syn.nVariants(r, s));
            assertArrayEquals(goldens.get("syn_hap_lengths").toIntArray(), syn.haplotypeLengths(r, s).orElseThrow());
        }
    }

    /** Every (region, sample) pair of {@code d} in C order, as GVL's {@code ds[:, :]} flattens them. */
    private static int[][] allPairs(Dataset d) {
        int ns = d.sampleCount();
        int n = d.regionCount() * ns;
        int[] r = new int[n];
        int[] s = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = i / ns;
            s[i] = i % ns;
        }
        return new int[][] {r, s};
    }

    private static Dataset haps(Dataset d) {
        return d.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(meta.get("shapes").get("train_haps").get(3).asInt()));
    }

    private static void assertGrid(String key, Dataset view, List<String> samples) {
        int[] s = samples.stream().mapToInt(view::sampleIndex).toArray();
        try (DatasetOutput out = view.getGrid(IntStream.range(0, view.regionCount()).toArray(), s)) {
            Dense d = (Dense) out.sequences();
            NpyArray golden = goldens.get(key);
            assertArrayEquals(golden.shape(), d.shape(), key + " shape");
            assertArrayEquals(golden.toByteArray(), d.data().toArray(ValueLayout.JAVA_BYTE), key + " bytes");
        }
    }
}
