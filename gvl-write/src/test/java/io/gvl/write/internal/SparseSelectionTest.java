package io.gvl.write.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.VariantTable;
import io.gvl.write.spec.CarrierBlock;
import io.gvl.write.spec.VariantSource;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The selection over carrier lists ({@link HaplotypeSelector} on a {@link GenotypeWindow}) against the selection
 * over dense blocks it replaced ({@link DenseHaplotypeSelector} on a {@link DenseGenotypeWindow}, kept here as the
 * oracle): seeded random rows on two contigs (SNPs, insertions, deletions that overlap what follows, several rows at
 * one position), random carriers (mostly rare rows, some common), random windows (before, across and past the rows,
 * negative starts), windows that start short of the regions' rows and grow, extend-to-length on and off, odd sample
 * counts, samples in any order, ploidy 1 and 2; one selector of each kind reused for every window. Counts per slot,
 * the rows of every slot and their total must be equal. Also the default {@link VariantSource#carriers} (pieces of
 * dense rows through {@link VariantSource#genotypes}) against a plain scan.
 */
class SparseSelectionTest {

    static Stream<Arguments> seeds() {
        return LongStream.of(20261206L, 1L, 7L, 42L, 99L, 123L, 2024L, 31337L, 555L, 8080L)
                .mapToObj(s -> Arguments.of("seed=" + s, s));
    }

    @ParameterizedTest(name = "sparseSelectionMatchesPlainWalk {0}")
    @MethodSource("seeds")
    void sparseSelectionMatchesPlainWalkSeed(String name, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int round = 0; round < 6; round++) {
            int ploidy = rnd.nextInt(2) + 1;
            int fileSamples = 1 + 2 * rnd.nextInt(6);
            Cohort cohort = Cohort.random(rnd, fileSamples, ploidy);
            VariantRows rows = VariantRows.whole(cohort.table, Path.of("random.vcf"));
            boolean extend = rnd.nextInt(4) > 0;
            HaplotypeSelector sparse = new HaplotypeSelector(rows, extend);
            DenseHaplotypeSelector dense = new DenseHaplotypeSelector(rows, extend);
            CarrierBlock reused = new CarrierBlock(0); // one block for every window, as a stage's task reuses it
            for (int w = 0; w < 40; w++) {
                int[] pass = randomSamples(rnd, fileSamples);
                int c = rnd.nextInt(2);
                int qs = rnd.nextInt(-60, 2400);
                int qe = qs + 1 + rnd.nextInt(rnd.nextInt(4) == 0 ? 1500 : 300);
                int lo = rows.overlapLow(c, qs);
                int hi = rows.startsFrom(c, qe);
                int first = rows.firstRow(c);
                int endRow = rows.endRow(c);
                int from = lo - rnd.nextInt(lo - first + 1);
                int to = Math.min(endRow, Math.max(from, hi - 3 + rnd.nextInt(8)));
                GenotypeWindow sw = new GenotypeWindow(cohort, pass, ploidy, from, to, endRow, Long.MAX_VALUE,
                        reused);
                DenseGenotypeWindow dw = new DenseGenotypeWindow(cohort, pass, ploidy, from, to, endRow);
                sparse.select(c, qs, qe, sw, pass.length, ploidy);
                dense.select(c, qs, qe, dw, pass.length, ploidy);
                String what = name + " round " + round + " window " + w + " c" + c + ":" + qs + "-" + qe + " extend="
                        + extend + " ploidy=" + ploidy + " samples=" + Arrays.toString(pass);
                int slots = pass.length * ploidy;
                assertEquals(dense.total(), sparse.total(), what + ": total");
                assertArrayEquals(Arrays.copyOf(dense.counts(), slots), Arrays.copyOf(sparse.counts(), slots),
                        what + ": counts");
                assertArrayEquals(Arrays.copyOf(dense.rows(), dense.total()),
                        Arrays.copyOf(sparse.rows(), sparse.total()), what + ": rows");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seeds")
    void defaultCarriersListWhatGenotypesMark(String name, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int ploidy = rnd.nextInt(2) + 1;
        // wide enough that the default reads several pieces of dense rows
        int fileSamples = VariantSource.DENSE_PIECE_BYTES / 3 + rnd.nextInt(2000);
        Cohort cohort = Cohort.random(rnd, fileSamples, ploidy);
        int[] pass = randomSamples(rnd, fileSamples);
        int n = cohort.table.pos().length;
        int from = rnd.nextInt(n / 2 + 1);
        int to = from + rnd.nextInt(n - from + 1);
        CarrierBlock block = new CarrierBlock(pass.length * ploidy);
        cohort.carriers(from, to, pass, block);
        assertEquals(to - from, block.rows(), name);
        int width = pass.length * ploidy;
        for (int row = from; row < to; row++) {
            int[] want = new int[width];
            int count = 0;
            for (int slot = 0; slot < width; slot++) {
                if (cohort.carries(row, pass[slot / ploidy], slot % ploidy)) {
                    want[count++] = slot;
                }
            }
            int r = row - from;
            assertArrayEquals(Arrays.copyOf(want, count),
                    Arrays.copyOfRange(block.slots(), block.start(r), block.end(r)), name + " row " + row);
        }
    }

    @Test
    void aWindowPastItsCapStopsUnlessItHasOneSample() {
        SplittableRandom rnd = new SplittableRandom(3);
        Cohort cohort = Cohort.random(rnd, 9, 2);
        int end = VariantRows.whole(cohort.table, Path.of("random.vcf")).endRow(0);
        int[] all = {0, 1, 2, 3, 4, 5, 6, 7, 8};
        assertTrue(new GenotypeWindow(cohort, all, 2, 0, end, end, 16, new CarrierBlock(0)).overCap());
        assertFalse(new GenotypeWindow(cohort, new int[] {4}, 2, 0, end, end, 16, new CarrierBlock(0)).overCap());
        assertFalse(new GenotypeWindow(cohort, all, 2, 0, end, end, Long.MAX_VALUE, new CarrierBlock(0))
                .overCap());
    }

    /** A random pass: a subset of the file's samples in random order (at least one), possibly with repeats. */
    private static int[] randomSamples(SplittableRandom rnd, int fileSamples) {
        int k = 1 + rnd.nextInt(Math.min(fileSamples, 7) + (fileSamples > 100 ? fileSamples - 7 : 0));
        int[] out = new int[k];
        for (int j = 0; j < k; j++) {
            out[j] = rnd.nextInt(fileSamples);
        }
        if (rnd.nextBoolean()) {
            Arrays.sort(out);
        }
        return out;
    }

    /**
     * Random variants on two contigs and their calls, as a {@link VariantSource} that writes only the 1s of
     * {@link #genotypes} (as sparse sources may) and keeps the default {@link #carriers}.
     */
    private static final class Cohort implements VariantSource {
        final VariantTable table;
        /** Per row, one bit set per carried (sample, haplotype), dense. */
        final byte[][] calls;
        final int samples;
        final int ploidy;

        private Cohort(VariantTable table, byte[][] calls, int samples, int ploidy) {
            this.table = table;
            this.calls = calls;
            this.samples = samples;
            this.ploidy = ploidy;
        }

        static Cohort random(SplittableRandom rnd, int samples, int ploidy) {
            int[] perContig = {1 + rnd.nextInt(160), 1 + rnd.nextInt(60)};
            int n = perContig[0] + perContig[1];
            String[] chrom = new String[n];
            long[] pos = new long[n];
            String[] ref = new String[n];
            String[] alt = new String[n];
            int[] ilen = new int[n];
            byte[][] calls = new byte[n][samples * ploidy];
            int i = 0;
            for (int c = 0; c < 2; c++) {
                long p = 1 + rnd.nextInt(40);
                for (int r = 0; r < perContig[c]; r++, i++) {
                    p += rnd.nextInt(6) == 0 ? 0 : rnd.nextInt(1, 40);
                    chrom[i] = "c" + c;
                    pos[i] = p;
                    int kind = rnd.nextInt(10);
                    if (kind < 6) {
                        ref[i] = "A";
                        alt[i] = "C";
                    } else if (kind < 8) {
                        ref[i] = "A";
                        alt[i] = "A" + "T".repeat(rnd.nextInt(1, 9));
                    } else {
                        ref[i] = "A" + "G".repeat(rnd.nextInt(1, rnd.nextInt(5) == 0 ? 200 : 30));
                        alt[i] = "A";
                    }
                    ilen[i] = alt[i].length() - ref[i].length();
                    double share = rnd.nextInt(10) < 8 ? rnd.nextDouble() * 0.08 : rnd.nextDouble();
                    for (int s = 0; s < samples * ploidy; s++) {
                        calls[i][s] = (byte) (rnd.nextDouble() < share ? 1 : 0);
                    }
                }
            }
            return new Cohort(new VariantTable(chrom, pos, ref, alt, ilen), calls, samples, ploidy);
        }

        boolean carries(int row, int sample, int p) {
            return calls[row][sample * ploidy + p] == 1;
        }

        @Override
        public Path path() {
            return Path.of("random.vcf");
        }

        @Override
        public List<String> samples() {
            return IntStream.range(0, samples).mapToObj(s -> "s" + s).toList();
        }

        @Override
        public List<String> contigs() {
            return List.of("c0", "c1");
        }

        @Override
        public int ploidy() {
            return ploidy;
        }

        @Override
        public VariantTable variants() {
            return table;
        }

        @Override
        public void genotypes(int fromRow, int toRow, int[] sampleIndexes, byte[] out) {
            int width = sampleIndexes.length * ploidy;
            for (int row = fromRow; row < toRow; row++) {
                for (int k = 0; k < sampleIndexes.length; k++) {
                    for (int p = 0; p < ploidy; p++) {
                        if (carries(row, sampleIndexes[k], p)) {
                            out[(row - fromRow) * width + k * ploidy + p] = 1;
                        }
                    }
                }
            }
        }

        @Override
        public void close() {
        }
    }
}
