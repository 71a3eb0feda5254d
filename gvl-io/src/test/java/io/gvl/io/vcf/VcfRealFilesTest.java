package io.gvl.io.vcf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.TestData;
import io.gvl.io.internal.vcf.AlleleKind;
import io.gvl.io.variant.UnsupportedVariants;
import io.gvl.io.variant.VariantBatch;
import io.gvl.io.variant.VariantRequest;
import io.gvl.testkit.Oracle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every real VCF reads as bcftools sees it, and the README's counts hold. */
class VcfRealFilesTest {
    static Stream<Arguments> vcfs() {
        return Stream.of(
                Arguments.of(TestData.real("vg-1mb1kgp/z.vcf.gz"), 0, 28_998, 138, 24),
                Arguments.of(TestData.real("bioc-variantannotation/chr22.vcf.gz"), 5, 10_376, 0, 0),
                Arguments.of(TestData.real("bioc-variantannotation/hapmap_exome_chr22.vcf.gz"), 22, 1_011, 40, 0),
                Arguments.of(TestData.real("jbrowse-volvox/volvox.filtered.vcf.gz"), 1, 45, 3, 0),
                Arguments.of(TestData.real("jbrowse-volvox/volvox.test.vcf.gz"), 1_094, 109, -1, 3),
                Arguments.of(TestData.shared().resolve("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz"), 16, 4_715, 0, 0),
                Arguments.of(TestData.fixture("synthetic/filtered.vcf.gz"), 3, 17, 0, 0));
    }

    @ParameterizedTest
    @MethodSource("vcfs")
    void countsMatchReadme(Path vcf, int samples, int records, long multi, long symbolic) {
        try (VcfReader r = VcfReader.open(vcf, VcfReader.Unsupported.SKIP)) {
            assertEquals(samples, r.samples().size());
            UnsupportedVariants u = r.scanUnsupported();
            if (multi >= 0) {
                assertEquals(multi, u.multiallelic());
            }
            assertEquals(symbolic, u.symbolic());
            long supported = 0;
            for (String c : r.contigs()) {
                supported += r.query(c, 0, Integer.MAX_VALUE, r.allSamples()).size();
            }
            assertEquals(records, supported + u.total(), "records = supported + unsupported");
        }
    }

    @ParameterizedTest
    @MethodSource("vcfs")
    void recordsAndGenotypesMatchBcftools(Path vcf) {
        Oracle.BCFTOOLS.require();
        List<String[]> expected = new ArrayList<>();
        for (String line : Oracle.BCFTOOLS.run(List.of("query", "-f", "%CHROM\t%POS\t%REF\t%ALT[\t%GT]\n",
                vcf.toString())).split("\n")) {
            String[] f = line.split("\t", -1);
            if (!line.isEmpty() && AlleleKind.of(f[3]) == AlleleKind.SUPPORTED) {
                expected.add(f);
            }
        }
        try (VcfReader r = VcfReader.open(vcf, VcfReader.Unsupported.SKIP)) {
            int k = 0;
            for (String c : r.contigs()) {
                VariantBatch b = r.query(c, 0, Integer.MAX_VALUE, r.allSamples());
                for (int i = 0; i < b.size(); i++, k++) {
                    String[] e = expected.get(k);
                    String where = vcf.getFileName() + " " + e[0] + ":" + e[1];
                    assertEquals(e[0], b.contig(), where);
                    assertEquals(Integer.parseInt(e[1]) - 1, b.positions()[i], where);
                    assertEquals(e[2], bytes(b.ref(), b.refOffsets(), i), where);
                    assertEquals(e[3], bytes(b.alt(), b.altOffsets(), i), where);
                    for (int s = 0; s < b.samples(); s++) {
                        byte[] codes = codes(e[4 + s]);
                        assertEquals(codes[0], b.genotype(i, s, 0), where + " sample " + s + " " + e[4 + s]);
                        assertEquals(codes[1], b.genotype(i, s, 1), where + " sample " + s + " " + e[4 + s]);
                    }
                }
            }
            assertEquals(expected.size(), k);
        }
    }

    @Test
    void randomRegionsMatchBcftoolsRegionQueries() {
        Oracle.BCFTOOLS.require();
        Path vcf = TestData.real("bioc-variantannotation/chr22.vcf.gz");
        Random rnd = new Random(424242L);
        try (VcfReader r = VcfReader.open(vcf)) {
            for (int q = 0; q < 12; q++) {
                int start = 50_300_000 + rnd.nextInt(700_000);
                int end = start + 1 + rnd.nextInt(20_000);
                String region = "22:" + (start + 1) + "-" + end;
                String out = Oracle.BCFTOOLS.run(List.of("query", "-r", region, "-f", "%POS\n", vcf.toString()));
                List<Integer> expected = out.isEmpty() ? List.of()
                        : Stream.of(out.split("\n")).map(p -> Integer.parseInt(p) - 1).toList();
                VariantBatch b = r.query("chr22", start, end, r.request(List.of("HG00097")));
                assertEquals(expected, java.util.Arrays.stream(b.positions()).boxed().toList(), region);
            }
        }
    }

    @Test
    void requestedFormatAndInfoFieldsMatchBcftools() {
        Oracle.BCFTOOLS.require();
        Path vcf = TestData.real("bioc-variantannotation/chr22.vcf.gz");
        String[] lines = Oracle.BCFTOOLS.run(List.of("query", "-f", "%INFO/AF[\t%DS]\n", vcf.toString())).split("\n");
        try (VcfReader r = VcfReader.open(vcf)) {
            VariantRequest req = r.request(List.of("HG00101", "HG00096")).withFormat("DS").withInfo("AF");
            VariantBatch b = r.query("22", 0, Integer.MAX_VALUE, req);
            assertEquals(lines.length, b.size());
            for (int i = 0; i < b.size(); i++) {
                String[] f = lines[i].split("\t");
                assertEquals(Float.parseFloat(f[0]), b.info().get("AF")[i], "AF " + i);
                assertEquals(Float.parseFloat(f[5]), b.format().get("DS")[i * 2], "DS HG00101 " + i);
                assertEquals(Float.parseFloat(f[1]), b.format().get("DS")[i * 2 + 1], "DS HG00096 " + i);
            }
        }
    }

    @Test
    void plainVcfWithUnphasedAndMissingCalls() {
        Path vcf = TestData.real("bioc-variantannotation/ex2.vcf");
        try (VcfReader r = VcfReader.open(vcf, VcfReader.Unsupported.SKIP)) {
            assertEquals(List.of("NA00001", "NA00002", "NA00003"), r.samples());
            VariantBatch b = r.query("20", 0, 2_000_000, r.allSamples());
            assertEquals(2, b.size(), "two biallelic records; multiallelic skipped, '.' ALT has nothing to apply");
            assertEquals(14_369, b.positions()[0]);
            assertEquals(1, b.genotype(0, 1, 0), "1|0 first allele");
            assertEquals(0, b.genotype(0, 1, 1));
            assertEquals(1, b.genotype(0, 2, 0), "1/1 unphased, file order");
            assertEquals(1, b.genotype(0, 2, 1));
            assertTrue(b.genotype(1, 1, 1) == 1 && b.genotype(1, 1, 0) == 0, "0|1");
        }
    }

    private static String bytes(byte[] data, int[] offsets, int i) {
        return new String(data, offsets[i], offsets[i + 1] - offsets[i], StandardCharsets.US_ASCII);
    }

    private static byte[] codes(String gt) {
        byte[] out = new byte[2];
        String[] alleles = gt.split("[|/]");
        for (int p = 0; p < Math.min(2, alleles.length); p++) {
            out[p] = (byte) (alleles[p].equals("1") ? 1 : 0);
        }
        return out;
    }
}
