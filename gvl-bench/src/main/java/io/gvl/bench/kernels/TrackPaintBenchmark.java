package io.gvl.bench.kernels;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.kernel.track.IntervalPainter;
import io.gvl.core.kernel.track.input.Intervals;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reference-coordinate track painting alone ({@link IntervalPainter#paint}): 64 rows of 16,384 float32 values from
 * coverage-like intervals (touching runs of 1-24 bp with rare gaps, as the demo's coverage bigWigs), into one
 * output buffer reused by every call, against {@code System.arraycopy} of the same bytes. Reusing the output keeps
 * allocation and first-touch costs out, so the kernel's own rate shows; {@code mode} is {@code gvl.parallel}.
 * The painted rows are checked against a plain scan in setup.
 *
 * <p>Run: {@code java --add-modules=jdk.incubator.vector -cp 'gvl-bench/target/classes:gvl-bench/target/lib/*'
 * org.openjdk.jmh.Main TrackPaintBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
public class TrackPaintBenchmark {
    static final int ROWS = 64;
    static final int LENGTH = 16_384;

    @Param({"never", "always"})
    public String mode;

    private Arena arena;
    private Intervals intervals;
    private long[] groups;
    private int[] starts;
    private Ragged out;
    private byte[] heapSrc;
    private byte[] heapDst;
    private long outBytes;

    @Setup(Level.Trial)
    public void setUp() {
        System.setProperty("gvl.parallel", mode);
        arena = Arena.ofShared();
        SplittableRandom rnd = new SplittableRandom(3);
        int span = 2 * LENGTH;
        int[] s = new int[ROWS * span];
        int[] e = new int[ROWS * span];
        float[] v = new float[ROWS * span];
        long[] offsets = new long[ROWS + 1];
        int n = 0;
        for (int g = 0; g < ROWS; g++) {
            int pos = 0;
            while (pos < span) {
                int end = Math.min(span, pos + 1 + rnd.nextInt(24));
                if (rnd.nextInt(200) != 0) {
                    s[n] = pos;
                    e[n] = end;
                    v[n++] = rnd.nextInt(80);
                }
                pos = end;
            }
            offsets[g + 1] = n;
        }
        intervals = new Intervals(copy(s, n), copy(e, n), copy(v, n), copy(offsets));
        groups = new long[ROWS];
        starts = new int[ROWS];
        for (int r = 0; r < ROWS; r++) {
            groups[r] = r;
            starts[r] = rnd.nextInt(span - LENGTH);
        }
        long[] lengths = new long[ROWS];
        Arrays.fill(lengths, LENGTH);
        out = Ragged.allocate(arena, DType.F32, new long[] {ROWS}, lengths);
        outBytes = out.totalLength() * 4;
        heapSrc = new byte[(int) outBytes];
        heapDst = new byte[(int) outBytes];
        paint();
        check();
    }

    private MemorySegment copy(int[] a, int n) {
        return arena.allocate(4L * n, 4).copyFrom(MemorySegment.ofArray(Arrays.copyOf(a, n)));
    }

    private MemorySegment copy(float[] a, int n) {
        return arena.allocate(4L * n, 4).copyFrom(MemorySegment.ofArray(Arrays.copyOf(a, n)));
    }

    private MemorySegment copy(long[] a) {
        return arena.allocate(8L * a.length, 8).copyFrom(MemorySegment.ofArray(a));
    }

    private void paint() {
        IntervalPainter.paint(intervals, groups, starts, out, null);
    }

    private void check() {
        for (int r = 0; r < ROWS; r++) {
            float[] want = new float[LENGTH];
            for (long i = intervals.groupStart(r); i < intervals.groupEnd(r); i++) {
                for (long p = Math.max(intervals.start(i) - starts[r], 0);
                        p < Math.min(intervals.end(i) - starts[r], LENGTH); p++) {
                    want[(int) p] = intervals.value(i);
                }
            }
            if (!Arrays.equals(want, out.row(r).toArray(ValueLayout.JAVA_FLOAT))) {
                throw new IllegalStateException("painted row " + r + " differs from the scan");
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        System.clearProperty("gvl.parallel");
        arena.close();
    }

    @Benchmark
    public Ragged paintTracks(OutputBytes counter) {
        paint();
        counter.bytes += outBytes;
        return out;
    }

    @Benchmark
    public byte[] arraycopyBaseline(OutputBytes counter) {
        System.arraycopy(heapSrc, 0, heapDst, 0, heapSrc.length);
        counter.bytes += outBytes;
        return heapDst;
    }
}
