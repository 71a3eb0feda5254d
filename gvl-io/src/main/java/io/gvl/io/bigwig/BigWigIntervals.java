package io.gvl.io.bigwig;

/**
 * Intervals returned by a bigWig query, as parallel arrays in file order: 0-based half-open
 * {@code [starts[i], ends[i])} with value {@code values[i]} (float32 exactly as stored).
 *
 * @param starts 0-based inclusive starts
 * @param ends exclusive ends, parallel to {@code starts}
 * @param values the value of each interval
 */
public record BigWigIntervals(int[] starts, int[] ends, float[] values) {
    /**
     * The number of intervals.
     *
     * @return the interval count
     */
    public int size() {
        return starts.length;
    }
}
