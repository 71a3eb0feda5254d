package io.gvl.io.pgen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdOutputStream;
import io.gvl.io.InputFormatException;
import io.gvl.io.TestData;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every example fileset of {@code pgen-examples/} (real plink2 output) decodes exactly to its {@code .expected.tsv}. */
class PgenExamplesTest {
    static final Path EXAMPLES = TestData.shared().resolve("pgen-examples");

    @TempDir
    Path tmp;

    /** Expected rows of {@code <name>.expected.tsv}: column 2 (GT) and, when present, column 3 (DS). */
    static List<String[]> expected(String name) throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(EXAMPLES.resolve(name + ".expected.tsv"))) {
            if (!line.startsWith("#")) {
                rows.add(line.split("\t"));
            }
        }
        return rows;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"phased", "unphased", "many", "multi_split", "dosage"})
    void decodesToExpected(String name) throws IOException {
        List<String[]> rows = expected(name);
        try (PgenReader r = PgenReader.open(EXAMPLES.resolve(name))) {
            assertEquals(rows.size(), r.variantCount());
            int[] all = PgenText.allSamples(r);
            List<String> gt = PgenText.genotypes(r, 0, r.variantCount(), all);
            for (int v = 0; v < rows.size(); v++) {
                assertEquals(rows.get(v)[2], gt.get(v), name + " record " + v);
            }
            assertEquals(rows.getFirst().length == 4, r.hasDosages(), name + " has dosages");
            if (r.hasDosages()) {
                List<String> ds = PgenText.dosages(r, 0, r.variantCount(), all);
                for (int v = 0; v < rows.size(); v++) {
                    assertEquals(rows.get(v)[3], ds.get(v), name + " DS of record " + v);
                }
            }
        }
    }

    @Test
    void fixedWidthModeDecodesLikeTheVariableWidthFile() throws IOException {
        Files.copy(EXAMPLES.resolve("unphased.fmt2.pgen"), tmp.resolve("u2.pgen"));
        Files.copy(EXAMPLES.resolve("unphased.pvar"), tmp.resolve("u2.pvar"));
        Files.copy(EXAMPLES.resolve("unphased.psam"), tmp.resolve("u2.psam"));
        List<String[]> rows = expected("unphased.fmt2");
        try (PgenReader r = PgenReader.open(tmp.resolve("u2.pgen"))) {
            List<String> gt = PgenText.genotypes(r, 0, r.variantCount(), PgenText.allSamples(r));
            assertEquals(rows.size(), gt.size());
            for (int v = 0; v < rows.size(); v++) {
                assertEquals(rows.get(v)[2], gt.get(v), "record " + v);
            }
        }
    }

    @Test
    void headerExtensionsOfMode0x11AreSkipped() throws IOException {
        byte[] src = Files.readAllBytes(EXAMPLES.resolve("phased.pgen"));
        // phased.pgen: records start at byte 30 (after 12 + 8 + 5 types + 5 lengths); splice a writer-ID extension there.
        byte[] ext = {0x02, 0x00, 0x03, 'g', 'v', 'l'};
        byte[] out = new byte[src.length + ext.length];
        System.arraycopy(src, 0, out, 0, 30);
        System.arraycopy(ext, 0, out, 30, ext.length);
        System.arraycopy(src, 30, out, 30 + ext.length, src.length - 30);
        out[2] = 0x11;
        out[12] = (byte) (30 + ext.length);
        Path pgen = copyFileset("phased", "p11");
        Files.write(pgen, out);
        try (PgenReader r = PgenReader.open(pgen); PgenReader ref = PgenReader.open(EXAMPLES.resolve("phased"))) {
            int[] all = PgenText.allSamples(r);
            assertEquals(PgenText.genotypes(ref, 0, 5, all), PgenText.genotypes(r, 0, 5, all));
        }
    }

    @Test
    void multiallelicFilesetIsRefusedWithTheRecordAndTheFix() {
        InputFormatException e = assertThrows(InputFormatException.class, () -> PgenReader.open(EXAMPLES.resolve("multi")));
        assertEquals(EXAMPLES.resolve("multi.pvar").toAbsolutePath(), e.file().toAbsolutePath());
        assertTrue(e.getMessage().contains("line 3 (record 0) 3:500"), e.getMessage());
        assertTrue(e.getMessage().contains("multiallelic (ALT C,G)"), e.getMessage());
        assertTrue(e.getMessage().contains("bcftools norm -m-"), e.getMessage());
        assertTrue(e.getMessage().contains("multiallelics=-"), e.getMessage());
    }

    @Test
    void sampleSubsetInCallerOrderEqualsTheGatheredFullDecode() {
        try (PgenReader r = PgenReader.open(EXAMPLES.resolve("many.pgen"))) {
            int[] all = PgenText.allSamples(r);
            byte[] full = new byte[r.variantCount() * all.length * 2];
            byte[] fullPhase = new byte[r.variantCount() * all.length];
            r.readCalls(0, r.variantCount(), all, full, fullPhase);
            int[] subset = {999, 3, 17, 17, 0, 512, 256, 255};
            byte[] part = new byte[r.variantCount() * subset.length * 2];
            byte[] partPhase = new byte[r.variantCount() * subset.length];
            r.readCalls(0, r.variantCount(), subset, part, partPhase);
            for (int v = 0; v < r.variantCount(); v++) {
                for (int j = 0; j < subset.length; j++) {
                    int s = subset[j];
                    assertEquals(full[(v * all.length + s) * 2], part[(v * subset.length + j) * 2]);
                    assertEquals(full[(v * all.length + s) * 2 + 1], part[(v * subset.length + j) * 2 + 1]);
                    assertEquals(fullPhase[v * all.length + s], partPhase[v * subset.length + j]);
                }
            }
        }
    }

    /** LD records read alone, backwards and shuffled (seed 19) decode as in one sequential read. */
    @Test
    void randomAccessSeed19MatchesSequentialDecode() throws IOException {
        List<String[]> rows = expected("many");
        try (PgenReader r = PgenReader.open(EXAMPLES.resolve("many"))) {
            int[] all = PgenText.allSamples(r);
            List<Integer> order = new ArrayList<>();
            for (int v = r.variantCount() - 1; v >= 0; v--) {
                order.add(v);
            }
            Collections.shuffle(order, new Random(19));
            for (int v : order) {
                assertEquals(rows.get(v)[2], PgenText.genotypes(r, v, v + 1, all).getFirst(), "record " + v);
            }
            assertEquals(rows.get(3)[2], PgenText.genotypes(r, 3, 4, all).getFirst());
            assertEquals(rows.get(2)[2], PgenText.genotypes(r, 1, 3, all).get(1));
        }
    }

    @Test
    void concurrentReadersOnSeveralThreadsAgree() throws Exception {
        List<String[]> rows = expected("many");
        try (PgenReader r = PgenReader.open(EXAMPLES.resolve("many"));
             ExecutorService pool = Executors.newFixedThreadPool(4)) {
            int[] all = PgenText.allSamples(r);
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 16; t++) {
                int start = t % r.variantCount();
                results.add(pool.submit(() -> {
                    for (int round = 0; round < 20; round++) {
                        for (int v = start; v < r.variantCount(); v++) {
                            if (!rows.get(v)[2].equals(PgenText.genotypes(r, v, v + 1, all).getFirst())) {
                                return false;
                            }
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> f : results) {
                assertTrue(f.get());
            }
        }
    }

    @Test
    void zstdVariantTableAndPsamHeaderFormsGiveTheSameFileset() throws IOException {
        Path pgen = copyFileset("phased", "z");
        Path pvar = tmp.resolve("z.pvar");
        try (OutputStream out = new ZstdOutputStream(Files.newOutputStream(tmp.resolve("z.pvar.zst")))) {
            out.write(Files.readAllBytes(pvar));
        }
        Files.delete(pvar);
        List<String> forms = List.of("#IID\tSEX\nS1\tNA\nS2\tNA\nS3\tNA\nS4\tNA\n",
                "##comment\n#FID IID SEX\nf1 S1 NA\nf1 S2 NA\nf2 S3 NA\nf2 S4 NA\n",
                "f1 S1 0 0 0 -9\nf1 S2 0 0 0 -9\r\nf2 S3 0 0 0 -9\nf2 S4 0 0 0 -9\n");
        for (String psam : forms) {
            Files.writeString(tmp.resolve("z.psam"), psam);
            try (PgenReader r = PgenReader.open(pgen); PgenReader ref = PgenReader.open(EXAMPLES.resolve("phased"))) {
                assertEquals(tmp.resolve("z.pvar.zst").toAbsolutePath(), r.pvar());
                assertEquals(List.of("S1", "S2", "S3", "S4"), r.samples());
                assertEquals("1", r.variants().chrom(0));
                assertEquals(500, r.variants().position(4));
                assertEquals("AC", r.variants().ref(4));
                int[] all = PgenText.allSamples(r);
                assertEquals(PgenText.genotypes(ref, 0, 5, all), PgenText.genotypes(r, 0, 5, all));
            }
        }
    }

    @Test
    void headerDeclarationsAndInfoValuesComeFromThePvar() {
        try (PgenReader r = PgenReader.open(EXAMPLES.resolve("phased"))) {
            assertEquals(List.of("chr1"), r.declaredContigs());
            assertEquals(Map.of("AF", "Float"), r.declaredInfo());
            assertArrayEquals(new float[] {0.5f, Float.NaN, Float.NaN, Float.NaN, Float.NaN}, r.infoValues("AF"));
            for (float x : r.infoValues("A")) {
                assertTrue(Float.isNaN(x), "a key that only prefixes AF");
            }
        }
        try (PgenReader r = PgenReader.open(EXAMPLES.resolve("many"))) {
            float[] none = r.infoValues("AF");
            assertTrue(Float.isNaN(none[0]) && Float.isNaN(none[19]));
        }
    }

    @Test
    void closedReaderRefusesReads() {
        PgenReader r = PgenReader.open(EXAMPLES.resolve("phased"));
        r.close();
        r.close();
        assertThrows(IllegalStateException.class, () -> r.readCalls(0, 1, new int[] {0}, new byte[2], null));
    }

    @Test
    void phaseAndDosageFlagsFollowTheRecords() {
        try (PgenReader p = PgenReader.open(EXAMPLES.resolve("phased"));
             PgenReader u = PgenReader.open(EXAMPLES.resolve("unphased"))) {
            assertTrue(p.hasPhase());
            assertFalse(p.hasDosages());
            assertFalse(u.hasPhase());
            byte[] a = new byte[2 * 4];
            r0(p, a);
            assertArrayEquals(new byte[] {0, 1, 1, 0, 1, 1, 0, 0}, a);
        }
    }

    private static void r0(PgenReader r, byte[] a) {
        r.readCalls(0, 1, PgenText.allSamples(r), a, null);
    }

    /** Copies {@code <name>.pgen/.pvar/.psam} into the temp dir as {@code <as>.*}; returns the {@code .pgen}. */
    Path copyFileset(String name, String as) throws IOException {
        for (String ext : List.of(".pgen", ".pvar", ".psam")) {
            Path dst = tmp.resolve(as + ext);
            Files.copy(EXAMPLES.resolve(name + ext), dst);
            dst.toFile().setWritable(true);
        }
        return tmp.resolve(as + ".pgen");
    }
}
