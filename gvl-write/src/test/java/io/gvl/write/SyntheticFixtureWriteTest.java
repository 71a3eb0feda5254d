package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.InputRegions;
import io.gvl.format.Regions;
import io.gvl.format.TrackScope;
import io.gvl.format.VariantTable;
import io.gvl.format.array.NpyArray;
import io.gvl.format.array.Npz;
import io.gvl.format.io.DatasetFiles;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import io.gvl.format.io.VariantTableFile;
import io.gvl.io.bigwig.BigWigIntervals;
import io.gvl.io.bigwig.BigWigReader;
import io.gvl.testing.Stored;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes GVL's synthetic fixture the way GVL's {@code build_case} does ({@code max_jitter=2}, bigWigs
 * {@code bw_seed42}) and checks the result against GVL's goldens, the Arrow fixtures and bigWig reads.
 */
class SyntheticFixtureWriteTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path SYN = DATA.resolve("gvl-fixtures/synthetic");
    static final List<String> SAMPLES = List.of("s0", "s1", "s2");

    @TempDir
    static Path tmp;
    static Path dataset;
    static BcftoolsVariants vcf;

    @BeforeAll
    static void write() throws IOException {
        Path table = tmp.resolve("bw.tsv");
        StringBuilder sb = new StringBuilder("sample\tpath\n");
        for (String s : SAMPLES) {
            sb.append(s).append('\t').append(SYN.resolve("bw_seed42/" + s + ".bw")).append('\n');
        }
        Files.writeString(table, sb);
        dataset = tmp.resolve("syn.gvl");
        vcf = new BcftoolsVariants(SYN.resolve("filtered.vcf.gz"));
        Gvl.write(dataset, WriteOptions.builder(SYN.resolve("regions.bed")).variants(vcf)
                .reference(SYN.resolve("ref.fa.bgz")).track(BigWigs.fromTable("bw", table)).maxJitter(2).build());
    }

    @Test
    void metadataAndFormatChecksPass() {
        DatasetMetadata m = MetadataFile.read(DatasetLayout.metadata(dataset));
        assertEquals(SAMPLES, m.samples());
        assertEquals(List.of("chr1", "chr2"), m.contigs());
        assertEquals(10, m.nRegions());
        assertEquals(2, m.ploidy());
        assertEquals(2, m.maxJitter());
        try (DatasetFiles files = DatasetFiles.open(dataset)) {
            files.verify();
        }
    }

    @Test
    void variantTableEqualsGenorayIndexFixture() {
        VariantTable ours = VariantTableFile.read(DatasetLayout.genotypes(dataset).resolve(DatasetLayout.VARIANTS));
        VariantTable fixture = VariantTableFile.read(DATA.resolve("arrow/synthetic/variants.arrow"));
        assertArrayEquals(fixture.chrom(), ours.chrom());
        assertArrayEquals(fixture.pos(), ours.pos());
        assertArrayEquals(fixture.ref(), ours.ref());
        assertArrayEquals(fixture.alt(), ours.alt());
        assertArrayEquals(fixture.ilen(), ours.ilen());
    }

    @Test
    void inputRegionsMatchFixture() {
        InputRegions ours = InputRegionsFile.read(dataset.resolve(DatasetLayout.INPUT_REGIONS));
        InputRegions fixture = InputRegionsFile.read(DATA.resolve("arrow/synthetic/input_regions.arrow"));
        Path p = Path.of("x");
        assertEquals(fixture.chroms(p), ours.chroms(p));
        assertArrayEquals(fixture.longs("chromStart", p), ours.longs("chromStart", p));
        assertArrayEquals(fixture.longs("chromEnd", p), ours.longs("chromEnd", p));
        assertArrayEquals(fixture.longs(InputRegions.MAP_COLUMN, p), ours.longs(InputRegions.MAP_COLUMN, p));
        assertArrayEquals(fixture.strands(p), ours.strands(p));
        assertEquals(fixture.table().columnNames(), ours.table().columnNames());
    }

    /** GVL's golden {@code ds_variants}: (start, ilen, alt) per (input region, sample, hap), read at jitter 0. */
    @Test
    void storedListsReproduceGvlGoldenVariants() throws IOException {
        Map<String, NpyArray> z = Npz.read(DATA.resolve("gvl-goldens/datasets/ds_variants.npz"));
        JsonNode fields = new ObjectMapper().readTree(new String(z.get("__manifest__").toByteArray(),
                StandardCharsets.UTF_8)).at("/value/v/fields/v");
        int[] starts = z.get(fields.at("/start/v/data/k").asText()).toIntArray();
        long[] offsets = z.get(fields.at("/start/v/offsets/k").asText()).toLongArray();
        int[] ilens = z.get(fields.at("/ilen/v/data/k").asText()).toIntArray();
        VariantTable t = vcf.variants();
        long[] pos = t.pos();
        int[] ilen = t.ilen();
        long[] map = InputRegionsFile.read(dataset.resolve(DatasetLayout.INPUT_REGIONS)).longs("r_idx_map",
                Path.of("x"));
        Stored.Genotypes g = Stored.genotypes(dataset);
        for (int i = 0; i < 10; i++) {
            for (int s = 0; s < 3; s++) {
                for (int h = 0; h < 2; h++) {
                    int row = (i * 3 + s) * 2 + h;
                    List<String> expected = new ArrayList<>();
                    for (long j = offsets[row]; j < offsets[row + 1]; j++) {
                        expected.add(starts[(int) j] + ":" + ilens[(int) j]);
                    }
                    List<String> actual = new ArrayList<>();
                    for (int v : g.slot((map[i] * 3 + s) * 2 + h)) {
                        actual.add((pos[v] - 1) + ":" + ilen[v]);
                    }
                    assertEquals(expected, actual, "input region " + i + " sample s" + s + " hap " + h);
                }
            }
        }
    }

    @Test
    void storedListsFollowTheCanonicalRule() {
        checkCanonical(dataset, vcf, true);
    }

    /** Every slot equals {@link NaiveSelection} over the stored window, with calls from bcftools. */
    static void checkCanonical(Path dataset, BcftoolsVariants vcf, boolean extend) {
        DatasetMetadata m = MetadataFile.read(DatasetLayout.metadata(dataset));
        Regions regions = RegionsFile.read(dataset.resolve(DatasetLayout.REGIONS));
        long[] map = InputRegionsFile.read(dataset.resolve(DatasetLayout.INPUT_REGIONS)).longs("r_idx_map",
                Path.of("x"));
        long[] inputEnd = InputRegionsFile.read(dataset.resolve(DatasetLayout.INPUT_REGIONS)).longs("chromEnd",
                Path.of("x"));
        long[] qEnd = new long[map.length];
        for (int i = 0; i < map.length; i++) {
            qEnd[(int) map[i]] = inputEnd[i] + m.maxJitter();
        }
        Stored.Genotypes g = Stored.genotypes(dataset);
        VariantTable t = vcf.variants();
        int nS = m.samples().size();
        for (int r = 0; r < regions.size(); r++) {
            int maxIdx = -1;
            for (int s = 0; s < nS; s++) {
                int fileSample = vcf.samples().indexOf(m.samples().get(s));
                for (int h = 0; h < 2; h++) {
                    int hh = h;
                    List<Integer> expected = NaiveSelection.select(t, m.contigs().get(regions.contig(r)),
                            regions.start(r), (int) qEnd[r], extend, row -> vcf.carries(row, fileSample, hh));
                    int[] actual = g.slot(((long) r * nS + s) * 2 + h);
                    assertEquals(expected, java.util.Arrays.stream(actual).boxed().toList(),
                            "region " + r + " sample " + m.samples().get(s) + " hap " + h);
                    for (int v : actual) {
                        maxIdx = Math.max(maxIdx, v);
                    }
                }
            }
            long expectedEnd = maxIdx < 0 ? qEnd[r] : Math.max(qEnd[r], t.pos()[maxIdx] - Math.min(0, t.ilen()[maxIdx]));
            assertEquals(expectedEnd, regions.end(r), "stored end of region " + r);
        }
    }

    @Test
    void trackCellsEqualClippedBigWigIntervalsOverStoredWindows() {
        Regions regions = RegionsFile.read(dataset.resolve(DatasetLayout.REGIONS));
        List<String> contigs = List.of("chr1", "chr2");
        Stored.Track track = Stored.track(dataset, TrackScope.SAMPLE, "bw");
        assertEquals(regions.size() * 3 + 1, track.offsets().length);
        for (int s = 0; s < 3; s++) {
            try (BigWigReader bw = BigWigReader.open(SYN.resolve("bw_seed42/s" + s + ".bw"))) {
                for (int r = 0; r < regions.size(); r++) {
                    String c = contigs.get(regions.contig(r));
                    BigWigIntervals want = bw.clippedIntervals(c, Math.max(0, regions.start(r)),
                            Math.min(regions.end(r), bw.length(c)));
                    int cell = r * 3 + s;
                    assertArrayEquals(want.starts(), track.starts(cell), "starts of cell " + cell);
                    assertArrayEquals(want.ends(), track.ends(cell), "ends of cell " + cell);
                    assertArrayEquals(want.values(), track.values(cell), "values of cell " + cell);
                }
            }
        }
    }
}
