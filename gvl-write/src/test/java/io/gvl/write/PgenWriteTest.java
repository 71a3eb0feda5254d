package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.gvl.testing.Stored;
import io.gvl.testing.TestFiles;
import io.gvl.testkit.Oracle;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.SortedMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A write from a PLINK 2 fileset that plink2 made from a normalized VCF gives the same dataset, file for file and
 * byte for byte, as the write from that VCF ({@code --output-chr chrM} keeps {@code chr}-prefixed contig names,
 * {@code --allow-extra-chr} non-human ones, {@code --vcf-half-call r} reads {@code 0|.} as the VCF source does:
 * a missing allele carries no ALT).
 */
class PgenWriteTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));

    @TempDir
    Path tmp;

    @BeforeAll
    static void plink2() {
        Oracle.PLINK2.require();
    }

    static Stream<Arguments> inputs() {
        return Stream.of(
                Arguments.of(DATA.resolve("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz"),
                        DATA.resolve("real-derived/vg-z-synth16/regions.bed"), DATA.resolve("real/vg-1mb1kgp/z.fa")),
                Arguments.of(DATA.resolve("gvl-fixtures/synthetic/filtered.vcf.gz"),
                        DATA.resolve("gvl-fixtures/synthetic/regions.bed"),
                        DATA.resolve("gvl-fixtures/synthetic/ref.fa.bgz")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputs")
    void pgenWritesTheSameDatasetAsItsVcf(Path vcf, Path regions, Path reference) throws IOException {
        Path prefix = tmp.resolve("in");
        Oracle.PLINK2.run("--vcf", vcf.toString(), "--allow-extra-chr", "--output-chr", "chrM", "--vcf-half-call", "r",
                "--make-pgen",
                "--threads", "1", "--out", prefix.toString());
        Path fromVcf = tmp.resolve("vcf.gvl");
        Path fromPgen = tmp.resolve("pgen.gvl");
        Gvl.write(fromVcf, WriteOptions.builder(regions).variants(vcf).reference(reference).maxJitter(3).build());
        Gvl.write(fromPgen, WriteOptions.builder(regions).variants(prefix).reference(reference).maxJitter(3).build());
        SortedMap<String, byte[]> expected = Stored.tree(fromVcf);
        SortedMap<String, byte[]> actual = Stored.tree(fromPgen);
        assertTrue(expected.keySet().stream().anyMatch(k -> k.startsWith("genotypes/")), expected.keySet().toString());
        assertEquals(expected.keySet(), actual.keySet());
        expected.forEach((k, v) -> assertArrayEquals(v, actual.get(k), k));

        Path fromPgenFile = tmp.resolve("pgen-file.gvl");
        Gvl.write(fromPgenFile, WriteOptions.builder(regions).variants(Path.of(prefix + ".pgen")).reference(reference)
                .maxJitter(3).build());
        SortedMap<String, byte[]> again = Stored.tree(fromPgenFile);
        expected.forEach((k, v) -> assertArrayEquals(v, again.get(k), k));
    }

    @Test
    void anUnknownVariantFileIsRefusedWithTheKindsItTakes() {
        WriteException e = assertThrows(WriteException.class, () -> WriteOptions.builder(tmp.resolve("r.bed"))
                .variants(tmp.resolve("calls.bgen")).build());
        assertTrue(e.getMessage().contains("calls.bgen"), e.getMessage());
        assertTrue(e.getMessage().contains("PREFIX.pgen"), e.getMessage());
    }

    /**
     * GenVarLoader 0.43.1's own write from a PGEN plink2 made from the demo VCF ({@code tools/goldens/gvl043/gen_pgen.py}):
     * gvl's write from the same kind of fileset has its regions, metadata and genotype arrays byte for byte.
     */
    @org.junit.jupiter.api.Test
    void pgenWriteEqualsGvlsWriteFromThePgen() throws Exception {
        Path golden = TestFiles.gvl043("pgen");
        Path vcf = DATA.resolve("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz");
        Path prefix = tmp.resolve("z");
        Oracle.PLINK2.run("--vcf", vcf.toString(), "--allow-extra-chr", "--output-chr", "chrM", "--vcf-half-call", "r",
                "--make-pgen", "--threads", "1", "--out", prefix.toString());
        Path out = tmp.resolve("z.gvl");
        Gvl.write(out, WriteOptions.builder(DATA.resolve("real-derived/vg-z-synth16/regions.bed")).variants(prefix)
                .maxJitter(8).build());
        for (String f : new String[] {"regions.npy", "metadata.json", "genotypes/offsets.npy",
            "genotypes/variant_idxs.npy"}) {
            assertArrayEquals(java.nio.file.Files.readAllBytes(golden.resolve(f.replace('/', '_'))),
                    java.nio.file.Files.readAllBytes(out.resolve(f)), f + " as GVL 0.43.1 writes it from the PGEN");
        }
    }
}
