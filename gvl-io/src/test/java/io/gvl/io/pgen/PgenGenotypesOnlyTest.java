package io.gvl.io.pgen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.InputFormatException;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A reader of genotypes only ({@link PgenReader#openGenotypes}) decodes every record of every example fileset as a
 * full reader does, whatever its {@code .pvar} holds (here: text that is no variant table at all), refuses the
 * variant table with a clear {@link IllegalStateException}, and refuses a multiallelic record when a read reaches
 * it rather than at open.
 */
class PgenGenotypesOnlyTest {
    @TempDir
    Path tmp;

    private Path copyWithBrokenPvar(String name) throws IOException {
        for (String ext : List.of(".pgen", ".psam")) {
            Path dst = tmp.resolve(name + ext);
            Files.copy(PgenExamplesTest.EXAMPLES.resolve(name + ext), dst);
            dst.toFile().setWritable(true);
        }
        Files.writeString(tmp.resolve(name + ".pvar"), "this is not a variant table\n");
        return tmp.resolve(name + ".pgen");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"phased", "unphased", "many", "multi_split", "dosage"})
    void decodesEveryRecordAsTheFullReaderWithoutThePvar_seed20261206(String name) throws IOException {
        Path pgen = copyWithBrokenPvar(name);
        assertThrows(InputFormatException.class, () -> PgenReader.open(pgen).close(), "the full reader reads the .pvar");
        Random rnd = new Random(20261206L + name.hashCode());
        try (PgenReader full = PgenReader.open(PgenExamplesTest.EXAMPLES.resolve(name));
             PgenReader part = PgenReader.openGenotypes(pgen)) {
            assertEquals(full.samples(), part.samples());
            assertEquals(full.variantCount(), part.variantCount());
            assertEquals(full.hasDosages(), part.hasDosages());
            assertEquals(full.hasPhase(), part.hasPhase());
            int m = full.variantCount();
            int[] samples = new int[1 + rnd.nextInt(2 * full.samples().size())];
            for (int j = 0; j < samples.length; j++) {
                samples[j] = rnd.nextInt(full.samples().size());
            }
            for (int round = 0; round < 20; round++) {
                int from = rnd.nextInt(m);
                int to = from + rnd.nextInt(m - from + 1);
                int k = samples.length;
                byte[] a = new byte[(to - from) * k * 2];
                byte[] b = new byte[a.length];
                byte[] pa = new byte[(to - from) * k];
                byte[] pb = new byte[pa.length];
                full.readCalls(from, to, samples, a, pa);
                part.readCalls(from, to, samples, b, pb);
                assertArrayEquals(a, b, name + " calls of [" + from + ", " + to + ")");
                assertArrayEquals(pa, pb, name + " phase of [" + from + ", " + to + ")");
                full.markCarriers(from, to, samples, a = new byte[a.length], 0);
                part.markCarriers(from, to, samples, b = new byte[b.length], 0);
                assertArrayEquals(a, b, name + " carriers of [" + from + ", " + to + ")");
                assertEquals(carriers(full, from, to, samples), carriers(part, from, to, samples));
                float[] da = new float[(to - from) * k];
                float[] db = new float[da.length];
                full.readDosages(from, to, samples, da);
                part.readDosages(from, to, samples, db);
                assertArrayEquals(da, db, name + " dosages of [" + from + ", " + to + ")");
            }
            IllegalStateException e = assertThrows(IllegalStateException.class, part::variants);
            assertTrue(e.getMessage().contains("genotypes only") && e.getMessage().contains("PgenReader.open"),
                    e.getMessage());
            assertThrows(IllegalStateException.class, part::declaredContigs);
            assertThrows(IllegalStateException.class, part::declaredInfo);
        }
    }

    private static IntArrayList carriers(PgenReader r, int from, int to, int[] samples) {
        IntArrayList out = new IntArrayList();
        r.listCarriers(from, to, samples, (slots, count) -> {
            out.add(-1);
            out.addElements(out.size(), slots, 0, count);
        });
        return out;
    }

    @Test
    void aMultiallelicRecordFailsTheReadThatReachesIt() throws IOException {
        Path pgen = copyWithBrokenPvar("phased");
        byte[] b = Files.readAllBytes(pgen);
        b[0x14 + 2] = 0x18; // record 2's type says multiallelic (as in PgenBadInputTest)
        Files.write(pgen, b);
        try (PgenReader r = PgenReader.openGenotypes(pgen)) {
            int[] all = PgenText.allSamples(r);
            assertEquals(2, PgenText.genotypes(r, 0, 2, all).size(), "records before it read");
            InputFormatException e = assertThrows(InputFormatException.class,
                    () -> PgenText.genotypes(r, 1, 3, all));
            assertEquals(pgen.toAbsolutePath(), e.file().toAbsolutePath());
            assertTrue(e.getMessage().contains("record 2") && e.getMessage().contains("multiallelic")
                    && e.getMessage().contains("Fix: "), e.getMessage());
            assertThrows(InputFormatException.class, () -> r.listCarriers(2, 3, all, (s, c) -> { }));
        }
    }

    @Test
    void readsAfterCloseFailClearly() throws IOException {
        PgenReader r = PgenReader.openGenotypes(copyWithBrokenPvar("many"));
        r.close();
        r.close();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> PgenText.genotypes(r, 0, 1, new int[] {0}));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
    }
}
