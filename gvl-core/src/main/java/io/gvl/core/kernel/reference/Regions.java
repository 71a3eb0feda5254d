package io.gvl.core.kernel.reference;

import java.util.Arrays;

/**
 * Per-instance query windows of one batch (contig index, 0-based start, exclusive end), already jittered. Small
 * (one row per instance), so plain arrays.
 */
public record Regions(int[] contigs, int[] starts, int[] ends) {

    public Regions {
        if (contigs.length != starts.length || starts.length != ends.length) {
            throw new IllegalArgumentException("contigs, starts and ends differ in length: " + contigs.length + ", "
                    + starts.length + ", " + ends.length);
        }
        contigs = contigs.clone();
        starts = starts.clone();
        ends = ends.clone();
    }

    /** From GVL's {@code (n, 3)} int32 layout {@code [contig, start, end]} per row. */
    public static Regions fromRows(int[] nBy3) {
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
        return new Regions(c, s, e);
    }

    public int size() {
        return starts.length;
    }

    public int contig(int i) {
        return contigs[i];
    }

    public int start(int i) {
        return starts[i];
    }

    public int end(int i) {
        return ends[i];
    }

    @Override
    public int[] contigs() {
        return contigs.clone();
    }

    @Override
    public int[] starts() {
        return starts.clone();
    }

    @Override
    public int[] ends() {
        return ends.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Regions r && Arrays.equals(contigs, r.contigs) && Arrays.equals(starts, r.starts)
                && Arrays.equals(ends, r.ends);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(contigs) + Arrays.hashCode(starts)) + Arrays.hashCode(ends);
    }

    @Override
    public String toString() {
        return "Regions[" + size() + "]";
    }
}
