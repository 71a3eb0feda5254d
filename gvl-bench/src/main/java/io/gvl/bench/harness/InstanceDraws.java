package io.gvl.bench.harness;

/**
 * Walks the (region, sample) grid of a dataset round-robin, handing out batches of pairs, so successive runs of
 * a workload touch different instances (as training would) rather than one hot batch.
 */
final class InstanceDraws {
    private final int regions;
    private final int samples;
    private long next;

    InstanceDraws(int regions, int samples) {
        this.regions = regions;
        this.samples = samples;
    }

    /** The next {@code n} pairs: {@code [0]} region indices, {@code [1]} sample indices. */
    int[][] next(int n) {
        int[] r = new int[n];
        int[] s = new int[n];
        long total = (long) regions * samples;
        for (int i = 0; i < n; i++) {
            long flat = next++ % total;
            r[i] = (int) (flat / samples);
            s[i] = (int) (flat % samples);
        }
        return new int[][] {r, s};
    }
}
