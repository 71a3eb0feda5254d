package io.gvl.io.vcf;

import static io.gvl.io.vcf.Bcftools.assertSameBatch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.Bgzf;
import io.gvl.io.InputFormatException;
import io.gvl.io.TestData;
import io.gvl.io.variant.VariantBatch;
import io.gvl.io.variant.VariantRequest;
import io.gvl.testkit.Oracle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A tabix or CSI index that does not describe its VCF (another file's, or a stale one with a newer time stamp)
 * is refused naming the VCF, the index and the re-index command, instead of giving too few records; correct
 * indexes give exactly the records of the same file read without an index.
 */
class VcfIndexCheckTest {
    private static final Path CHR22 = TestData.real("bioc-variantannotation/chr22.vcf.gz");
    private static final Path HAPMAP = TestData.real("bioc-variantannotation/hapmap_exome_chr22.vcf.gz");
    private static final Path VOLVOX = TestData.real("jbrowse-volvox/volvox.filtered.vcf.gz");
    private static final Path SYNTH = TestData.shared().resolve("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz");

    @TempDir
    Path tmp;

    private int dirs;

    private Path dir() {
        try {
            return Files.createDirectory(tmp.resolve("d" + dirs++));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path tbiOf(Path vcf) {
        return vcf.resolveSibling(vcf.getFileName() + ".tbi");
    }

    /** {@code data}'s bytes with {@code index} copied beside it as its .tbi, the index made newer than the data. */
    private Path withIndex(byte[] data, String name, Path index) throws IOException {
        Path vcf = dir().resolve(name);
        Files.write(vcf, data);
        Files.copy(index, tbiOf(vcf));
        Files.setLastModifiedTime(tbiOf(vcf), FileTime.fromMillis(Files.getLastModifiedTime(vcf).toMillis() + 5_000));
        return vcf;
    }

    private static VcfReader open(Path vcf) {
        return VcfReader.open(vcf, VcfReader.Unsupported.SKIP);
    }

    private static String text(Path vcfGz) {
        return new String(Bgzf.gunzip(vcfGz), StandardCharsets.UTF_8);
    }

    /** Opening and querying every indexed contig whole must fail with the index-mismatch error. */
    private static InputFormatException assertRefused(Path vcf) {
        InputFormatException e = assertThrows(InputFormatException.class, () -> {
            try (VcfReader r = VcfReader.open(vcf, VcfReader.Unsupported.SKIP)) {
                for (String c : r.contigs()) {
                    r.query(c, 0, Integer.MAX_VALUE, r.allSamples());
                }
            }
        });
        String m = e.getMessage();
        assertEquals(vcf, e.file());
        for (String part : List.of(vcf.toString(), tbiOf(vcf).toString(), "does not match", "tabix -f -p vcf " + vcf)) {
            assertTrue(m.contains(part), "'" + part + "' missing from: " + m);
        }
        assertFalse(m.contains("\r") || m.contains("\n"), "one line: " + m);
        return e;
    }

    @Test
    void tbiOfAnotherVcfOnTheSameContigIsRefused() throws IOException {
        assertRefused(withIndex(Files.readAllBytes(CHR22), "chr22.vcf.gz", tbiOf(HAPMAP)));
        assertRefused(withIndex(Files.readAllBytes(HAPMAP), "hapmap.vcf.gz", tbiOf(CHR22)));
    }

    @Test
    void tbiOfASubsetOfTheRecordsIsRefusedBothWays() throws IOException {
        String all = text(CHR22);
        StringBuilder subset = new StringBuilder();
        int n = 0;
        for (String line : all.split("\n")) {
            if (line.startsWith("#") || n++ % 3 != 0) {
                subset.append(line).append('\n');
            }
        }
        Path sub = Bgzf.vcfWithTbi(subset.toString().getBytes(StandardCharsets.UTF_8), dir().resolve("sub.vcf.gz"));
        assertRefused(withIndex(Files.readAllBytes(CHR22), "chr22.vcf.gz", tbiOf(sub)));
        assertRefused(withIndex(Files.readAllBytes(sub), "sub.vcf.gz", tbiOf(CHR22)));
    }

    @Test
    void staleTbiAfterRecompressionIsRefused() throws IOException {
        Path recompressed = Bgzf.compress(Bgzf.gunzip(CHR22), dir().resolve("chr22.vcf.gz"));
        assertRefused(withIndex(Files.readAllBytes(recompressed), "chr22.vcf.gz", tbiOf(CHR22)));
    }

    @Test
    void staleTbiAfterARecordIsAppendedIsRefused() throws IOException {
        String all = text(VOLVOX);
        String[] lines = all.split("\n");
        String last = lines[lines.length - 1];
        String[] f = last.split("\t", 3);
        String appended = all + f[0] + "\t" + (Long.parseLong(f[1]) + 10) + "\t" + f[2] + "\n";
        Path old = Bgzf.vcfWithTbi(all.getBytes(StandardCharsets.UTF_8), dir().resolve("v.vcf.gz"));
        Path grown = Bgzf.compress(appended.getBytes(StandardCharsets.UTF_8), dir().resolve("v.vcf.gz"));
        assertRefused(withIndex(Files.readAllBytes(grown), "v.vcf.gz", tbiOf(old)));
    }

    @Test
    void staleTbiAfterARecordIsInsertedIsRefused() throws IOException {
        String all = text(CHR22);
        List<String> lines = new ArrayList<>(Arrays.asList(all.split("\n")));
        int mid = lines.size() / 2;
        lines.add(mid, lines.get(mid)); // a duplicated record keeps the file sorted
        byte[] edited = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        Path again = Bgzf.compress(edited, dir().resolve("chr22.vcf.gz"));
        Path oldIndexed = Bgzf.vcfWithTbi(all.getBytes(StandardCharsets.UTF_8), dir().resolve("chr22.vcf.gz"));
        assertRefused(withIndex(Files.readAllBytes(again), "chr22.vcf.gz", tbiOf(oldIndexed)));
    }

    @Test
    void damagedTbiIsTypedError() throws IOException {
        Path vcf = withIndex(Files.readAllBytes(VOLVOX), "v.vcf.gz", tbiOf(VOLVOX));
        byte[] tbi = Bgzf.gunzip(tbiOf(vcf));
        Bgzf.compress(Arrays.copyOf(tbi, tbi.length / 2), tbiOf(vcf));
        InputFormatException e = assertThrows(InputFormatException.class, () -> VcfReader.open(vcf));
        assertTrue(e.getMessage().contains(tbiOf(vcf).toString()) && e.getMessage().contains("not a valid tabix index")
                && e.getMessage().contains("tabix -f -p vcf"), e.getMessage());
        Files.write(tbiOf(vcf), new byte[] {1, 2, 3});
        e = assertThrows(InputFormatException.class, () -> VcfReader.open(vcf));
        assertTrue(e.getMessage().contains("not a valid tabix index"), e.getMessage());
    }

    @Test
    void lastRecordWithoutFinalNewlineIsRead() throws IOException {
        String all = text(VOLVOX);
        assertTrue(all.endsWith("\n"));
        String cut = all.substring(0, all.length() - 1);
        Path vcf = Bgzf.vcfWithTbi(cut.getBytes(StandardCharsets.UTF_8), dir().resolve("v.vcf.gz"));
        Path plain = dir().resolve("v.vcf");
        Files.writeString(plain, cut);
        String lastLine = cut.substring(cut.lastIndexOf('\n') + 1);
        long lastPos = Long.parseLong(lastLine.split("\t")[1]);
        try (VcfReader r = open(vcf); VcfReader p = open(plain); VcfReader shipped = open(VOLVOX)) {
            VariantBatch b = r.query("ctgA", 0, Integer.MAX_VALUE, r.allSamples());
            assertEquals(42, b.size(), "45 records, 3 of them multiallelic");
            assertEquals(lastPos - 1, b.positions()[b.size() - 1]);
            assertSameBatch(shipped.query("ctgA", 0, Integer.MAX_VALUE, shipped.allSamples()), b, "whole contig");
            VariantBatch tail = r.query("ctgA", (int) lastPos - 1, (int) lastPos, r.allSamples());
            assertEquals(1, tail.size());
            assertSameBatch(p.query("ctgA", (int) lastPos - 1, (int) lastPos, p.allSamples()), tail, "last record");
        }
        // the index tabix itself writes for such a file
        Path byTabix = Bgzf.compress(cut.getBytes(StandardCharsets.UTF_8), dir().resolve("t.vcf.gz"));
        Oracle.TABIX.run("-p", "vcf", byTabix.toString());
        try (VcfReader r = open(byTabix)) {
            VariantBatch b = r.query("ctgA", 0, Integer.MAX_VALUE, r.allSamples());
            assertEquals(lastPos - 1, b.positions()[b.size() - 1], "tabix-made index");
        }
    }

    static Stream<Arguments> vcfs() {
        return Stream.of(Arguments.of(CHR22, 21L), Arguments.of(HAPMAP, 22L), Arguments.of(VOLVOX, 23L),
                Arguments.of(SYNTH, 24L));
    }

    /** Shipped (tabix-made) and htsjdk-made indexes give the records an unindexed read of the same text gives. */
    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("vcfs")
    void correctIndexesGiveTheRecordsOfTheUnindexedFile(Path src, long seed) throws IOException {
        byte[] plainBytes = Bgzf.gunzip(src);
        Path plain = dir().resolve("plain.vcf");
        Files.write(plain, plainBytes);
        Path rebuilt = Bgzf.vcfWithTbi(plainBytes, dir().resolve(src.getFileName().toString()));
        try (VcfReader p = open(plain); VcfReader shipped = open(src); VcfReader ours = open(rebuilt)) {
            assertEquals(p.contigs(), shipped.contigs());
            assertEquals(p.contigs(), ours.contigs());
            VariantRequest all = p.allSamples();
            Random rnd = new Random(seed);
            for (String c : p.contigs()) {
                VariantBatch whole = p.query(c, 0, Integer.MAX_VALUE, all);
                assertSameBatch(whole, shipped.query(c, 0, Integer.MAX_VALUE, all), "shipped " + c);
                assertSameBatch(whole, ours.query(c, 0, Integer.MAX_VALUE, all), "rebuilt " + c);
                int lo = (int) whole.positions()[0];
                int hi = (int) whole.positions()[whole.size() - 1] + 2;
                for (int q = 0; q < 60; q++) {
                    int start = lo - 50 + rnd.nextInt(hi - lo + 100);
                    int end = start + 1 + rnd.nextInt(q % 3 == 0 ? 300_000 : 3_000);
                    String where = "seed " + seed + " query " + q + " " + c + ":" + start + "-" + end;
                    VariantBatch expected = p.query(c, start, end, all);
                    assertSameBatch(expected, shipped.query(c, start, end, all), "shipped " + where);
                    assertSameBatch(expected, ours.query(c, start, end, all), "rebuilt " + where);
                }
            }
        }
    }
}
