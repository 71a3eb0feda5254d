package io.gvl.core.kernel.reference;

import java.util.Arrays;

/**
 * Per-instance query windows of one batch (contig index, 0-based start, exclusive end), already jittered. Small
 * (one row per instance), so plain arrays.
 *
 * @param contigs contig index per instance, into the reference's contigs
 * @param starts 0-based window start per instance (may be negative after jitter)
 * @param ends exclusive window end per instance
 */
public record QueryWindows(int[] contigs, int[] starts, int[] ends) {

    /** Checks that the three arrays have the same length and copies them. */
    public QueryWindows {
        if (contigs.length != starts.length || starts.length != ends.length) {
            throw new IllegalArgumentException("contigs, starts and ends differ in length: " + contigs.length + ", "
                    + starts.length + ", " + ends.length);
        }
        contigs = contigs.clone();
        starts = starts.clone();
        ends = ends.clone();
    }

    /**
     * From GVL's {@code (n, 3)} int32 layout {@code [contig, start, end]} per row.
     *
     * @param nBy3 {@code 3n} ints, {@code [contig, start, end]} per row
     * @return the windows
     * @throws IllegalArgumentException if the length is not a multiple of 3
     */
    public static QueryWindows fromRows(int[] nBy3) {
        if (nBy3.length % 3 != 0) {
            throw new IllegalArgumentException("regions must be (n, 3), got " + nBy3.length + " values");
        }
        int n = nBy3.length / 3;
        int[] c = new int[n];
        int[] s = new int[n];
        int[] e = new int[n];
        for (int i = 0; i < n; i++) {
            c[i] = nBy3[3 * i];
            s[i] = nBy3[3 * i + 1];
            e[i] = nBy3[3 * i + 2];
        }
        return new QueryWindows(c, s, e);
    }

    /**
     * The number of instances.
     *
     * @return the row count
     */
    public int size() {
        return starts.length;
    }

    /**
     * Contig index of instance {@code i}.
     *
     * @param i instance index
     * @return the contig index
     */
    public int contig(int i) {
        return contigs[i];
    }

    /**
     * Window start of instance {@code i}.
     *
     * @param i instance index
     * @return the 0-based start
     */
    public int start(int i) {
        return starts[i];
    }

    /**
     * Window end of instance {@code i}.
     *
     * @param i instance index
     * @return the exclusive end
     */
    public int end(int i) {
        return ends[i];
    }

    /**
     * Contig indices, as a copy.
     *
     * @return a new array
     */
    @Override
    public int[] contigs() {
        return contigs.clone();
    }

    /**
     * Window starts, as a copy.
     *
     * @return a new array
     */
    @Override
    public int[] starts() {
        return starts.clone();
    }

    /**
     * Window ends, as a copy.
     *
     * @return a new array
     */
    @Override
    public int[] ends() {
        return ends.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof QueryWindows r && Arrays.equals(contigs, r.contigs) && Arrays.equals(starts, r.starts)
                && Arrays.equals(ends, r.ends);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(contigs) + Arrays.hashCode(starts)) + Arrays.hashCode(ends);
    }

    @Override
    public String toString() {
        return "QueryWindows[" + size() + "]";
    }
}
