package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testing.Stored;
import io.gvl.testkit.Oracle;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The write pipeline gives byte-identical datasets from a VCF and from the same variants as indexed BCF. */
class BcfWriteTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));

    @TempDir
    Path tmp;

    static Stream<Arguments> inputs() {
        return Stream.of(
                Arguments.of(DATA.resolve("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz"),
                        DATA.resolve("real-derived/vg-z-synth16/regions.bed")),
                Arguments.of(DATA.resolve("gvl-fixtures/synthetic/filtered.vcf.gz"),
                        DATA.resolve("gvl-fixtures/synthetic/regions.bed")),
                Arguments.of(DATA.resolve("real/bioc-variantannotation/chr22.vcf.gz"), null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputs")
    void bcfWritesTheSameDatasetAsVcf(Path vcf, Path regions) throws IOException {
        Oracle.BCFTOOLS.require();
        Path bed = regions != null ? regions : chr22Regions();
        Path bcf = tmp.resolve("in.bcf");
        Oracle.BCFTOOLS.run(List.of("view", "-Ob", "-o", bcf.toString(), vcf.toString()));
        Oracle.BCFTOOLS.run(List.of("index", bcf.toString()));
        Path fromVcf = tmp.resolve("vcf.gvl");
        Path fromBcf = tmp.resolve("bcf.gvl");
        Gvl.write(fromVcf, WriteOptions.builder(bed).variants(vcf).maxJitter(3).build());
        Gvl.write(fromBcf, WriteOptions.builder(bed).variants(bcf).maxJitter(3).build());
        SortedMap<String, byte[]> expected = Stored.tree(fromVcf);
        SortedMap<String, byte[]> actual = Stored.tree(fromBcf);
        assertTrue(expected.keySet().stream().anyMatch(k -> k.startsWith("genotypes/")), expected.keySet().toString());
        assertEquals(expected.keySet(), actual.keySet());
        expected.forEach((k, v) -> assertArrayEquals(v, actual.get(k), k));
    }

    /** Regions across chr22.vcf.gz's records (positions 50.3 Mb to 51.2 Mb), some without variants. */
    private Path chr22Regions() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            int start = 50_250_000 + i * 25_000;
            sb.append("22\t").append(start).append('\t').append(start + 2_000 + i * 37).append('\n');
        }
        Path bed = tmp.resolve("chr22.bed");
        Files.writeString(bed, sb);
        return bed;
    }
}
