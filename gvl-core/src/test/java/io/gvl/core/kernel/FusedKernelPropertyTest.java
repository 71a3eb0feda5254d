package io.gvl.core.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.haplotype.HaplotypeSource;
import io.gvl.core.kernel.haplotype.Haplotypes;
import io.gvl.core.kernel.track.HaplotypeTracks;
import io.gvl.core.kernel.track.IntervalPainter;
import io.gvl.core.kernel.track.input.TrackSource;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded property tests: the fused batch kernels against {@link SimpleReference} row by row, and serial against
 * forced-parallel runs byte for byte. The seed is the case name, so a failure replays.
 */
class FusedKernelPropertyTest {

    /** Added to every seed: {@code -Dgvl.test.seedBase} explores new cases (gvl-core reads it without testkit). */
    private static final long SEED_BASE = Long.getLong("gvl.test.seedBase", 0L);

    static Stream<Long> seeds() {
        return LongStream.range(1, 61).map(s -> s + SEED_BASE).boxed();
    }

    @AfterEach
    void resetGate() {
        System.clearProperty("gvl.parallel");
    }

    private static long[] lengths(RandomBatch b, int[] diffs, boolean fixed, long seed) {
        long[] out = new long[diffs.length];
        for (int k = 0; k < diffs.length; k++) {
            int i = k / b.ploidy;
            out[k] = fixed ? 1 + seed % 37 : Math.max(0, b.ends[i] - b.starts[i] + diffs[k]);
        }
        return out;
    }

    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void annotatedHaplotypesMatchSimpleReference(long seed) {
        boolean fixed = seed % 2 == 0;
        checkAnnotatedHaplotypes(seed, new RandomBatch(seed, 1 + (int) (seed % 6), 2, fixed, 0), fixed);
    }

    /** Rows dense in SNPs, which the kernel writes as runs over one reference copy. */
    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void snpRunsMatchSimpleReference(long seed) {
        boolean fixed = seed % 3 == 0;
        checkAnnotatedHaplotypes(seed, new RandomBatch(seed, 1 + (int) (seed % 6), 2, fixed, 0, true), fixed);
    }

    private static void checkAnnotatedHaplotypes(long seed, RandomBatch b, boolean fixed) {
        HaplotypeSource src = b.source();
        HaplotypeBatch batch = b.batch();
        int[] diffs = Haplotypes.diffs(src, batch);
        for (int k = 0; k < diffs.length; k++) {
            assertArrayEquals(new int[] {SimpleReference.diff(b, k)}, new int[] {diffs[k]}, "diff of row " + k);
        }
        long[] lens = lengths(b, diffs, fixed, seed);
        try (Arena arena = Arena.ofConfined()) {
            long[] shape = {batch.rows()};
            Ragged haps = Ragged.allocate(arena, DType.U8, shape, lens);
            Ragged var = Ragged.allocate(arena, DType.I32, shape, lens);
            Ragged coord = Ragged.allocate(arena, DType.I32, shape, lens);
            Haplotypes.reconstructAnnotated(src, batch, haps, var, coord, b.negative);
            for (int k = 0; k < batch.rows(); k++) {
                int len = (int) lens[k];
                int[] v = new int[len];
                int[] c = new int[len];
                byte[] want = SimpleReference.haplotype(b, k, len, v, c);
                assertArrayEquals(want, haps.rowBytes(k), "haplotype row " + k);
                assertArrayEquals(v, var.row(k).toArray(ValueLayout.JAVA_INT), "var_idxs row " + k);
                assertArrayEquals(c, coord.row(k).toArray(ValueLayout.JAVA_INT), "ref_coords row " + k);
            }
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void haplotypeTracksMatchSimpleReference(long seed) {
        RandomBatch b = new RandomBatch(seed, 1 + (int) (seed % 5), 2, false, 2);
        HaplotypeSource src = b.source();
        HaplotypeBatch batch = b.batch();
        int[] diffs = Haplotypes.diffs(src, batch);
        long[] lens = lengths(b, diffs, false, seed);
        try (Arena arena = Arena.ofConfined()) {
            Ragged haps = Ragged.allocate(arena, DType.U8, new long[] {batch.rows()}, lens);
            List<Ragged> outs = new ArrayList<>();
            List<TrackSource> tracks = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                outs.add(Ragged.allocate(arena, DType.F32, new long[] {batch.rows()}, lens));
                tracks.add(new TrackSource(b.intervals(t), LongStream.range(0, b.instances).toArray(), b.fills.get(t)));
            }
            HaplotypeTracks.fill(src, batch, diffs, tracks, b.baseSeed, haps, outs, b.negative);
            for (int k = 0; k < batch.rows(); k++) {
                int i = k / b.ploidy;
                int len = (int) lens[k];
                assertArrayEquals(SimpleReference.haplotype(b, k, len, new int[len], new int[len]), haps.rowBytes(k),
                        "haplotype row " + k);
                int scratch = (int) HaplotypeTracks.scratchLength(batch.regions(), b.ploidy, diffs, i);
                for (int t = 0; t < 2; t++) {
                    float[] track = SimpleReference.paint(b.trackIntervals.get(t)[i], b.starts[i], scratch);
                    float[] want = SimpleReference.realign(b, k, track, len, b.fills.get(t));
                    assertArrayEquals(bits(want), bits(outs.get(t).row(k).toArray(ValueLayout.JAVA_FLOAT)),
                            "track " + t + " (" + b.fills.get(t) + ") row " + k);
                }
            }
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void referenceCoordinateTracksMatchSimpleReference(long seed) {
        RandomBatch b = new RandomBatch(seed, 1 + (int) (seed % 7), 1, false, 1);
        long[] lens = new long[b.instances];
        Arrays.setAll(lens, i -> b.ends[i] - b.starts[i]);
        try (Arena arena = Arena.ofConfined()) {
            Ragged out = Ragged.allocate(arena, DType.F32, new long[] {b.instances}, lens);
            IntervalPainter.paint(b.intervals(0), LongStream.range(0, b.instances).toArray(), b.starts, out,
                    b.negative);
            for (int i = 0; i < b.instances; i++) {
                float[] row = SimpleReference.paint(b.trackIntervals.get(0)[i], b.starts[i], (int) lens[i]);
                if (b.negative.get(i)) {
                    for (int lo = 0, hi = row.length - 1; lo < hi; lo++, hi--) {
                        float x = row[lo];
                        row[lo] = row[hi];
                        row[hi] = x;
                    }
                }
                assertArrayEquals(bits(row), bits(out.row(i).toArray(ValueLayout.JAVA_FLOAT)), "row " + i);
            }
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void serialEqualsParallel(long seed) {
        byte[] serial = fusedBytes(seed, "never");
        byte[] parallel = fusedBytes(seed, "always");
        assertArrayEquals(serial, parallel);
    }

    /** All fused outputs of one random batch concatenated, under the given parallel gate. */
    private static byte[] fusedBytes(long seed, String gate) {
        System.setProperty("gvl.parallel", gate);
        RandomBatch b = new RandomBatch(seed, 3 + (int) (seed % 9), 2, false, 2);
        HaplotypeSource src = b.source();
        HaplotypeBatch batch = b.batch();
        int[] diffs = Haplotypes.diffs(src, batch);
        long[] lens = lengths(b, diffs, false, seed);
        long[] shape = {batch.rows()};
        try (Arena arena = Arena.ofShared()) {
            Ragged haps = Ragged.allocate(arena, DType.U8, shape, lens);
            Ragged var = Ragged.allocate(arena, DType.I32, shape, lens);
            Ragged coord = Ragged.allocate(arena, DType.I32, shape, lens);
            Haplotypes.reconstructAnnotated(src, batch, haps, var, coord, b.negative);
            Ragged haps2 = Ragged.allocate(arena, DType.U8, shape, lens);
            List<Ragged> outs = List.of(Ragged.allocate(arena, DType.F32, shape, lens),
                    Ragged.allocate(arena, DType.F32, shape, lens));
            List<TrackSource> tracks = List.of(
                    new TrackSource(b.intervals(0), LongStream.range(0, b.instances).toArray(), b.fills.get(0)),
                    new TrackSource(b.intervals(1), LongStream.range(0, b.instances).toArray(), b.fills.get(1)));
            HaplotypeTracks.fill(src, batch, diffs, tracks, b.baseSeed, haps2, outs, b.negative);
            java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
            for (Ragged r : List.of(haps, var, coord, haps2, outs.get(0), outs.get(1))) {
                all.writeBytes(r.data().toArray(ValueLayout.JAVA_BYTE));
            }
            return all.toByteArray();
        }
    }

    private static int[] bits(float[] f) {
        int[] out = new int[f.length];
        for (int i = 0; i < f.length; i++) {
            out[i] = Float.floatToRawIntBits(f[i]);
        }
        return out;
    }
}
