package io.gvl.io.bigwig;

/**
 * Intervals returned by a bigWig query, as parallel arrays in file order: 0-based half-open
 * {@code [starts[i], ends[i])} with value {@code values[i]} (float32 exactly as stored).
 */
public record BigWigIntervals(int[] starts, int[] ends, float[] values) {
    public int size() {
        return starts.length;
    }
}
