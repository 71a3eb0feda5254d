package io.gvl.io.svar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.gvl.io.TestData;
import io.gvl.testkit.Oracle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Converting the inputs of each committed genoray 6.0.2 store gives the same bytes, file by file (same file set,
 * same contents), as genoray's {@code SparseVar2.from_vcf}.
 */
class Svar2WriterGoldenTest {
    static final Path FASTA = TestData.shared().resolve("real/vg-1mb1kgp/z.fa");

    @TempDir
    Path tmp;

    /** Every regular file under {@code dir}, by relative path, with its bytes. */
    static TreeMap<String, byte[]> files(Path dir) {
        TreeMap<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                out.put(dir.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Asserts that two store directories hold the same files with the same bytes. */
    static void assertSameStore(Path expected, Path actual) {
        TreeMap<String, byte[]> e = files(expected);
        TreeMap<String, byte[]> a = files(actual);
        assertEquals(e.keySet(), a.keySet(), "file set of " + actual + " vs " + expected);
        for (String f : e.keySet()) {
            assertArrayEquals(e.get(f), a.get(f), f + " differs from genoray's");
        }
    }

    private Path convert(Path input, Path fasta, String name, List<String> info, List<String> format) {
        Path out = tmp.resolve(name);
        Svar2Converter.Summary s = Svar2Converter.convert(input, fasta, out,
                new Svar2Converter.Options(info, format, null, false, tmp.resolve("refcache")));
        assertFalse(s.contigs().isEmpty());
        return out;
    }

    @Test
    void zFromVcfEqualsGenoray() {
        assertSameStore(Svar2Fixtures.svar("z.svar2"), convert(Svar2Fixtures.VCF, FASTA, "z.svar2", List.of(),
                List.of()));
    }

    /** A BCF made from the VCF by bcftools (with its CSI index) converts to the same store. */
    @Test
    void zFromBcfEqualsGenoray() {
        Path bcf = tmp.resolve("z.bcf");
        Oracle.BCFTOOLS.run("view", "-Ob", "-o", bcf.toString(), Svar2Fixtures.VCF.toString());
        Oracle.BCFTOOLS.run("index", "--csi", bcf.toString());
        assertSameStore(Svar2Fixtures.svar("z.svar2"), convert(bcf, FASTA, "z.svar2", List.of(), List.of()));
    }

    /** A PGEN made from the VCF by plink2 (as genoray's from_pgen check did) converts to the same store. */
    @Test
    void zFromPgenEqualsGenoray() {
        Path prefix = tmp.resolve("zp");
        Oracle.PLINK2.run("--vcf", Svar2Fixtures.VCF.toString(), "--allow-extra-chr", "--vcf-half-call", "r",
                "--make-pgen", "--threads", "1", "--out", prefix.toString());
        assertSameStore(Svar2Fixtures.svar("z.svar2"), convert(tmp.resolve("zp.pgen"), FASTA, "zp.svar2", List.of(),
                List.of()));
        assertSameStore(Svar2Fixtures.svar("z.svar2"), convert(prefix, FASTA, "zp2.svar2", List.of(), List.of()));
    }

    @Test
    void zdsWithFormatDsEqualsGenoray() {
        assertSameStore(Svar2Fixtures.svar("zds.svar2"), convert(Svar2Fixtures.svar("inputs/zds.vcf.gz"), FASTA,
                "zds.svar2", List.of(), List.of("DS")));
    }

    @Test
    void zfWithInfoAfDpEqualsGenoray() {
        assertSameStore(Svar2Fixtures.svar("zf.svar2"), convert(Svar2Fixtures.VCF, FASTA, "zf.svar2",
                List.of("AF", "DP"), List.of()));
    }

    @Test
    void yzTwoContigsEqualsGenoray() {
        assertSameStore(Svar2Fixtures.svar("yz.svar2"), convert(Svar2Fixtures.svar("inputs/yz.vcf.gz"),
                Svar2Fixtures.svar("inputs/yz.fa"), "yz.svar2", List.of(), List.of()));
    }
}
