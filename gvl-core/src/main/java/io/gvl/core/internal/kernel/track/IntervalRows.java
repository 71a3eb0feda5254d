package io.gvl.core.internal.kernel.track;

import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.kernel.track.Intervals;
import java.lang.foreign.MemorySegment;

/**
 * Row-level interval painting shared by the track kernels (reference-coordinate rows, realignment scratch rows,
 * spliced rows). The result is GVL's: zero the row, then paint the group's intervals in stored order (later ones
 * win) until the first one starting at or past the row's end. It is computed without walking the group from its
 * start: a binary search over the sorted starts finds the first interval starting inside the row, and a vector
 * search over the ends before it finds any earlier interval that still reaches in. Each element is then written
 * once, gaps as zero runs and intervals as value runs (an interval overlapping an earlier one writes over it); a
 * run may be written with stores that reach past it, toward the span's end, because the rest of the span is written
 * after it.
 * Internal because it works on raw row positions and takes the {@link RowFill} implementation.
 */
public final class IntervalRows {
    private IntervalRows() {
    }

    /** Rows at least this long may be painted from boundary deltas. */
    static final long DELTA_MIN_LENGTH = 64;
    /** Boundary deltas pay off when the row's runs average at most this many elements. */
    static final long DELTA_MAX_MEAN_RUN = 16;

    /** Paints group {@code group} into {@code out[at, at + len)} for a row starting at genome position {@code q0}. */
    public static void paintRow(Intervals itv, long group, long q0, MemorySegment out, long at, long len,
                                RowFill fill) {
        if (len >= DELTA_MIN_LENGTH) {
            long first = firstReaching(itv, group, q0, fill);
            long stop = firstStartingAt(itv, first, itv.groupEnd(group), q0 + len);
            if (shortRuns(stop - first, len) && paintDeltas(itv, first, stop, q0, out, at, len, fill)) {
                return;
            }
        }
        paintSpan(itv, group, q0, 0, len, len, out, at, fill);
    }

    /** Whether {@code intervals} painted into a row of {@code len} elements make runs short enough for deltas. */
    static boolean shortRuns(long intervals, long len) {
        return intervals * DELTA_MAX_MEAN_RUN >= len;
    }

    /**
     * Short runs (coverage tracks: a run every few bases): one store per run boundary instead of one or two vector
     * stores per run. The row is zeroed; each boundary gets the XOR of the value bits before and after it; a prefix
     * XOR over the row then leaves every element holding the bits of the run it is in, exactly (XOR only moves
     * bits). Intervals {@code [first, stop)} are the ones that can reach the row and start before its end. An
     * interval starting before the previous one ends makes the row's result depend on stored order, so the row is
     * left to {@link #paintSpan} (return {@code false}); it rewrites every element.
     */
    static boolean paintDeltas(Intervals itv, long first, long stop, long q0, MemorySegment out, long at, long len,
                               RowFill fill) {
        fill.fillI32(out, at, len, 0);
        int before = 0;
        long cursor = 0;
        for (long i = first; i < stop; i++) {
            long from = Math.max(itv.start(i) - q0, 0);
            long to = Math.min(itv.end(i) - q0, len);
            if (to <= from) {
                continue;
            }
            if (from < cursor) {
                return false;
            }
            int bits = Float.floatToRawIntBits(itv.value(i));
            if (from > cursor) {
                Mem.setI32(out, at + cursor, before);
                before = 0;
            }
            Mem.setI32(out, at + from, before ^ bits);
            before = bits;
            cursor = to;
        }
        if (cursor < len) {
            Mem.setI32(out, at + cursor, before);
        }
        // One element at a time: each depends on the one before. The Vector API forms tried (in-register lane
        // shifts, and independent chains per quarter row) were slower than this loop.
        int running = 0;
        for (long k = at, end = at + len; k < end; k++) {
            running ^= Mem.i32(out, k);
            Mem.setI32(out, k, running);
        }
        return true;
    }

    /** The first of intervals {@code [from, to)} starting at or past genome position {@code g}: a binary search. */
    static long firstStartingAt(Intervals itv, long from, long to, long g) {
        long lo = from;
        long hi = to;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (itv.start(mid) < g) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Windows of the row {@link #paintRow} would paint {@code len} long from {@code q0}: elements
     * {@code [lo[w], hi[w])} to {@code out[at[w], at[w] + hi[w] - lo[w])} for {@code w < windows}, each found by its
     * own search, so a short window of a long row costs its own length.
     */
    public static void paintWindows(Intervals itv, long group, long q0, long len, long[] lo, long[] hi, long[] at,
                                    int windows, MemorySegment out, RowFill fill) {
        for (int w = 0; w < windows; w++) {
            paintSpan(itv, group, q0, lo[w], hi[w], len, out, at[w], fill);
        }
    }

    /**
     * Elements {@code [lo, hi)} of the row starting at genome position {@code q0}, written to
     * {@code out[at, at + hi - lo)}, as the full row would have them when painting stops at the first interval
     * starting at or past row position {@code limit}.
     */
    static void paintSpan(Intervals itv, long group, long q0, long lo, long hi, long limit, MemorySegment out,
                          long at, RowFill fill) {
        if (hi <= lo) {
            return;
        }
        // Starts are sorted: past min(hi, limit) an interval either misses the span or stops the painting.
        long stop = Math.min(hi, limit);
        long spanEnd = at + hi - lo;
        long cursor = lo;
        for (long i = firstReaching(itv, group, q0 + lo, fill), e = itv.groupEnd(group); i < e; i++) {
            long s = itv.start(i) - q0;
            if (s >= stop) {
                break;
            }
            long from = Math.max(s, lo);
            long to = Math.min(itv.end(i) - q0, hi);
            if (to <= from) {
                continue;
            }
            // Writes may run ahead of the cursor (up to the span's end): everything past it is written later.
            if (from > cursor) {
                fill.fillF32Ahead(out, at + cursor - lo, from - cursor, 0f, spanEnd);
            }
            if (to >= cursor) {
                fill.fillF32Ahead(out, at + from - lo, to - from, itv.value(i), spanEnd);
                cursor = to;
            } else {
                // Inside what earlier intervals wrote: no element past it may change.
                fill.fillF32(out, at + from - lo, to - from, itv.value(i));
            }
        }
        fill.fillF32(out, at + cursor - lo, hi - cursor, 0f);
    }

    /**
     * The first interval of {@code group} that can reach genome position {@code g0} or past it: every interval
     * before it ends at or before {@code g0}. Intervals starting at or after {@code g0} are found by a binary search
     * on the sorted starts; of those before, only the ones ending past {@code g0} matter, which the ends show.
     */
    static long firstReaching(Intervals itv, long group, long g0, RowFill fill) {
        long gs = itv.groupStart(group);
        long lo = gs;
        long hi = itv.groupEnd(group);
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (itv.start(mid) < g0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (lo == gs || g0 < Integer.MIN_VALUE) {
            return gs;
        }
        if (g0 >= Integer.MAX_VALUE) {
            return lo;
        }
        return fill.firstAbove(itv.ends(), gs, lo, (int) g0);
    }
}
