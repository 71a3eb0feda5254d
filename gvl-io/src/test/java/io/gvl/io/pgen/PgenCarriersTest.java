package io.gvl.io.pgen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gvl.testkit.Seeds;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link PgenReader#readCarriers} against the GT column of every example's {@code .expected.tsv}: all samples (a run
 * of consecutive indexes), a scattered subset with repeats, and seeded random variant ranges and sample runs, each
 * written at an offset between sentinel bytes that must stay untouched. {@link PgenReader#markCarriers}, writing
 * into zeros between the same sentinels, must leave the same bytes, also for seeded random sample subsets in any
 * order with repeats; {@link PgenReader#listCarriers} must list, per record, the slots of those bytes that are 1.
 */
class PgenCarriersTest {
    private static final byte SENTINEL = 0x7F;
    private static final int OFFSET = 3;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"phased", "unphased", "many", "multi_split", "dosage"})
    void allSamplesAndAScatteredSubsetCarryAsTheExpectedGenotypes(String name) throws IOException {
        List<String[]> rows = PgenExamplesTest.expected(name);
        try (PgenReader r = PgenReader.open(PgenExamplesTest.EXAMPLES.resolve(name))) {
            int n = r.samples().size();
            check(name, r, rows, 0, r.variantCount(), PgenText.allSamples(r));
            int[] scattered = {n - 1, 0, n / 2, n / 2, 1 % n};
            check(name, r, rows, 0, r.variantCount(), scattered);
        }
    }

    static Stream<Arguments> seeds() {
        return Seeds.of(5, 23, 2026).map(s -> Arguments.of("seed=" + s, s));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seeds")
    void randomRangesAndSampleRunsOfManyCarryAsExpected(String name, long seed) throws IOException {
        List<String[]> rows = PgenExamplesTest.expected("many");
        Random rnd = new Random(seed);
        try (PgenReader r = PgenReader.open(PgenExamplesTest.EXAMPLES.resolve("many"))) {
            int n = r.samples().size();
            for (int t = 0; t < 20; t++) {
                int from = rnd.nextInt(r.variantCount());
                int to = from + rnd.nextInt(r.variantCount() - from + 1);
                int first = rnd.nextInt(n);
                int[] run = new int[rnd.nextInt(n - first + 1)];
                for (int j = 0; j < run.length; j++) {
                    run[j] = first + j;
                }
                check(name + " [" + from + ", " + to + ") from sample " + first, r, rows, from, to, run);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seeds")
    void randomSampleSubsetsInAnyOrderMarkAsTheyRead(String name, long seed) {
        Random rnd = new Random(seed);
        for (String example : List.of("phased", "unphased", "many", "multi_split", "dosage")) {
            try (PgenReader r = PgenReader.open(PgenExamplesTest.EXAMPLES.resolve(example))) {
                int n = r.samples().size();
                for (int t = 0; t < 10; t++) {
                    int from = rnd.nextInt(r.variantCount());
                    int to = from + rnd.nextInt(r.variantCount() - from + 1);
                    int[] samples = new int[rnd.nextInt(2 * n + 1)];
                    for (int j = 0; j < samples.length; j++) {
                        samples[j] = rnd.nextInt(n);
                    }
                    byte[] read = new byte[OFFSET + (to - from) * samples.length * 2 + 2];
                    Arrays.fill(read, SENTINEL);
                    r.readCarriers(from, to, samples, read, OFFSET);
                    assertArrayEquals(read, marked(r, from, to, samples), name + " " + example + " [" + from + ", "
                            + to + ") samples " + Arrays.toString(samples));
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seeds")
    void carrierListsAreTheOnesOfTheDenseDecode(String name, long seed) {
        Random rnd = new Random(seed);
        for (String example : List.of("phased", "unphased", "many", "multi_split", "dosage")) {
            try (PgenReader r = PgenReader.open(PgenExamplesTest.EXAMPLES.resolve(example))) {
                int n = r.samples().size();
                listsMatch(name + " " + example + " all", r, 0, r.variantCount(), PgenText.allSamples(r));
                for (int t = 0; t < 10; t++) {
                    int from = rnd.nextInt(r.variantCount());
                    int to = from + rnd.nextInt(r.variantCount() - from + 1);
                    int[] samples = new int[rnd.nextInt(2 * n + 1)];
                    for (int j = 0; j < samples.length; j++) {
                        samples[j] = rnd.nextInt(n);
                    }
                    listsMatch(name + " " + example + " [" + from + ", " + to + ") samples "
                            + Arrays.toString(samples), r, from, to, samples);
                }
            }
        }
    }

    /**
     * {@link PgenReader#listCarriers} gives, per record in order, the ascending slots that {@link
     * PgenReader#readCarriers} sets to 1.
     */
    static void listsMatch(String what, PgenReader r, int from, int to, int[] samples) {
        int width = samples.length * 2;
        byte[] dense = new byte[(to - from) * width];
        r.readCarriers(from, to, samples, dense, 0);
        int[] record = {from};
        r.listCarriers(from, to, samples, (slots, count) -> {
            int v = record[0]++;
            int[] want = new int[width];
            int m = 0;
            for (int slot = 0; slot < width; slot++) {
                if (dense[(v - from) * width + slot] == 1) {
                    want[m++] = slot;
                }
            }
            assertArrayEquals(Arrays.copyOf(want, m), Arrays.copyOf(slots, count), what + ": record " + v);
        });
        assertEquals(to, record[0], what + ": records listed");
    }

    @Test
    void aDestinationTooShortFromTheOffsetIsRefused() {
        try (PgenReader r = PgenReader.open(PgenExamplesTest.EXAMPLES.resolve("phased"))) {
            int[] all = PgenText.allSamples(r);
            byte[] out = new byte[all.length * 2];
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> r.readCarriers(0, 1, all, out, 1));
            assertEquals("out holds " + out.length + " values; " + out.length + " needed from offset 1",
                    e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> r.markCarriers(0, 1, all, out, 1));
            assertEquals("out holds " + out.length + " values; " + out.length + " needed from offset 1",
                    e.getMessage());
        }
    }

    /** {@link PgenReader#markCarriers} into zeros at {@link #OFFSET}, with sentinels before and two after. */
    private static byte[] marked(PgenReader r, int from, int to, int[] samples) {
        int bytes = (to - from) * samples.length * 2;
        byte[] out = new byte[OFFSET + bytes + 2];
        Arrays.fill(out, SENTINEL);
        Arrays.fill(out, OFFSET, OFFSET + bytes, (byte) 0);
        r.markCarriers(from, to, samples, out, OFFSET);
        return out;
    }

    private static void check(String what, PgenReader r, List<String[]> rows, int from, int to, int[] samples) {
        int k = samples.length;
        int bytes = (to - from) * k * 2;
        byte[] out = new byte[OFFSET + bytes + 2];
        Arrays.fill(out, SENTINEL);
        r.readCarriers(from, to, samples, out, OFFSET);
        for (int i = 0; i < OFFSET; i++) {
            assertEquals(SENTINEL, out[i], what + ": byte " + i + " before the offset was written");
        }
        assertEquals(SENTINEL, out[OFFSET + bytes], what + ": byte after the range was written");
        assertArrayEquals(out, marked(r, from, to, samples), what + ": markCarriers");
        for (int v = from; v < to; v++) {
            String[] calls = rows.get(v)[2].split(" ");
            for (int j = 0; j < k; j++) {
                String gt = calls[samples[j]];
                int at = OFFSET + ((v - from) * k + j) * 2;
                assertEquals(carrier(gt, 0), out[at], what + ": record " + v + " sample " + samples[j] + " " + gt);
                assertEquals(carrier(gt, 1), out[at + 1], what + ": record " + v + " sample " + samples[j] + " "
                        + gt);
            }
        }
    }

    /** Haplotype {@code h} of an expected GT ({@code a|b}, {@code a/b}, {@code ./.}) as an ALT carrier byte. */
    private static byte carrier(String gt, int h) {
        char allele = gt.charAt(2 * h);
        return (byte) (allele == '1' ? 1 : 0);
    }
}
