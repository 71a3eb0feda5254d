package io.gvl.core.internal.kernel.track;

import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.kernel.track.Intervals;
import java.lang.foreign.MemorySegment;

/**
 * Row-level interval painting shared by the track kernels (reference-coordinate rows, realignment scratch rows,
 * spliced rows). Internal because it works on raw row positions and takes the {@link RowFill} implementation.
 */
public final class IntervalRows {
    private IntervalRows() {
    }

    /** Paints group {@code group} into {@code out[at, at + len)} for a row starting at genome position {@code q0}. */
    public static void paintRow(Intervals itv, long group, long q0, MemorySegment out, long at, long len,
                                RowFill fill) {
        fill.fillF32(out, at, len, 0f);
        for (long i = itv.groupStart(group), e = itv.groupEnd(group); i < e; i++) {
            long s = itv.start(i) - q0;
            if (s >= len) {
                break;
            }
            long from = Math.max(s, 0);
            long to = Math.min(itv.end(i) - q0, len);
            if (to > from) {
                fill.fillF32(out, at + from, to - from, itv.value(i));
            }
        }
    }

    /**
     * Windows of the row {@link #paintRow} would paint {@code len} long from {@code q0}: elements
     * {@code [lo[w], hi[w])} to {@code out[at[w], at[w] + hi[w] - lo[w])} for {@code w < windows}, in one pass over
     * the intervals. The pass stops where the full row's does (first interval starting at or past {@code len}), not
     * at the windows' end, so every window matches the full row even if a group were out of order.
     */
    public static void paintWindows(Intervals itv, long group, long q0, long len, long[] lo, long[] hi, long[] at,
                                    int windows, MemorySegment out, RowFill fill) {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (int w = 0; w < windows; w++) {
            fill.fillF32(out, at[w], hi[w] - lo[w], 0f);
            first = Math.min(first, lo[w]);
            last = Math.max(last, hi[w]);
        }
        for (long i = itv.groupStart(group), e = itv.groupEnd(group); i < e; i++) {
            long s = itv.start(i) - q0;
            if (s >= len) {
                break;
            }
            long end = itv.end(i) - q0;
            if (end <= first || s >= last) {
                // Outside every window: the common case when windows are short.
                continue;
            }
            for (int w = 0; w < windows; w++) {
                long from = Math.max(s, lo[w]);
                long to = Math.min(end, hi[w]);
                if (to > from) {
                    fill.fillF32(out, at[w] + from - lo[w], to - from, itv.value(i));
                }
            }
        }
    }
}
