package io.gvl.write.internal;

import io.gvl.io.bigwig.BigWigIntervals;

/**
 * Dense values as the intervals a bigWig writer would store for them: maximal runs of equal values, with zeros and
 * NaN (no data) left out. A dataset cell painted back from these runs gives the dense values again (NaN as 0).
 */
final class DenseRuns {
    private DenseRuns() {
    }

    /** Runs of {@code values[from, to)}, whose element {@code i} sits at coordinate {@code offset + i}. */
    static BigWigIntervals of(float[] values, int from, int to, int offset) {
        int n = 0;
        for (int i = from; i < to; i = runEnd(values, i, to)) {
            if (kept(values[i])) {
                n++;
            }
        }
        int[] starts = new int[n];
        int[] ends = new int[n];
        float[] out = new float[n];
        int k = 0;
        for (int i = from; i < to; ) {
            int end = runEnd(values, i, to);
            if (kept(values[i])) {
                starts[k] = offset + i;
                ends[k] = offset + end;
                out[k++] = values[i];
            }
            i = end;
        }
        return new BigWigIntervals(starts, ends, out);
    }

    private static boolean kept(float v) {
        return v != 0f && !Float.isNaN(v);
    }

    /** End of the run starting at {@code i}; NaN is never equal, so each NaN is its own (dropped) run. */
    private static int runEnd(float[] values, int i, int to) {
        int j = i + 1;
        while (j < to && values[j] == values[i]) {
            j++;
        }
        return j;
    }
}
