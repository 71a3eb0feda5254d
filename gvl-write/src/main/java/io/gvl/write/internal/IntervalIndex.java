package io.gvl.write.internal;

import io.gvl.io.bigwig.BigWigIntervals;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Overlap index of one contig's intervals: sorted by start, with the running maximum of ends, so a query finds by
 * binary search the first interval that can still reach the window and scans only from there to the window end.
 * Results come sorted by start (then end), unclipped.
 */
final class IntervalIndex {
    private final int[] starts;
    private final int[] ends;
    private final float[] values;
    private final int[] maxEnd;

    IntervalIndex(int[] s, int[] e, float[] v) {
        Integer[] order = new Integer[s.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.<Integer>comparingInt(i -> s[i]).thenComparingInt(i -> e[i]));
        starts = new int[s.length];
        ends = new int[s.length];
        values = new float[s.length];
        maxEnd = new int[s.length];
        for (int i = 0; i < order.length; i++) {
            starts[i] = s[order[i]];
            ends[i] = e[order[i]];
            values[i] = v[order[i]];
            maxEnd[i] = i == 0 ? ends[i] : Math.max(maxEnd[i - 1], ends[i]);
        }
    }

    /** Intervals with {@code start < qe} and {@code end > qs}. */
    BigWigIntervals overlapping(int qs, int qe) {
        int lo = 0;
        int hi = maxEnd.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (maxEnd[mid] <= qs) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        IntList hits = new IntList();
        for (int i = lo; i < starts.length && starts[i] < qe; i++) {
            if (ends[i] > qs) {
                hits.add(i);
            }
        }
        int n = hits.size();
        int[] s = new int[n];
        int[] e = new int[n];
        float[] v = new float[n];
        for (int j = 0; j < n; j++) {
            int i = hits.get(j);
            s[j] = starts[i];
            e[j] = ends[i];
            v[j] = values[i];
        }
        return new BigWigIntervals(s, e, v);
    }
}
