package io.gvl.io.vcf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.InputFormatException;
import io.gvl.io.TestData;
import io.gvl.io.variant.VariantBatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VcfBadInputTest {
    private static final String HEADER = "##fileformat=VCFv4.2\n##contig=<ID=chr1,length=1000>\n"
            + "##contig=<ID=chr2,length=1000>\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\tB\n";

    @TempDir
    Path tmp;

    private Path vcf(String records) throws IOException {
        Path p = tmp.resolve("bad.vcf");
        Files.writeString(p, HEADER + records);
        return p;
    }

    private static InputFormatException fails(Path vcf, String contig) {
        try (VcfReader r = VcfReader.open(vcf)) {
            return assertThrows(InputFormatException.class, () -> r.query(contig, 0, 1000, r.allSamples()));
        }
    }

    private static void assertMentions(InputFormatException e, String... parts) {
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "'" + part + "' missing from: " + e.getMessage());
        }
    }

    @Test
    void symbolicAllele() throws IOException {
        InputFormatException e = fails(vcf("chr1\t10\t.\tA\t<DEL>\t.\t.\tSVTYPE=DEL\tGT\t0|1\t0|0\n"), "chr1");
        assertMentions(e, "bad.vcf", "chr1:10", "symbolic", "bcftools norm -f ref.fa -a --atom-overlaps . -m -any");
    }

    @Test
    void realStructuralVcfIsRejected() {
        Path sv = TestData.real("bioc-variantannotation/structural.vcf");
        try (VcfReader r = VcfReader.open(sv)) {
            InputFormatException e = assertThrows(InputFormatException.class, r::requireSupported);
            assertMentions(e, "structural.vcf", "symbolic", "bcftools norm");
        }
    }

    @Test
    void multiallelicRecord() throws IOException {
        InputFormatException e = fails(vcf("chr1\t10\t.\tA\tC,G\t.\t.\t.\tGT\t1|2\t0|0\n"), "chr1");
        assertMentions(e, "bad.vcf", "chr1:10", "multiallelic", "-m -any");
    }

    @Test
    void breakendAllele() throws IOException {
        InputFormatException e = fails(vcf("chr1\t10\t.\tA\tA[chr2:5[\t.\t.\t.\tGT\t0|1\t0|0\n"), "chr1");
        assertMentions(e, "bad.vcf", "chr1:10", "breakend");
    }

    @Test
    void badGenotypeCharacter() throws IOException {
        InputFormatException e = fails(vcf("chr1\t10\t.\tA\tC\t.\t.\t.\tGT\t0|x\t0|0\n"), "chr1");
        assertMentions(e, "bad.vcf", "chr1:10", "sample A", "bad GT");
    }

    @Test
    void genotypeAlleleOutOfRange() throws IOException {
        InputFormatException e = fails(vcf("chr1\t10\t.\tA\tC\t.\t.\t.\tGT\t0|0\t2/1\n"), "chr1");
        assertMentions(e, "sample B", "allele 2");
    }

    @Test
    void nonIntegerPosition() throws IOException {
        InputFormatException e = fails(vcf("chr1\tten\t.\tA\tC\t.\t.\t.\tGT\t0|0\t0|0\n"), "chr1");
        assertMentions(e, "bad.vcf", "POS 'ten'");
    }

    @Test
    void absentContig() throws IOException {
        InputFormatException e = fails(vcf("chr1\t10\t.\tA\tC\t.\t.\t.\tGT\t0|1\t0|0\n"), "chr7");
        assertMentions(e, "bad.vcf", "contig 'chr7'");
    }

    @Test
    void declaredContigWithoutRecordsIsEmptyAndPrefixIsOptional() throws IOException {
        try (VcfReader r = VcfReader.open(vcf("chr1\t10\t.\tA\tC\t.\t.\t.\tGT\t0|1\t./.\n"))) {
            assertEquals(0, r.query("2", 0, 1000, r.allSamples()).size());
            VariantBatch b = r.query("1", 0, 1000, r.allSamples());
            assertEquals(1, b.size());
            assertEquals(0, b.genotype(0, 1, 0), "missing counts as REF");
        }
    }

    @Test
    void unknownSampleName() throws IOException {
        try (VcfReader r = VcfReader.open(vcf(""))) {
            InputFormatException e = assertThrows(InputFormatException.class, () -> r.request(List.of("Z")));
            assertMentions(e, "sample 'Z'");
        }
    }

    @Test
    void missingIndex() {
        Path copy = TestData.copy(tmp, TestData.real("jbrowse-volvox/volvox.filtered.vcf.gz"));
        InputFormatException e = assertThrows(InputFormatException.class, () -> VcfReader.open(copy));
        assertMentions(e, "volvox.filtered.vcf.gz", "no index", "bcftools index -t");
    }

    @Test
    void indexOlderThanFile() throws IOException {
        Path src = TestData.real("jbrowse-volvox/volvox.filtered.vcf.gz");
        Path copy = TestData.copy(tmp, src, src.resolveSibling(src.getFileName() + ".tbi"));
        Path tbi = tmp.resolve(src.getFileName() + ".tbi");
        Files.setLastModifiedTime(tbi, FileTime.fromMillis(Files.getLastModifiedTime(copy).toMillis() - 60_000));
        InputFormatException e = assertThrows(InputFormatException.class, () -> VcfReader.open(copy));
        assertMentions(e, ".tbi", "older", "tabix -f -p vcf");
    }

    @Test
    void truncatedBgzipBlock() throws IOException {
        Path src = TestData.real("bioc-variantannotation/chr22.vcf.gz");
        Path copy = TestData.copy(tmp, src, src.resolveSibling(src.getFileName() + ".tbi"));
        byte[] all = Files.readAllBytes(copy);
        Files.write(copy, Arrays.copyOf(all, all.length * 2 / 3));
        Path tbi = tmp.resolve(src.getFileName() + ".tbi");
        Files.setLastModifiedTime(tbi, FileTime.fromMillis(Files.getLastModifiedTime(copy).toMillis() + 2_000));
        InputFormatException e = assertThrows(InputFormatException.class, () -> {
            try (VcfReader r = VcfReader.open(copy)) {
                r.query("22", 50_900_000, 51_000_000, r.allSamples());
            }
        });
        assertMentions(e, "chr22.vcf.gz", "truncated", "chr22.vcf.gz.tbi");
    }

    @Test
    void duplicateSampleNameInHeader() throws IOException {
        Path p = tmp.resolve("dup.vcf");
        Files.writeString(p, HEADER.replace("\tA\tB\n", "\tA\tB\tA\n") + "chr1\t10\t.\tA\tC\t.\t.\t.\tGT\t0|1\t0|0\t1|1\n");
        InputFormatException e = assertThrows(InputFormatException.class, () -> VcfReader.open(p));
        assertMentions(e, "dup.vcf", "line 4", "'A'", "columns 1 and 3", "bcftools reheader");
    }

    @Test
    void duplicateSampleNameInRealVcf() throws IOException {
        Path src = TestData.real("bioc-variantannotation/hapmap_exome_chr22.vcf.gz");
        String text;
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(src))) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        String edited = text.replace("\tNA07048@1099927687\t", "\tNA07034@1099927558\t");
        assertTrue(!edited.equals(text));
        Path p = tmp.resolve("hapmap_dup.vcf");
        Files.writeString(p, edited);
        InputFormatException e = assertThrows(InputFormatException.class, () -> VcfReader.open(p));
        assertMentions(e, "hapmap_dup.vcf", "NA07034@1099927558", "twice", "columns 1 and 2");
    }

    @Test
    void useAfterClose() throws IOException {
        VcfReader r = VcfReader.open(vcf(""));
        r.close();
        r.close();
        assertThrows(IllegalStateException.class, () -> r.query("chr1", 0, 10, r.allSamples()));
    }
}
