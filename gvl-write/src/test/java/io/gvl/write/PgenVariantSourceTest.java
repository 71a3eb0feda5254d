package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.VariantTable;
import io.gvl.write.spec.VariantSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The PGEN variant source against the decoded example filesets: ALT-carrying haplotypes (unphased hets REF first,
 * missing calls carry nothing), dosages, INFO/AF, and rows that skip records without an ALT.
 */
class PgenVariantSourceTest {
    static final Path EXAMPLES = Path.of(System.getProperty("gvl.shared.data")).resolve("pgen-examples");

    @TempDir
    Path tmp;

    private static List<String[]> expected(String name) throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(EXAMPLES.resolve(name + ".expected.tsv"))) {
            if (!line.startsWith("#")) {
                rows.add(line.split("\t"));
            }
        }
        return rows;
    }

    /** Haplotype bytes of expected GT strings: 1 where the haplotype carries the ALT. */
    private static byte[] haplotypes(List<String[]> rows, int[] records, int[] samples) {
        byte[] out = new byte[records.length * samples.length * 2];
        for (int r = 0; r < records.length; r++) {
            String[] gt = rows.get(records[r])[2].split(" ");
            for (int j = 0; j < samples.length; j++) {
                String g = gt[samples[j]];
                int at = (r * samples.length + j) * 2;
                out[at] = (byte) (g.charAt(0) == '1' ? 1 : 0);
                out[at + 1] = (byte) (g.charAt(2) == '1' ? 1 : 0);
            }
        }
        return out;
    }

    @Test
    void dosageFilesetGivesHaplotypesAndDosagesOfASampleSubset() throws IOException {
        List<String[]> rows = expected("dosage");
        int[] samples = {30, 0, 4, 2, 5};
        try (VariantSource s = VariantSources.open(EXAMPLES.resolve("dosage.pgen"))) {
            assertTrue(s.hasDosages());
            assertEquals(40, s.samples().size());
            assertTrue(s.contigs().containsAll(List.of("chr4", "4")), s.contigs().toString());
            byte[] gt = new byte[3 * samples.length * 2];
            s.genotypes(1, 4, samples, gt);
            assertArrayEquals(haplotypes(rows, new int[] {1, 2, 3}, samples), gt);
            float[] ds = new float[3 * samples.length];
            s.dosages(1, 4, samples, ds);
            for (int r = 0; r < 3; r++) {
                String[] want = rows.get(1 + r)[3].split(" ");
                for (int j = 0; j < samples.length; j++) {
                    String w = want[samples[j]];
                    float got = ds[r * samples.length + j];
                    if (w.equals("NA")) {
                        assertTrue(Float.isNaN(got), "record " + (1 + r) + " sample " + samples[j]);
                    } else {
                        assertEquals(Double.parseDouble(w), got, 5e-6 * Math.max(1, Math.abs(got)),
                                "record " + (1 + r) + " sample " + samples[j]);
                    }
                }
            }
        }
    }

    @Test
    void recordsWithoutAnAltAreSkippedAndAfIsStored() throws IOException {
        for (String ext : List.of(".pgen", ".psam")) {
            Files.copy(EXAMPLES.resolve("phased" + ext), tmp.resolve("p" + ext));
        }
        List<String> pvar = new ArrayList<>(Files.readAllLines(EXAMPLES.resolve("phased.pvar")));
        pvar.set(5, pvar.get(5).replace("\tG\tGA\t", "\tG\t.\t"));
        Files.write(tmp.resolve("p.pvar"), pvar);
        List<String[]> rows = expected("phased");
        int[] all = {0, 1, 2, 3};
        try (VariantSource s = VariantSources.open(tmp.resolve("p"))) {
            assertFalse(s.hasDosages());
            VariantTable t = s.variants();
            assertArrayEquals(new long[] {100, 200, 400, 500}, t.pos());
            assertArrayEquals(new int[] {0, 0, 0, -1}, t.ilen());
            byte[] gt = new byte[4 * 4 * 2];
            s.genotypes(0, 4, all, gt);
            assertArrayEquals(haplotypes(rows, new int[] {0, 1, 3, 4}, all), gt);
            byte[] tail = new byte[2 * 4 * 2];
            s.genotypes(1, 3, all, tail);
            assertArrayEquals(haplotypes(rows, new int[] {1, 3}, all), tail);
            List<VariantTable.NumericColumn> info = s.infoColumns();
            assertEquals(1, info.size());
            VariantTable.NumericColumn.Float32 af = (VariantTable.NumericColumn.Float32) info.getFirst();
            assertEquals("AF", af.name());
            assertArrayEquals(new float[] {0.5f, Float.NaN, Float.NaN, Float.NaN}, af.values());
        }
    }
}
