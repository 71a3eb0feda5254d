package io.gvl.dataset.parity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gvl.core.buffer.Dense;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.format.Regions;
import io.gvl.format.VariantTable;
import io.gvl.format.array.NpyArray;
import io.gvl.format.array.Npz;
import io.gvl.format.io.RegionsFile;
import io.gvl.format.io.VariantTableFile;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.DirectoryCopy;
import io.gvl.testing.TestFiles;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Goldens made by GenVarLoader 0.43.1 ({@code tools/goldens/gvl043/gen_interchange.py}): a GVL-written dataset whose
 * {@code regions.npy} is float64 with NaN strands opens and serves GVL's outputs, and seeds beyond 64 bits give
 * GVL's jittered, randomly shifted haplotypes, on GVL's dataset and on the same regions written by gvl; a dataset
 * gvl writes with {@code reuseGvlIndex} joins a GVL-written one in GVL's {@code concat}, and gvl reads the result.
 */
class InterchangeGoldenTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path FASTA = DATA.resolve("real/vg-1mb1kgp/z.fa");
    static final Path VCF = DATA.resolve("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz");

    @TempDir
    static Path tmp;
    static Path goldens;
    static JsonNode meta;
    static Map<String, NpyArray> outputs;
    static Reference reference;

    @BeforeAll
    static void load() throws IOException, URISyntaxException {
        Path res = TestFiles.gvl043("interchange");
        goldens = tmp.resolve("goldens");
        DirectoryCopy.copyTree(res, goldens);
        meta = new ObjectMapper().readTree(goldens.resolve("outputs.json").toFile());
        outputs = Npz.read(goldens.resolve("outputs.npz"));
        reference = Reference.open(FASTA, tmp.resolve("cache"));
    }

    @AfterAll
    static void close() {
        reference.close();
    }

    @Test
    void ourMetadataHasGvlsBytes() throws IOException {
        Path out = tmp.resolve("meta-ours");
        Path bed = tmp.resolve("meta.bed");
        Files.write(bed, Files.readAllLines(DATA.resolve("real-derived/vg-z-synth16/regions.bed")).subList(0, 6));
        Gvl.write(out, WriteOptions.builder(bed).variants(VCF).maxJitter(meta.get("jitter").asInt()).build());
        assertEquals(Files.readString(goldens.resolve("seed_ds/metadata.json")), Files.readString(out.resolve(
                "metadata.json")), "metadata.json as GVL 0.43.1 writes it");
    }

    @Test
    void floatStrandsAreReadAsPlus() {
        Regions r = RegionsFile.read(goldens.resolve("dot_ds/regions.npy"));
        assertEquals(6, r.size());
        assertArrayEquals(new int[] {-1, 1, 1, 1, -1, 1}, r.strand(), "NaN strands of rows 1, 3, 5 read as +");
        assertEquals(6384 - 16, r.start(0));
    }

    @Test
    void floatStrandDatasetMatchesGvl() {
        try (Dataset ds = Dataset.open(goldens.resolve("dot_ds"), reference)) {
            Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(meta.get("length").asInt()));
            assertGolden("deterministic", view);
        }
    }

    static Stream<Arguments> seeds() {
        List<JsonNode> seeds = meta == null ? List.of() : List.copyOf(iterable(meta.get("seeds")));
        return IntStream.range(0, seeds.size()).mapToObj(i -> Arguments.of(i, new BigInteger(seeds.get(i).asText())));
    }

    private static List<JsonNode> iterable(JsonNode array) {
        List<JsonNode> out = new java.util.ArrayList<>();
        array.forEach(out::add);
        return out;
    }

    @ParameterizedTest(name = "seed {1} on GVL's dataset")
    @MethodSource("seeds")
    void bigSeedsMatchGvl(int i, BigInteger seed) {
        try (Dataset ds = Dataset.open(goldens.resolve("seed_ds"), reference)) {
            assertGolden("seed" + i, seeded(ds, seed));
        }
    }

    @ParameterizedTest(name = "seed {1} on gvl's write of the same regions")
    @MethodSource("seeds")
    void bigSeedsMatchGvlOnOurWrite(int i, BigInteger seed) throws IOException {
        Path out = tmp.resolve("ours-" + i);
        Path bed = tmp.resolve("seed-" + i + ".bed");
        Files.write(bed, Files.readAllLines(DATA.resolve("real-derived/vg-z-synth16/regions.bed")).subList(0, 6));
        Gvl.write(out, WriteOptions.builder(bed).variants(VCF).maxJitter(meta.get("jitter").asInt()).build());
        try (Dataset ds = Dataset.open(out, reference)) {
            assertGolden("seed" + i, seeded(ds, seed));
        }
    }

    @Test
    void negativeSeedsAreRefusedInNumpysWords() {
        try (Dataset ds = Dataset.open(goldens.resolve("seed_ds"), reference)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ds.withSettings(s -> s.withSeed(BigInteger.ONE.negate())));
            assertTrue(e.getMessage().startsWith("expected non-negative integer"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> ds.withSettings(s -> s.withSeed(-5L)));
        }
    }

    @Test
    void gvlReadsOurVariantTableWithItsTypes() {
        JsonNode checks = meta.get("checks");
        assertTrue(checks.get("gvl_written_haplotypes_equal").asBoolean(), "GVL read gvl's dataset as its own");
        assertEquals(checks.get("gvl043_start_dtype").asText(), checks.get("gvl_written_start_dtype").asText());
        JsonNode ours = checks.get("gvl_written_variants_arrow_types");
        assertEquals("int32", ours.get("POS").asText());
        assertTrue(ours.get("CHROM").asText().startsWith("dictionary<"), ours.toString());
        assertTrue(ours.get("ILEN").asText().startsWith("large_list<"), ours.toString());
    }

    @Test
    void gvlsConcatOfItsDatasetAndOursReadsBackAsInGvl() {
        assertEquals("accepted", meta.get("checks").get("concat_with_reused_index").asText());
        try (Dataset ds = Dataset.open(goldens.resolve("mixed_ds"), reference)) {
            assertEquals(12, ds.regionCount());
            assertGolden("mixed_deterministic", deterministic(ds));
        }
    }

    @Test
    void reusingGvlsIndexStoresItsBytes() throws IOException {
        Path vcf = vcfCopy("reuse");
        Path index = goldens.resolve("seed_ds/genotypes/variants.arrow");
        Path beside = Files.copy(index, vcf.resolveSibling(vcf.getFileName() + ".gvi.zst"));
        Files.setLastModifiedTime(beside, FileTime.fromMillis(Files.getLastModifiedTime(vcf).toMillis() + 10_000));
        Path out = tmp.resolve("reused");
        Gvl.write(out, nextRegions(vcf).reuseGvlIndex(true).build());
        assertArrayEquals(Files.readAllBytes(index), Files.readAllBytes(out.resolve("genotypes/variants.arrow")));
        try (Dataset ds = Dataset.open(out, reference); DatasetOutput o = grid(deterministic(ds))) {
            byte[] golden = outputs.get("mixed_deterministic").data().toArray(ValueLayout.JAVA_BYTE);
            byte[] second = Arrays.copyOfRange(golden, golden.length / 2, golden.length);
            assertArrayEquals(second, ((Dense) o.sequences()).data().toArray(ValueLayout.JAVA_BYTE),
                    "the regions GVL read from this write in its concat");
        }
    }

    @Test
    void reusingAMissingStaleOrForeignIndexIsRefused() throws IOException {
        Path vcf = vcfCopy("refuse");
        WriteException missing = assertThrows(WriteException.class,
                () -> Gvl.write(tmp.resolve("r1"), nextRegions(vcf).reuseGvlIndex(true).build()));
        assertTrue(missing.getMessage().contains("No GenVarLoader variant index"), missing.getMessage());

        Path beside = Files.copy(goldens.resolve("seed_ds/genotypes/variants.arrow"),
                vcf.resolveSibling(vcf.getFileName() + ".gvi.zst"));
        Files.setLastModifiedTime(beside, FileTime.fromMillis(Files.getLastModifiedTime(vcf).toMillis() - 10_000));
        WriteException stale = assertThrows(WriteException.class,
                () -> Gvl.write(tmp.resolve("r2"), nextRegions(vcf).reuseGvlIndex(true).build()));
        assertTrue(stale.getMessage().contains("is not newer than"), stale.getMessage());

        VariantTable t = VariantTableFile.read(beside);
        int kept = t.size() - 1;
        VariantTable shorter = new VariantTable(Arrays.copyOf(t.chrom(), kept), Arrays.copyOf(t.pos(), kept),
                Arrays.copyOf(t.ref(), kept), Arrays.copyOf(t.alt(), kept), Arrays.copyOf(t.ilen(), kept));
        VariantTableFile.write(shorter, beside);
        Files.setLastModifiedTime(beside, FileTime.fromMillis(Files.getLastModifiedTime(vcf).toMillis() + 10_000));
        WriteException foreign = assertThrows(WriteException.class,
                () -> Gvl.write(tmp.resolve("r3"), nextRegions(vcf).reuseGvlIndex(true).build()));
        assertTrue(foreign.getMessage().contains("does not list the variants")
                && foreign.getMessage().contains(t.size() + " records in the VCF"), foreign.getMessage());
        assertFalse(Files.exists(tmp.resolve("r3")), "nothing published");
    }

    private static Path vcfCopy(String name) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("vcf-" + name));
        Path vcf = Files.copy(VCF, dir.resolve(VCF.getFileName()));
        Files.copy(VCF.resolveSibling(VCF.getFileName() + ".tbi"), dir.resolve(VCF.getFileName() + ".tbi"));
        return vcf;
    }

    /** Demo regions 6 to 11, the second half of the concatenated golden. */
    private static WriteOptions.Builder nextRegions(Path vcf) throws IOException {
        Path bed = vcf.resolveSibling("next.bed");
        Files.write(bed, Files.readAllLines(DATA.resolve("real-derived/vg-z-synth16/regions.bed")).subList(6, 12));
        return WriteOptions.builder(bed).variants(vcf).maxJitter(meta.get("jitter").asInt());
    }

    private static Dataset deterministic(Dataset ds) {
        return ds.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(meta.get("length").asInt()));
    }

    private static DatasetOutput grid(Dataset view) {
        int[] s = iterable(meta.get("samples")).stream().map(JsonNode::asText).mapToInt(view::sampleIndex).toArray();
        return view.getGrid(IntStream.range(0, view.regionCount()).toArray(), s);
    }

    private static Dataset seeded(Dataset ds, BigInteger seed) {
        return ds.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(meta.get("length").asInt()))
                .withSettings(s -> s.withJitter(meta.get("jitter").asInt()).withDeterministic(false).withSeed(seed));
    }

    /** The golden is {@code view[:, SAMPLES]}: every region, the listed samples, as a (R, S, ploidy, L) array. */
    private static void assertGolden(String key, Dataset view) {
        try (DatasetOutput out = grid(view)) {
            Dense d = (Dense) out.sequences();
            NpyArray golden = outputs.get(key);
            assertArrayEquals(golden.shape(), d.shape(), key + " shape");
            assertArrayEquals(golden.data().toArray(ValueLayout.JAVA_BYTE), d.data().toArray(ValueLayout.JAVA_BYTE),
                    key + " bytes");
        }
    }
}
