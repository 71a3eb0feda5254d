package io.gvl.io.vcf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.InputFormatException;
import io.gvl.io.TestData;
import io.gvl.testkit.Oracle;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/** BCF and CSI inputs fail like VCF inputs: the same typed errors, naming the file, the record and the fix. */
class BcfBadInputTest {
    static final String HEADER = """
            ##fileformat=VCFv4.2
            ##contig=<ID=chr1,length=1000>
            ##contig=<ID=chr2,length=1000>
            ##ALT=<ID=DEL,Description="deletion">
            ##INFO=<ID=SVTYPE,Number=1,Type=String,Description="t">
            ##INFO=<ID=FL,Number=0,Type=Flag,Description="t">
            ##INFO=<ID=NI,Number=.,Type=Integer,Description="t">
            ##INFO=<ID=END,Number=1,Type=Integer,Description="t">
            ##FORMAT=<ID=GT,Number=1,Type=String,Description="t">
            ##FORMAT=<ID=DS,Number=1,Type=Float,Description="t">
            ##FORMAT=<ID=AD,Number=R,Type=Integer,Description="t">
            ##FORMAT=<ID=ST,Number=1,Type=String,Description="t">
            #CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\tB
            """;

    @TempDir
    Path tmp;

    @BeforeEach
    void needsBcftools() {
        Oracle.BCFTOOLS.require();
    }

    /** Writes {@code records} as plain VCF and converts it to an indexed BCF; returns {vcf, bcf}. */
    static Path[] pair(Path dir, String records) throws IOException {
        Path vcf = dir.resolve("bad.vcf");
        Files.writeString(vcf, HEADER + records);
        return new Path[] {vcf, Bcftools.bcf(vcf, dir)};
    }

    /** The BCF's error is the VCF's error, word for word apart from the file name. */
    private static void assertSameError(Path[] files, String contig) {
        String expected = message(files[0], r -> r.query(contig, 0, 1000, r.allSamples()));
        String actual = message(files[1], r -> r.query(contig, 0, 1000, r.allSamples()));
        assertEquals(expected, actual.replace(files[1].toString(), files[0].toString()));
    }

    private static String message(Path file, java.util.function.Consumer<VcfReader> use) {
        try (VcfReader r = VcfReader.open(file)) {
            InputFormatException e = assertThrows(InputFormatException.class, () -> use.accept(r));
            assertEquals(file, e.file());
            return e.getMessage();
        }
    }

    private static InputFormatException fails(Executable run, String... parts) {
        InputFormatException e = assertThrows(InputFormatException.class, run);
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "'" + part + "' missing from: " + e.getMessage());
        }
        return e;
    }

    @Test
    void symbolicAllele() throws IOException {
        assertSameError(pair(tmp, "chr1\t10\t.\tA\t<DEL>\t.\t.\tSVTYPE=DEL\tGT\t0|1\t0|0\n"), "chr1");
    }

    @Test
    void multiallelicRecord() throws IOException {
        Path[] files = pair(tmp, "chr1\t10\t.\tA\tC,G\t.\t.\t.\tGT\t1|2\t0|0\n");
        assertSameError(files, "chr1");
        try (VcfReader r = VcfReader.open(files[1])) {
            fails(() -> r.query("chr1", 0, 1000, r.allSamples()), "bad.bcf", "chr1:10", "multiallelic", "-m -any");
        }
    }

    @Test
    void breakendAllele() throws IOException {
        assertSameError(pair(tmp, "chr1\t10\t.\tA\tA[chr2:5[\t.\t.\t.\tGT\t0|1\t0|0\n"), "chr1");
    }

    @Test
    void genotypeAlleleOutOfRange() throws IOException {
        assertSameError(pair(tmp, "chr1\t10\t.\tA\tC\t.\t.\t.\tGT\t0|0\t2/1\n"), "chr1");
    }

    @Test
    void wholeFileScanCountsTheSame() throws IOException {
        Path[] files = pair(tmp, "chr1\t10\t.\tA\t<DEL>\t.\t.\tSVTYPE=DEL\tGT\t0|1\t0|0\n"
                + "chr1\t20\t.\tA\tA[chr2:5[\t.\t.\t.\tGT\t0|1\t0|0\n"
                + "chr1\t30\t.\tA\tC,G\t.\t.\t.\tGT\t0|1\t0|2\n"
                + "chr2\t30\t.\tA\tC\t.\t.\t.\tGT\t0|1\t0|1\n");
        String expected = message(files[0], VcfReader::requireSupported);
        String actual = message(files[1], VcfReader::requireSupported);
        assertEquals(expected, actual.replace(files[1].toString(), files[0].toString()));
        assertTrue(actual.contains("1 multi-allelic, 1 symbolic (e.g. <DEL>/<INS>), 1 breakend"), actual);
    }

    @Test
    void realStructuralVcfAsBcfIsRejected() throws IOException {
        // BCF needs every contig declared; the file relies on VCF's leniency
        String text = Files.readString(TestData.real("bioc-variantannotation/structural.vcf"));
        Path vcf = tmp.resolve("structural.vcf");
        String contigs = "##contig=<ID=1>\n##contig=<ID=2>\n##contig=<ID=3>\n##contig=<ID=4>\n";
        Files.writeString(vcf, text.replace("#CHROM", contigs + "#CHROM"));
        Path bcf = Bcftools.bcf(vcf, tmp);
        String expected = message(vcf, VcfReader::requireSupported);
        String actual = message(bcf, VcfReader::requireSupported);
        assertEquals(expected, actual.replace(bcf.toString(), vcf.toString()));
        assertTrue(actual.contains("structural.bcf") && actual.contains("symbolic"), actual);
    }

    @Test
    void truncatedBcf() throws IOException {
        Path bcf = Bcftools.bcf(TestData.real("bioc-variantannotation/chr22.vcf.gz"), tmp);
        byte[] all = Files.readAllBytes(bcf);
        Files.write(bcf, Arrays.copyOf(all, all.length * 2 / 3));
        Path csi = tmp.resolve("chr22.bcf.csi");
        Files.setLastModifiedTime(csi, FileTime.fromMillis(Files.getLastModifiedTime(bcf).toMillis() + 2_000));
        try (VcfReader r = VcfReader.open(bcf)) {
            fails(() -> r.query("22", 50_900_000, 51_000_000, r.allSamples()), "chr22.bcf", "truncated",
                    "bcftools view -Ob");
            fails(r::scanUnsupported, "chr22.bcf", "truncated");
        }
    }

    @Test
    void bcfWithoutIndex() {
        Path bcf = Bcftools.bcf(TestData.fixture("synthetic/filtered.vcf.gz"), tmp);
        assertTrue(tmp.resolve("filtered.bcf.csi").toFile().delete());
        fails(() -> VcfReader.open(bcf), "filtered.bcf", "no index", "bcftools index " + bcf);
    }

    @Test
    void csiThatIsNotGzip() throws IOException {
        Path bcf = Bcftools.bcf(TestData.fixture("synthetic/filtered.vcf.gz"), tmp);
        Files.write(tmp.resolve("filtered.bcf.csi"), new byte[] {'C', 'S', 'I', 1, 0, 0});
        fails(() -> VcfReader.open(bcf), "filtered.bcf.csi", "not a valid CSI index", "bcftools index -f");
    }

    @Test
    void truncatedCsi() throws IOException {
        Path bcf = Bcftools.bcf(TestData.real("bioc-variantannotation/chr22.vcf.gz"), tmp);
        Path csi = tmp.resolve("chr22.bcf.csi");
        Files.write(csi, gzip(Arrays.copyOf(ungzip(csi), 40)));
        fails(() -> VcfReader.open(bcf), "chr22.bcf.csi", "not a valid CSI index");
    }

    @Test
    void csiWithWrongMagicOrScheme() throws IOException {
        Path bcf = Bcftools.bcf(TestData.real("bioc-variantannotation/chr22.vcf.gz"), tmp);
        Path csi = tmp.resolve("chr22.bcf.csi");
        byte[] good = ungzip(csi);
        byte[] bad = good.clone();
        bad[3] = 2;
        Files.write(csi, gzip(bad));
        fails(() -> VcfReader.open(bcf), "chr22.bcf.csi", "magic");
        bad = good.clone();
        bad[8] = 99; // depth
        Files.write(csi, gzip(bad));
        fails(() -> VcfReader.open(bcf), "chr22.bcf.csi", "binning scheme");
    }

    @Test
    void bcfIndexBesideAVcfIsRefused() throws IOException {
        Path bcf = Bcftools.bcf(TestData.fixture("synthetic/filtered.vcf.gz"), tmp);
        Path dir = Files.createDirectory(tmp.resolve("vcf"));
        Path vcf = TestData.copy(dir, TestData.fixture("synthetic/filtered.vcf.gz"));
        Files.copy(tmp.resolve("filtered.bcf.csi"), dir.resolve("filtered.vcf.gz.csi"));
        assertTrue(bcf.toFile().exists());
        fails(() -> VcfReader.open(vcf), "filtered.vcf.gz.csi", "does not describe a VCF", "bcftools index -c -f");
    }

    @Test
    void staleCsi() throws IOException {
        Path vcf = Bcftools.csiOnly(TestData.fixture("synthetic/filtered.vcf.gz"), tmp);
        Path csi = vcf.resolveSibling("filtered.vcf.gz.csi");
        Files.setLastModifiedTime(csi, FileTime.fromMillis(Files.getLastModifiedTime(vcf).toMillis() - 60_000));
        fails(() -> VcfReader.open(vcf), "filtered.vcf.gz.csi", "older", "bcftools index -c -f");
        Path bcf = Bcftools.bcf(TestData.fixture("synthetic/filtered.vcf.gz"), tmp);
        Path bcsi = tmp.resolve("filtered.bcf.csi");
        Files.setLastModifiedTime(bcsi, FileTime.fromMillis(Files.getLastModifiedTime(bcf).toMillis() - 60_000));
        fails(() -> VcfReader.open(bcf), "filtered.bcf.csi", "older", "bcftools index -f");
    }

    @Test
    void bgzfLevelZeroBcfReadsAsCompressed() {
        Path src = TestData.fixture("synthetic/filtered.vcf.gz");
        Path out = tmp.resolve("level0.bcf");
        Oracle.BCFTOOLS.run(List.of("view", "-Ou", "-o", out.toString(), src.toString()));
        Oracle.BCFTOOLS.run(List.of("index", out.toString()));
        try (VcfReader vcf = VcfReader.open(src); VcfReader bcf = VcfReader.open(out)) {
            Bcftools.assertSameBatch(vcf.query("chr1", 0, Integer.MAX_VALUE, vcf.allSamples()),
                    bcf.query("chr1", 0, Integer.MAX_VALUE, bcf.allSamples()), "level 0");
        }
    }

    @Test
    void rawBcfWithoutBgzf() throws IOException {
        Path bcf = Bcftools.bcf(TestData.fixture("synthetic/filtered.vcf.gz"), tmp);
        Path raw = tmp.resolve("raw.bcf");
        Files.write(raw, ungzip(bcf));
        fails(() -> VcfReader.open(raw), "raw.bcf", "uncompressed BCF", "bcftools view -Ob");
    }

    @Test
    void bcfNameWithoutBcfContents() throws IOException {
        Path bcf = tmp.resolve("x.bcf");
        Files.write(bcf, new byte[] {1, 2, 3});
        fails(() -> VcfReader.open(bcf), "x.bcf", "not a BCF file");
    }

    @Test
    void duplicateSampleNameInHeader() throws IOException {
        Path bcf = pair(tmp, "chr1\t10\t.\tA\tC\t.\t.\t.\tGT\t0|1\t0|0\n")[1];
        byte[] plain = ungzip(bcf);
        String text = new String(plain, java.nio.charset.StandardCharsets.ISO_8859_1);
        int at = text.indexOf("\tA\tB\n");
        assertTrue(at > 0);
        plain[at + 3] = 'A'; // same length, so the header length field stays right
        try (var out = new htsjdk.samtools.util.BlockCompressedOutputStream(bcf.toFile())) {
            out.write(plain);
        }
        Files.setLastModifiedTime(Path.of(bcf + ".csi"), FileTime.fromMillis(System.currentTimeMillis() + 5_000));
        fails(() -> VcfReader.open(bcf), "bad.bcf", "'A'", "twice", "bcftools reheader");
    }

    private static byte[] ungzip(Path file) throws IOException {
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(file))) {
            return in.readAllBytes();
        }
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(data);
        }
        return out.toByteArray();
    }
}
