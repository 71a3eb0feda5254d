package io.gvl.core.internal.kernel.track;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.internal.kernel.KernelProvider;
import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.kernel.track.input.Intervals;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The searched, write-once painting of {@link IntervalRows} against the plain scan it replaces (zero the row, paint
 * every interval of the group from its first in stored order, stop at the first starting at or past the row end),
 * on seeded random groups: empty groups, gaps, touching and zero-length intervals, long intervals overlapping later
 * ones, intervals reaching past either row edge, rows before, inside and after their group, and sub-windows of
 * rows; with the scalar and the Vector API fills. The seed is the case name, so a failure replays.
 */
class IntervalLookupTest {
    private static final float POISON = Float.intBitsToFloat(0x7fc0beef);

    /** Added to every seed: {@code -Dgvl.test.seedBase} explores new cases (gvl-core reads it without testkit). */
    private static final long SEED_BASE = Long.getLong("gvl.test.seedBase", 0L);

    static Stream<Long> seeds() {
        return LongStream.range(1, 201).map(s -> s + SEED_BASE).boxed();
    }

    private static List<RowFill> fills() {
        // Surefire runs with the incubator module, so both must be here (VectorKernelsTest says the same).
        return List.of(KernelProvider.scalar().rowFill(), KernelProvider.vector().rowFill());
    }

    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void rowsEqualTheScan(long seed) {
        Random rnd = new Random(seed);
        Intervals itv = groups(rnd);
        for (int row = 0; row < 40; row++) {
            long group = rnd.nextInt((int) itv.groups());
            long q0 = rnd.nextInt(700) - 100;
            int len = rnd.nextInt(8) == 0 ? 0 : 1 + rnd.nextInt(rnd.nextBoolean() ? 20 : 300);
            float[] want = scan(itv, group, q0, len);
            float[] reversed = new float[len];
            for (int k = 0; k < len; k++) {
                reversed[k] = want[len - 1 - k];
            }
            for (RowFill fill : fills()) {
                for (boolean reverse : new boolean[] {false, true}) {
                    float[] got = new float[len + 2];
                    got[0] = POISON;
                    got[len + 1] = POISON;
                    IntervalRows.paintRow(itv, group, q0, MemorySegment.ofArray(got), 1, len, reverse, fill);
                    assertEquals(Float.floatToRawIntBits(POISON), Float.floatToRawIntBits(got[0]),
                            "wrote before the row");
                    assertEquals(Float.floatToRawIntBits(POISON), Float.floatToRawIntBits(got[len + 1]),
                            "wrote past the row");
                    assertArrayEquals(bits(reverse ? reversed : want), bits(java.util.Arrays.copyOfRange(got, 1,
                            len + 1)), fill.name() + " group " + group + " q0 " + q0 + " len " + len + " reverse "
                            + reverse + " seed " + seed);
                }
            }
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void boundaryDeltasPaintShortRunsExactlyAndLeaveOverlapsToTheRunPainter(long seed) {
        Random rnd = new Random(seed * 31 + 7);
        // one group of short touching runs with rare gaps (a coverage track), one where some runs overlap
        List<int[]> runs = new ArrayList<>();
        List<int[]> overlapping = new ArrayList<>();
        for (int s = rnd.nextInt(20) - 10; s < 3000; ) {
            int len = 1 + rnd.nextInt(6);
            runs.add(new int[] {s, s + len, rnd.nextInt(9) == 0 ? 0x7fc0beef : Float.floatToRawIntBits(rnd.nextInt(90) / 4f)});
            overlapping.add(new int[] {s, s + len + (rnd.nextInt(40) == 0 ? 5 : 0), Float.floatToRawIntBits(rnd.nextInt(90))});
            s += len + (rnd.nextInt(30) == 0 ? 1 + rnd.nextInt(40) : 0);
        }
        for (List<int[]> group : List.of(runs, overlapping)) {
            Intervals itv = new Intervals(MemorySegment.ofArray(group.stream().mapToInt(a -> a[0]).toArray()),
                    MemorySegment.ofArray(group.stream().mapToInt(a -> a[1]).toArray()),
                    MemorySegment.ofArray(group.stream().mapToInt(a -> a[2]).toArray()),
                    MemorySegment.ofArray(new long[] {0, group.size()}));
            for (int row = 0; row < 10; row++) {
                int len = 256 + rnd.nextInt(500);
                long q0 = rnd.nextInt(2900 - len) - 50; // inside the group's runs
                float[] want = scan(itv, 0, q0, len);
                for (RowFill fill : fills()) {
                    long first = IntervalRows.firstReaching(itv, 0, q0, fill);
                    long stop = IntervalRows.firstStartingAt(itv, first, group.size(), q0 + len);
                    float[] got = new float[len];
                    boolean painted = IntervalRows.paintDeltas(itv, first, stop, q0, MemorySegment.ofArray(got), 0,
                            len, fill);
                    boolean overlaps = false;
                    long end = Long.MIN_VALUE;
                    for (long i = first; i < stop; i++) {
                        long from = Math.max(itv.start(i) - q0, 0);
                        long to = Math.min(itv.end(i) - q0, len);
                        if (to > from) {
                            overlaps |= from < end;
                            end = to;
                        }
                    }
                    assertEquals(!overlaps, painted, "deltas refuse exactly the rows with overlapping runs");
                    if (painted) {
                        assertArrayEquals(bits(want), bits(got), fill.name() + " q0 " + q0 + " len " + len);
                    }
                    float[] row2 = new float[len];
                    IntervalRows.paintRow(itv, 0, q0, MemorySegment.ofArray(row2), 0, len, false, fill);
                    assertArrayEquals(bits(want), bits(row2), fill.name() + " paintRow q0 " + q0 + " len " + len);
                }
            }
        }
        assertTrue(IntervalRows.shortRuns(runs.size(), 3000), "runs of 1-6 are short enough for the deltas");
        assertFalse(IntervalRows.shortRuns(10, 1000), "runs of 100 are left to the run painter");
    }

    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void boundaryDeltasOfRowsSpanningManyWindowsStayInsideTheRowAndLeaveTheWindowClean(long seed) {
        Random rnd = new Random(seed * 131 + 3);
        // runs of 1-12 with rare gaps longer than a window (whole windows without a boundary); the second group
        // overlaps once, late in its rows, after the painter has written some windows
        List<int[]> runs = new ArrayList<>();
        for (int s = rnd.nextInt(40) - 20; s < 30_000; ) {
            int len = 1 + rnd.nextInt(12);
            runs.add(new int[] {s, s + len, Float.floatToRawIntBits(rnd.nextInt(50) / 8f)});
            s += len + (rnd.nextInt(200) == 0 ? IntervalRows.DELTA_WINDOW + rnd.nextInt(3 * IntervalRows.DELTA_WINDOW)
                    : rnd.nextInt(3) == 0 ? 1 : 0);
        }
        List<int[]> late = new ArrayList<>(runs);
        int k = late.size() / 2 + rnd.nextInt(late.size() / 4);
        late.set(k, new int[] {late.get(k)[0], late.get(k)[1] + 20, late.get(k)[2]});
        for (List<int[]> group : List.of(runs, late)) {
            Intervals itv = new Intervals(MemorySegment.ofArray(group.stream().mapToInt(a -> a[0]).toArray()),
                    MemorySegment.ofArray(group.stream().mapToInt(a -> a[1]).toArray()),
                    MemorySegment.ofArray(group.stream().mapToInt(a -> a[2]).toArray()),
                    MemorySegment.ofArray(new long[] {0, group.size()}));
            for (int row = 0; row < 4; row++) {
                int len = IntervalRows.DELTA_WINDOW / 2 + rnd.nextInt(6 * IntervalRows.DELTA_WINDOW);
                long q0 = rnd.nextInt(30_000 - len) - 30;
                float[] want = scan(itv, 0, q0, len);
                for (RowFill fill : fills()) {
                    // the boundary-delta painter itself (any run length), then paintRow's choice
                    long first = IntervalRows.firstReaching(itv, 0, q0, fill);
                    long stop = IntervalRows.firstStartingAt(itv, first, group.size(), q0 + len);
                    float[] deltas = new float[len + 10];
                    Arrays.fill(deltas, -7f);
                    boolean painted = IntervalRows.paintDeltas(itv, first, stop, q0, MemorySegment.ofArray(deltas), 5,
                            len, fill);
                    if (group == runs) {
                        assertTrue(painted, "no overlaps: the deltas paint the row");
                    }
                    float[] got = new float[len + 10];
                    Arrays.fill(got, -7f);
                    IntervalRows.paintRow(itv, 0, q0, MemorySegment.ofArray(got), 5, len, false, fill);
                    for (float[] painting : painted ? List.of(deltas, got) : List.of(got)) {
                        assertArrayEquals(bits(want), bits(Arrays.copyOfRange(painting, 5, 5 + len)),
                                fill.name() + " q0 " + q0 + " len " + len + " deltas " + (painting == deltas));
                        for (int e : new int[] {0, 1, 2, 3, 4, len + 5, len + 9}) {
                            assertEquals(-7f, painting[e], "element " + e + " outside the row is untouched");
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void windowsEqualTheirPartOfTheScannedRow(long seed) {
        Random rnd = new Random(seed ^ 0x5eed);
        Intervals itv = groups(rnd);
        for (int row = 0; row < 20; row++) {
            long group = rnd.nextInt((int) itv.groups());
            long q0 = rnd.nextInt(700) - 100;
            int len = 1 + rnd.nextInt(400);
            float[] full = scan(itv, group, q0, len);
            int windows = 1 + rnd.nextInt(3);
            long[] lo = new long[windows];
            long[] hi = new long[windows];
            long[] at = new long[windows];
            long total = 0;
            for (int w = 0; w < windows; w++) {
                lo[w] = rnd.nextInt(len);
                hi[w] = Math.min(len, lo[w] + rnd.nextInt(60));
                at[w] = total;
                total += hi[w] - lo[w];
            }
            for (RowFill fill : fills()) {
                float[] got = new float[(int) total];
                IntervalRows.paintWindows(itv, group, q0, len, lo, hi, at, windows, MemorySegment.ofArray(got), fill);
                for (int w = 0; w < windows; w++) {
                    assertArrayEquals(bits(java.util.Arrays.copyOfRange(full, (int) lo[w], (int) hi[w])),
                            bits(java.util.Arrays.copyOfRange(got, (int) at[w], (int) (at[w] + hi[w] - lo[w]))),
                            fill.name() + " window [" + lo[w] + ", " + hi[w] + ") of group " + group + " q0 " + q0
                                    + " seed " + seed);
                }
            }
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void firstAboveMatchesAcrossImplementations(long seed) {
        Random rnd = new Random(seed * 7919);
        int n = rnd.nextInt(100);
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = rnd.nextInt(200) - 100;
        }
        MemorySegment seg = MemorySegment.ofArray(values);
        for (int c = 0; c < 20; c++) {
            int from = n == 0 ? 0 : rnd.nextInt(n + 1);
            int to = from + rnd.nextInt(n - from + 1);
            int bound = rnd.nextInt(240) - 120;
            long want = to;
            for (int i = from; i < to; i++) {
                if (values[i] > bound) {
                    want = i;
                    break;
                }
            }
            for (RowFill fill : fills()) {
                assertEquals(want, fill.firstAbove(seg, from, to, bound),
                        fill.name() + " [" + from + ", " + to + ") > " + bound + " seed " + seed);
            }
        }
    }

    /** The reference: GVL's scan from the group's first interval. */
    private static float[] scan(Intervals itv, long group, long q0, int len) {
        float[] out = new float[len];
        for (long i = itv.groupStart(group); i < itv.groupEnd(group); i++) {
            long s = itv.start(i) - q0;
            if (s >= len) {
                break;
            }
            for (long p = Math.max(s, 0); p < Math.min(itv.end(i) - q0, len); p++) {
                out[(int) p] = itv.value(i);
            }
        }
        return out;
    }

    /** 1-8 groups over [0, 600), sorted by start; some empty, some dense, some with long overlapping intervals. */
    private static Intervals groups(Random rnd) {
        int groups = 1 + rnd.nextInt(8);
        List<int[]> all = new ArrayList<>();
        List<Float> values = new ArrayList<>();
        long[] offsets = new long[groups + 1];
        for (int g = 0; g < groups; g++) {
            int kind = rnd.nextInt(5);
            if (kind != 0) {
                int s = rnd.nextInt(60) - 20;
                while (s < 600) {
                    int length = switch (rnd.nextInt(6)) {
                        case 0 -> 0;
                        case 1 -> 1;
                        case 2 -> kind == 4 ? 50 + rnd.nextInt(300) : 2 + rnd.nextInt(8);
                        default -> 1 + rnd.nextInt(24);
                    };
                    all.add(new int[] {s, s + length});
                    values.add(rnd.nextInt(10) == 0 ? Float.NaN : rnd.nextInt(1000) / 8f);
                    // Touching (step = length), gaps (longer steps) or overlaps (shorter steps) in start order.
                    int step = switch (rnd.nextInt(4)) {
                        case 0 -> length;
                        case 1 -> length + 1 + rnd.nextInt(30);
                        case 2 -> kind == 3 ? rnd.nextInt(length + 1) : length;
                        default -> Math.max(length, 1);
                    };
                    s += step;
                }
            }
            offsets[g + 1] = all.size();
        }
        float[] v = new float[values.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = values.get(i);
        }
        return new Intervals(MemorySegment.ofArray(all.stream().mapToInt(a -> a[0]).toArray()),
                MemorySegment.ofArray(all.stream().mapToInt(a -> a[1]).toArray()), MemorySegment.ofArray(v),
                MemorySegment.ofArray(offsets));
    }

    private static int[] bits(float[] f) {
        int[] out = new int[f.length];
        for (int i = 0; i < f.length; i++) {
            out[i] = Float.floatToRawIntBits(f[i]);
        }
        return out;
    }
}
