package io.gvl.io.vcf;

import static io.gvl.io.vcf.Bcftools.assertSameBatch;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.io.TestData;
import io.gvl.io.variant.VariantBatch;
import io.gvl.io.variant.VariantRequest;
import io.gvl.testkit.Oracle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same VCF read as .vcf.gz + .tbi, as .vcf.gz + .csi and as .bcf + .csi gives identical batches: positions,
 * alleles, genotypes and requested FORMAT/INFO values, for whole contigs and seeded random regions and samples.
 */
class BcfCsiParityTest {
    private static final List<String> FORMAT = List.of("DS", "GT", "AD", "ST", "NOPE");
    private static final List<String> INFO = List.of("AF", "AC", "AN", "DP", "AA", "FL", "NI", "NOPE");

    @TempDir
    static Path tmp;

    static Stream<Arguments> vcfs() {
        return Stream.of(
                Arguments.of(TestData.real("bioc-variantannotation/chr22.vcf.gz"), 11L),
                Arguments.of(TestData.shared().resolve("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz"), 12L),
                Arguments.of(TestData.fixture("synthetic/filtered.vcf.gz"), 13L));
    }

    @BeforeAll
    static void needsBcftools() {
        Oracle.BCFTOOLS.require();
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("vcfs")
    void bcfAndCsiReadAsTabixVcf(Path vcf, long seed) {
        Path bcf = Bcftools.bcf(vcf, tmp);
        Path csiVcf = vcf.getFileName().toString().equals("filtered.vcf.gz")
                ? TestData.copy(tmp, vcf, vcf.resolveSibling(vcf.getFileName() + ".csi")) // ships its own .csi
                : Bcftools.csiOnly(vcf, tmp, 9); // small bins: a deeper index than the BCF's default one
        try (VcfReader tbi = VcfReader.open(vcf); VcfReader csi = VcfReader.open(csiVcf);
                VcfReader b = VcfReader.open(bcf)) {
            for (VcfReader other : List.of(csi, b)) {
                String who = other.path().getFileName().toString();
                assertEquals(tbi.samples(), other.samples(), who);
                assertEquals(tbi.contigs(), other.contigs(), who);
                assertEquals(tbi.normalizer().contigs(), other.normalizer().contigs(), who);
                assertEquals(tbi.scanUnsupported(), other.scanUnsupported(), who);
                for (String c : tbi.contigs()) {
                    VariantRequest all = withFields(tbi.allSamples());
                    assertSameBatch(tbi.query(c, 0, Integer.MAX_VALUE, all), other.query(c, 0, Integer.MAX_VALUE, all),
                            who + " " + c);
                }
            }
            Random rnd = new Random(seed);
            java.util.Map<String, int[]> spans = new java.util.HashMap<>();
            for (int q = 0; q < 120; q++) {
                String contig = tbi.contigs().get(rnd.nextInt(tbi.contigs().size()));
                int[] span = spans.computeIfAbsent(contig, c -> span(tbi, c));
                int start = span[0] + rnd.nextInt(Math.max(1, span[1] - span[0]));
                int end = start + 1 + rnd.nextInt(q % 4 == 0 ? 200_000 : 5_000);
                VariantRequest req = randomSamples(tbi, rnd);
                if (rnd.nextBoolean()) {
                    req = withFields(req);
                }
                VariantBatch expected = tbi.query(contig, start, end, req);
                String where = "seed " + seed + " query " + q + " " + contig + ":" + start + "-" + end;
                assertSameBatch(expected, csi.query(contig, start, end, req), "csi " + where);
                assertSameBatch(expected, b.query(contig, start, end, req), "bcf " + where);
            }
        }
    }

    /** Flags, lists, missing values, haploid calls, a record without GT and one without ALT. */
    @org.junit.jupiter.api.Test
    void edgeCasesReadAsPlainVcf() throws java.io.IOException {
        Path dir = java.nio.file.Files.createTempDirectory(tmp, "edge");
        Path[] files = BcfBadInputTest.pair(dir, """
                chr1	5	.	A	.	.	.	.	GT	0|0	0|0
                chr1	10	.	A	C	.	.	FL;NI=3,4	GT:DS:AD:ST	0|1:0.5:3,4:2.5	1:.:.:x
                chr1	12	.	AT	A	.	.	NI=.	GT:DS	1/0:1	./.:0.25
                chr1	15	.	C	G	.	.	.	GT	.|1	0|.
                chr1	20	.	G	T	.	.	FL	GT	1|1	0|1
                chr1	30	.	T	TA	.	.	.	DS	0.1	0.2
                chr1	40	.	TAAAC	T	.	.	END=44	GT	0/1	1/1
                chr2	3	.	G	C	.	.	.	GT:DS	0|1	1|0:7
                """);
        try (VcfReader vcf = VcfReader.open(files[0]); VcfReader bcf = VcfReader.open(files[1])) {
            List<VariantRequest> requests = List.of(withFields(vcf.allSamples()), withFields(vcf.request(List.of("B"))),
                    vcf.request(List.of("B", "A")).withFormat("AD").withFormat("ST").withInfo("FL").withInfo("NI"));
            int[][] regions = {{0, 1000}, {10, 12}, {11, 12}, {12, 13}, {0, 10}, {40, 44}, {43, 44}, {44, 45}};
            for (VariantRequest req : requests) {
                for (String c : List.of("chr1", "chr2")) {
                    for (int[] g : regions) {
                        assertSameBatch(vcf.query(c, g[0], g[1], req), bcf.query(c, g[0], g[1], req),
                                c + ":" + g[0] + "-" + g[1]);
                    }
                }
            }
            VariantBatch b = bcf.query("chr1", 0, 1000, withFields(bcf.allSamples()));
            assertEquals(6, b.size(), "the record without ALT is skipped");
            assertEquals(1f, b.info().get("FL")[0], "flag present");
            assertEquals(2.5f, b.format().get("ST")[0], "numeric string");
        }
    }

    /** A call with more alleles than the stored ploidy would lose one: both readers refuse it by record and sample. */
    @org.junit.jupiter.api.Test
    void triploidCallsAreRefusedByBothReaders() throws java.io.IOException {
        Path dir = java.nio.file.Files.createTempDirectory(tmp, "triploid");
        Path[] files = BcfBadInputTest.pair(dir, """
                chr1	10	.	A	C	.	.	.	GT	0|1	0|0
                chr1	20	.	G	T	.	.	.	GT	0|1	1|1|0
                """);
        for (Path f : files) {
            try (VcfReader r = VcfReader.open(f)) {
                io.gvl.io.InputFormatException e = org.junit.jupiter.api.Assertions.assertThrows(
                        io.gvl.io.InputFormatException.class, () -> r.query("chr1", 0, 100, r.allSamples()));
                String m = e.getMessage();
                org.junit.jupiter.api.Assertions.assertTrue(m.contains(f.getFileName().toString())
                        && m.contains("chr1:20") && m.contains("sample B") && m.contains("1|1|0")
                        && m.contains("diploid"), m);
            }
        }
    }

    private static VariantRequest withFields(VariantRequest r) {
        for (String f : FORMAT) {
            r = r.withFormat(f);
        }
        for (String i : INFO) {
            r = r.withInfo(i);
        }
        return r;
    }

    private static VariantRequest randomSamples(VcfReader r, Random rnd) {
        List<String> names = new ArrayList<>(r.samples());
        java.util.Collections.shuffle(names, rnd);
        return r.request(names.subList(0, rnd.nextInt(names.size() + 1)));
    }

    /** First and last position of {@code contig}, so random queries land where the records are. */
    private static int[] span(VcfReader r, String contig) {
        VariantBatch all = r.query(contig, 0, Integer.MAX_VALUE, new VariantRequest(new int[0], List.of(), List.of()));
        int[] p = all.positions();
        return p.length == 0 ? new int[] {0, 1} : new int[] {Math.max(0, p[0] - 2_000), p[p.length - 1] + 2_000};
    }
}
