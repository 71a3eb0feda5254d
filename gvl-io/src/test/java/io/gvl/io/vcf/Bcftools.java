package io.gvl.io.vcf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.TestData;
import io.gvl.io.variant.VariantBatch;
import io.gvl.testkit.Oracle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Makes BCF and CSI-indexed copies of VCFs with bcftools, and compares the batches two readers return. */
final class Bcftools {
    private Bcftools() {}

    /** {@code vcf} as BGZF BCF with a CSI index, in {@code dir}. */
    static Path bcf(Path vcf, Path dir) {
        Path out = dir.resolve(stem(vcf) + ".bcf");
        Oracle.BCFTOOLS.run(List.of("view", "-Ob", "-o", out.toString(), vcf.toString()));
        Oracle.BCFTOOLS.run(List.of("index", out.toString()));
        return out;
    }

    /** A copy of bgzipped {@code vcf} in a fresh folder of {@code dir}, indexed with CSI only (default bins). */
    static Path csiOnly(Path vcf, Path dir) {
        return csiOnly(vcf, dir, 14);
    }

    /** As {@link #csiOnly(Path, Path)} with {@code 2^minShift}-base leaf bins (small ones give a deeper index). */
    static Path csiOnly(Path vcf, Path dir, int minShift) {
        try {
            Path sub = Files.createTempDirectory(dir, "csi");
            Path copy = TestData.copy(sub, vcf);
            Oracle.BCFTOOLS.run(List.of("index", "-m", String.valueOf(minShift), copy.toString()));
            assertTrue(Files.exists(sub.resolve(copy.getFileName() + ".csi")));
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String stem(Path vcf) {
        return vcf.getFileName().toString().replaceAll("\\.vcf(\\.gz)?$", "");
    }

    static void assertSameBatch(VariantBatch expected, VariantBatch actual, String where) {
        assertEquals(expected.contig(), actual.contig(), where);
        assertArrayEquals(expected.positions(), actual.positions(), where + " positions");
        assertArrayEquals(expected.ref(), actual.ref(), where + " REF");
        assertArrayEquals(expected.refOffsets(), actual.refOffsets(), where + " REF offsets");
        assertArrayEquals(expected.alt(), actual.alt(), where + " ALT");
        assertArrayEquals(expected.altOffsets(), actual.altOffsets(), where + " ALT offsets");
        assertEquals(expected.samples(), actual.samples(), where);
        assertEquals(expected.ploidy(), actual.ploidy(), where);
        assertArrayEquals(expected.genotypes(), actual.genotypes(), where + " genotypes");
        assertSameFields(expected.format(), actual.format(), where + " FORMAT");
        assertSameFields(expected.info(), actual.info(), where + " INFO");
    }

    private static void assertSameFields(Map<String, float[]> expected, Map<String, float[]> actual, String where) {
        assertEquals(expected.keySet(), actual.keySet(), where);
        for (String key : expected.keySet()) {
            assertArrayEquals(expected.get(key), actual.get(key), where + " " + key);
        }
    }
}
