package io.gvl.core.internal.kernel.track;

import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.internal.kernel.ThreadScratch;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.track.input.Intervals;
import java.lang.foreign.MemorySegment;

/**
 * Realigns an instance's rows of a track from a scratch track painted only where they read ({@link ReadWindow}):
 * one window spanning the rows' windows when they overlap (deterministic rows share a start), else one window per
 * row side by side (randomly shifted short outputs of a long region read far-apart windows), all painted in one
 * pass over the intervals. A window {@code [lo, hi)} stored from scratch element {@code at} is passed to
 * {@link TrackRealignRow#realign} as track offset {@code at - lo}, with GVL's full scratch length. One instance per
 * thread ({@link #forThisThread}), reused by every range the thread runs (with small row grains a range can be a
 * single instance): the scratch grows to the largest need of a batch and is reused.
 *
 * <p>The scratch is a {@link ThreadScratch}, kept between batches up to {@link #KEPT_SCRATCH_BYTES}.
 */
public final class WindowedRealigner {
    /** Scratch kept by a thread for the next batch; a larger need gets a scratch of its own, freed by the GC. */
    static final long KEPT_SCRATCH_BYTES = 16L << 20;
    private static final ThreadScratch SCRATCH = new ThreadScratch(KEPT_SCRATCH_BYTES);

    private static final ThreadLocal<WindowedRealigner> PER_THREAD = new ThreadLocal<>();

    private final int ploidy;
    private final long[] measuredLo;
    private final long[] measuredHi;
    private final long[] lo;
    private final long[] hi;
    private final long[] at;
    private final double[] fillScratch = new double[8];
    private MemorySegment scratch;

    private WindowedRealigner(int ploidy) {
        this.ploidy = ploidy;
        measuredLo = new long[ploidy];
        measuredHi = new long[ploidy];
        lo = new long[ploidy];
        hi = new long[ploidy];
        at = new long[ploidy];
    }

    /**
     * This thread's realigner for {@code ploidy}, starting from the thread's kept scratch (not a larger one that an
     * earlier batch needed, which is left to the GC).
     */
    public static WindowedRealigner forThisThread(int ploidy) {
        WindowedRealigner r = PER_THREAD.get();
        if (r == null || r.ploidy != ploidy) {
            r = new WindowedRealigner(ploidy);
            PER_THREAD.set(r);
        }
        r.scratch = SCRATCH.atLeast(0);
        return r;
    }

    /**
     * Measures the read windows of instance {@code i}'s rows; they hold for every track of the instance.
     *
     * @param rowOffsets int64 row offsets of the outputs (all outputs share the row lengths)
     */
    public void measure(TrackRealignRow.Context c, HaplotypeBatch batch, int i, long q0, MemorySegment rowOffsets) {
        for (int h = 0; h < ploidy; h++) {
            int k = i * ploidy + h;
            long group = batch.group(k);
            long len = Mem.i64(rowOffsets, k + 1) - Mem.i64(rowOffsets, k);
            ReadWindow.measure(c, k, c.genotypes().start(group), c.genotypes().stop(group), batch.shift(k), q0, len,
                    measuredLo, measuredHi, h);
        }
    }

    /**
     * Paints group {@code group} of {@code itv} where the measured rows read and realigns them into {@code out}
     * (rows at {@code outOffsets}, haplotype {@code h} at row {@code firstRow + h}), reversing them when
     * {@code flip}.
     *
     * @param trackLen GVL's scratch length of the instance, which every clamp of the realignment keeps using
     */
    public void realign(TrackRealignRow.Context c, Intervals itv, long group, HaplotypeBatch batch, int i, long q0,
                        long trackLen, MemorySegment out, MemorySegment outOffsets, long firstRow, boolean flip) {
        long joinedLo = Long.MAX_VALUE;
        long joinedHi = 0;
        long separate = 0;
        for (int h = 0; h < ploidy; h++) {
            lo[h] = ReadWindow.lo(measuredLo[h], c.fill(), trackLen);
            hi[h] = ReadWindow.hi(measuredHi[h], c.fill(), trackLen);
            at[h] = separate;
            joinedLo = Math.min(joinedLo, lo[h]);
            joinedHi = Math.max(joinedHi, hi[h]);
            separate += hi[h] - lo[h];
        }
        boolean joined = joinedHi - joinedLo <= separate;
        if (joined) {
            lo[0] = joinedLo;
            hi[0] = joinedHi;
        }
        int windows = joined ? 1 : ploidy;
        ensureScratch(joined ? joinedHi - joinedLo : separate);
        IntervalRows.paintWindows(itv, group, q0, trackLen, lo, hi, at, windows, scratch, c.rows());
        for (int h = 0; h < ploidy; h++) {
            int w = joined ? 0 : h;
            row(c, batch, i, h, q0, trackLen, at[w] - lo[w], out, outOffsets, firstRow + h, flip);
        }
    }

    private void ensureScratch(long n) {
        long capacity = scratch.byteSize() / 4;
        if (n > capacity) {
            scratch = SCRATCH.atLeast(4 * n);
        }
    }

    /**
     * Realigns row {@code h} into output row {@code outRow}; track index {@code idx} sits at scratch element
     * {@code trackAt + idx}.
     */
    private void row(TrackRealignRow.Context c, HaplotypeBatch batch, int i, int h, long q0, long trackLen,
                     long trackAt, MemorySegment out, MemorySegment outOffsets, long outRow, boolean flip) {
        int k = i * ploidy + h;
        long group = batch.group(k);
        long at = Mem.i64(outOffsets, outRow);
        long len = Mem.i64(outOffsets, outRow + 1) - at;
        TrackRealignRow.realign(c, k, i, h, c.genotypes().start(group), c.genotypes().stop(group), batch.shift(k),
                scratch, trackAt, trackLen, q0, out, at, len, fillScratch);
        if (flip) {
            c.rows().reverseF32(out, at, len);
        }
    }
}
