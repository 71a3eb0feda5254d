package io.gvl.bench.kernels;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.haplotype.Haplotypes;
import io.gvl.core.kernel.track.HaplotypeTracks;
import io.gvl.core.kernel.track.IntervalPainter;
import io.gvl.core.kernel.track.input.FillCode;
import io.gvl.core.kernel.track.input.TrackSource;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
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
 * The fused haplotype + realigned-track kernel (GVL's {@code HapsTracks}: paint, realign, reconstruct in one call)
 * on 64 haplotypes with one track, against {@code System.arraycopy} of the same output bytes (1 byte per base plus 4
 * per track value) in the same run. Shapes ({@code region/output[/shifted]}): 16,384 bp outputs of 16,384 bp
 * regions, and 1,024 bp outputs of 131,072 bp regions unshifted (deterministic) or with GVL's random shifts, where
 * the kernel should pay for the output rather than the region. Output is checked in setup.
 *
 * <p>Run: {@code java --add-modules=jdk.incubator.vector -cp 'gvl-bench/target/classes:gvl-bench/target/lib/*'
 * org.openjdk.jmh.Main RealignedTrackBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
public class RealignedTrackBenchmark {
    static final int HAPLOTYPES = 64;

    @Param({"16384/16384", "131072/1024", "131072/1024/shifted"})
    public String shape;

    private int outLength;

    private KernelBatch data;
    private HaplotypeBatch batch;
    private Arena arena;
    private Ragged haps;
    private List<Ragged> trackOut;
    private List<TrackSource> tracks;
    private int[] diffs;
    private byte[] heapSrc;
    private byte[] heapDst;
    private long outBytes;

    @Setup(Level.Trial)
    public void setUp() {
        String[] parts = shape.split("/");
        int regionLength = Integer.parseInt(parts[0]);
        outLength = Integer.parseInt(parts[1]);
        data = new KernelBatch(HAPLOTYPES / KernelBatch.PLOIDY, regionLength, 7);
        diffs = Haplotypes.diffs(data.source, data.batch);
        if (parts.length > 2) {
            batch = shifted(data.batch, diffs, regionLength, outLength);
        } else {
            batch = data.batch;
        }
        arena = Arena.ofShared();
        long[] lengths = new long[HAPLOTYPES];
        Arrays.fill(lengths, outLength);
        long[] shape = {HAPLOTYPES};
        haps = Ragged.allocate(arena, DType.U8, shape, lengths);
        trackOut = List.of(Ragged.allocate(arena, DType.F32, shape, lengths));
        tracks = List.of(new TrackSource(data.intervals, LongStream.range(0, HAPLOTYPES / KernelBatch.PLOIDY)
                .toArray(), FillCode.of(FillCode.REPEAT_5P, 0)));
        outBytes = haps.totalLength() * 5;
        heapSrc = new byte[(int) outBytes];
        heapDst = new byte[(int) outBytes];
        fused();
        check();
    }

    /** GVL's random shifts, {@code U{0..max(diff, 0) + region - out}}; rows 0 and 1 stay unshifted for the check. */
    private static HaplotypeBatch shifted(HaplotypeBatch batch, int[] diffs, int regionLength, int outLength) {
        SplittableRandom rnd = new SplittableRandom(11);
        int[] shifts = new int[batch.rows()];
        for (int k = 2; k < shifts.length; k++) {
            shifts[k] = rnd.nextInt(Math.max(diffs[k], 0) + regionLength - outLength + 1);
        }
        return new HaplotypeBatch(batch.regions(), batch.ploidy(), batch.offsetIdx(), shifts, batch.keep());
    }

    private void fused() {
        HaplotypeTracks.fill(data.source, batch, diffs, tracks, 0L, haps, trackOut, null);
    }

    private void check() {
        try (Arena local = Arena.ofShared()) {
            int instances = HAPLOTYPES / KernelBatch.PLOIDY;
            long[] lens = new long[instances];
            Arrays.fill(lens, outLength);
            Ragged painted = Ragged.allocate(local, DType.F32, new long[] {instances}, lens);
            IntervalPainter.paint(data.intervals, LongStream.range(0, instances).toArray(),
                    data.batch.regions().starts(), painted, null);
            for (int k = 0; k < 2; k++) {
                // Rows 0 (no variant) and 1 (one SNP) keep the painted reference-coordinate track unchanged.
                float[] want = painted.row(0).toArray(ValueLayout.JAVA_FLOAT);
                float[] got = trackOut.get(0).row(k).toArray(ValueLayout.JAVA_FLOAT);
                if (!Arrays.equals(want, got)) {
                    throw new IllegalStateException("realigned track row " + k + " differs from the painted track");
                }
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        arena.close();
    }

    @Benchmark
    public Ragged hapsAndRealignedTrack(OutputBytes counter) {
        fused();
        counter.bytes += outBytes;
        return trackOut.get(0);
    }

    @Benchmark
    public byte[] arraycopyBaseline(OutputBytes counter) {
        System.arraycopy(heapSrc, 0, heapDst, 0, heapSrc.length);
        counter.bytes += outBytes;
        return heapDst;
    }
}
