package io.gvl.core.internal.kernel.track;

import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.kernel.track.input.Intervals;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

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
    /**
     * Boundary deltas pay off when the row's runs average at most this many elements: their prefix pass costs about
     * a third of a nanosecond per element, the run painter's vector stores several nanoseconds per run, and on the
     * bundled coverage tracks (runs of 14 on average) the run painter is the faster one.
     */
    static final long DELTA_MAX_MEAN_RUN = 8;

    /**
     * Paints group {@code group} into {@code out[at, at + len)} for a row starting at genome position {@code q0};
     * {@code reverse} gives the row reversed (a negative-strand row). The run painter writes a reversed row in the
     * same pass, at mirrored positions; a row painted from boundary deltas is reversed afterwards.
     */
    public static void paintRow(Intervals itv, long group, long q0, MemorySegment out, long at, long len,
                                boolean reverse, RowFill fill) {
        if (len <= 0) {
            return;
        }
        long first = firstReaching(itv, group, q0, fill);
        long stop = firstStartingAt(itv, first, itv.groupEnd(group), q0 + len);
        if (len >= DELTA_MIN_LENGTH && shortRuns(stop - first, len)
                && paintDeltas(itv, first, stop, q0, out, at, len, fill)) {
            if (reverse) {
                fill.reverseF32(out, at, len);
            }
            return;
        }
        paintRuns(itv, first, stop, at - q0, out, at, at + len, reverse, fill);
    }

    /** Whether {@code intervals} painted into a row of {@code len} elements make runs short enough for deltas. */
    static boolean shortRuns(long intervals, long len) {
        return intervals * DELTA_MAX_MEAN_RUN >= len;
    }

    /**
     * Short runs (coverage tracks: a run every few bases): one store per run boundary instead of one or two vector
     * stores per run. Over a zeroed row, each interval XORs its value bits in at its start and at its end, so each
     * boundary holds the XOR of the bits before and after it; a prefix XOR over the row then leaves every element
     * holding the bits of the run it is in, exactly (XOR only moves bits). Intervals {@code [first, stop)} are the ones that can reach the row and start before its end. An
     * interval starting before the previous one ends makes the row's result depend on stored order, so the row is
     * left to the run painter (return {@code false}); it rewrites every element.
     *
     * <p>The intervals are read in chunks copied in bulk into per-thread arrays, and the boundaries and the prefix
     * XOR go through a small per-thread {@code int[]} window that is copied into the row in bulk; a window without
     * boundaries is one vector fill. Array code is compiled the same way whatever else the JVM has run, whereas
     * element-wise segment accesses in this loop slowed down about fourfold once other code had used the shared
     * accessors on other kinds of segment (heap arrays, file mappings): a dataset written in the same JVM was
     * enough.
     */
    static boolean paintDeltas(Intervals itv, long first, long stop, long q0, MemorySegment out, long at, long len,
                               RowFill fill) {
        DeltaScratch scratch = SCRATCH.get();
        int[] buf = scratch.window;
        int[] starts = scratch.starts;
        int[] ends = scratch.ends;
        int[] values = scratch.values;
        int width = buf.length;
        long w0 = 0; // row position of buf[0]; windows start at multiples of the width
        long last = -1; // the last boundary's position: the window holds boundaries while last >= w0
        int carry = 0; // the value bits just before w0
        try {
            long cursor = 0;
            for (long c0 = first; c0 < stop; c0 += starts.length) {
                int m = scratch.load(itv, c0, stop);
                for (int i = 0; i < m; i++) {
                    long from = Math.max(starts[i] - q0, 0);
                    long to = Math.min(ends[i] - q0, len);
                    if (to <= from) {
                        continue;
                    }
                    if (from < cursor) {
                        return false;
                    }
                    // The interval's bits switch on at its start and off at its end (unless that is the row's end);
                    // touching intervals meet in one element, which gets the XOR of both.
                    int bits = values[i];
                    for (long pos = from; pos < len; pos = pos == from ? to : len) {
                        if (pos >= w0 + width) {
                            long next = pos - pos % width;
                            carry = flush(buf, last >= w0, w0, next, carry, out, at, len, fill);
                            w0 = next;
                        }
                        buf[(int) (pos - w0)] ^= bits;
                        last = pos;
                    }
                    cursor = to;
                }
            }
            flush(buf, last >= w0, w0, len, carry, out, at, len, fill);
            last = -1;
            return true;
        } finally {
            if (last >= w0) {
                Arrays.fill(buf, 0); // a row given up midway: the next row starts from a zero window
            }
        }
    }

    /** Elements per window of {@link #paintDeltas}: 8 KiB, well inside L1. */
    static final int DELTA_WINDOW = 2048;
    /** Intervals the painters copy out of the stored arrays at a time. */
    static final int DELTA_CHUNK = 1024;
    private static final ThreadLocal<DeltaScratch> SCRATCH = ThreadLocal.withInitial(DeltaScratch::new);

    /**
     * One thread's working arrays for the painters: the output window of {@link #paintDeltas} (all zero between
     * rows) and a chunk of the row's intervals (starts, ends, value bits), each copied in bulk from the stored
     * arrays so that the per-interval loops are array code.
     */
    private static final class DeltaScratch {
        final int[] window = new int[DELTA_WINDOW];
        final int[] starts = new int[DELTA_CHUNK];
        final int[] ends = new int[DELTA_CHUNK];
        final int[] values = new int[DELTA_CHUNK];

        /** Copies intervals {@code [from, min(to, from + DELTA_CHUNK))}; returns how many. */
        int load(Intervals itv, long from, long to) {
            int m = (int) Math.min(DELTA_CHUNK, to - from);
            MemorySegment.copy(itv.starts(), Mem.I32, from * 4, starts, 0, m);
            MemorySegment.copy(itv.ends(), Mem.I32, from * 4, ends, 0, m);
            MemorySegment.copy(itv.values(), Mem.I32, from * 4, values, 0, m);
            return m;
        }
    }

    /**
     * Writes row elements {@code [w0, next)}: the window at {@code w0} (its prefix XOR from {@code carry} if it
     * holds boundaries, else {@code carry} throughout), then {@code carry}'s final value up to {@code next}, which
     * no boundary falls before. Leaves {@code buf} zero; returns the value bits at {@code next - 1}.
     */
    private static int flush(int[] buf, boolean dirty, long w0, long next, int carry, MemorySegment out, long at,
                             long len, RowFill fill) {
        int n = (int) Math.min(Math.min(buf.length, len - w0), next - w0);
        int running = carry;
        if (dirty) {
            for (int k = 0; k < n; k++) {
                running ^= buf[k];
                buf[k] = running;
            }
            MemorySegment.copy(buf, 0, out, Mem.I32, (at + w0) * 4, n);
            Arrays.fill(buf, 0, n, 0);
        } else {
            fill.fillI32(out, at + w0, n, running);
        }
        if (next > w0 + n) {
            fill.fillI32(out, at + w0 + n, next - w0 - n, running);
        }
        return running;
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
        long i0 = firstReaching(itv, group, q0 + lo, fill);
        long iEnd = firstStartingAt(itv, i0, itv.groupEnd(group), q0 + Math.min(hi, limit));
        paintRuns(itv, i0, iEnd, at - lo - q0, out, at, at + hi - lo, false, fill);
    }

    /**
     * Intervals {@code [i0, iEnd)} as runs into {@code out[at, spanEnd)}, genome position {@code g} at element
     * {@code g + shift} (or at its mirror image in the span, {@code mirrored}), gaps and the tail zero.
     */
    private static void paintRuns(Intervals itv, long i0, long iEnd, long shift, MemorySegment out, long at,
                                  long spanEnd, boolean mirrored, RowFill fill) {
        long cursor = at;
        DeltaScratch scratch = SCRATCH.get();
        int[] starts = scratch.starts;
        int[] ends = scratch.ends;
        int[] values = scratch.values;
        for (long c0 = i0; c0 < iEnd; c0 += starts.length) {
            int m = scratch.load(itv, c0, iEnd);
            cursor = fill.paintRuns(starts, ends, values, m, shift, at, spanEnd, cursor, mirrored, out);
        }
        // The tail [cursor, spanEnd), which mirrored is [at, at + spanEnd - cursor).
        fill.fillI32(out, mirrored ? at : cursor, spanEnd - cursor, 0);
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
