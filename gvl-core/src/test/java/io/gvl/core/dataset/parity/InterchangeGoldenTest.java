package io.gvl.core.dataset.parity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gvl.core.Gvl;
import io.gvl.core.buffer.Dense;
import io.gvl.core.dataset.Dataset;
import io.gvl.core.dataset.DatasetOutput;
import io.gvl.core.dataset.OutputLength;
import io.gvl.core.dataset.SeqKind;
import io.gvl.core.write.WriteOptions;
import io.gvl.format.NpyArray;
import io.gvl.format.Npz;
import io.gvl.format.Regions;
import io.gvl.io.fasta.Reference;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * GVL's jittered, randomly shifted haplotypes, on GVL's dataset and on the same regions written by gvl.
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
        Path res = Path.of(InterchangeGoldenTest.class.getResource("/gvl043/interchange").toURI());
        goldens = tmp.resolve("goldens");
        copyTree(res, goldens);
        meta = new ObjectMapper().readTree(goldens.resolve("outputs.json").toFile());
        outputs = Npz.read(goldens.resolve("outputs.npz"));
        reference = Reference.open(FASTA, tmp.resolve("cache"));
    }

    @AfterAll
    static void close() {
        reference.close();
    }

    @Test
    void floatStrandsAreReadAsPlus() {
        Regions r = Regions.read(goldens.resolve("dot_ds/regions.npy"));
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

    private static Dataset seeded(Dataset ds, BigInteger seed) {
        return ds.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(meta.get("length").asInt()))
                .withSettings(s -> s.withJitter(meta.get("jitter").asInt()).withDeterministic(false).withSeed(seed));
    }

    /** The golden is {@code view[:, SAMPLES]}: every region, the listed samples, as a (R, S, ploidy, L) array. */
    private static void assertGolden(String key, Dataset view) {
        List<String> names = List.copyOf(iterable(meta.get("samples")).stream().map(JsonNode::asText).toList());
        int[] s = names.stream().mapToInt(view::sampleIndex).toArray();
        int[] regions = IntStream.range(0, view.regionCount()).toArray();
        try (DatasetOutput out = view.getGrid(regions, s)) {
            Dense d = (Dense) out.sequences();
            NpyArray golden = outputs.get(key);
            assertArrayEquals(golden.shape(), d.shape(), key + " shape");
            assertArrayEquals(golden.data().toArray(ValueLayout.JAVA_BYTE), d.data().toArray(ValueLayout.JAVA_BYTE),
                    key + " bytes");
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path dst = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dst);
                } else {
                    Files.copy(p, dst);
                }
            }
        }
    }
}
