package io.gvl.handoff.internal;

import java.util.SplittableRandom;

/**
 * The instances of one epoch of the direct hand-off, in batches: every flat index {@code region * samples + sample}
 * of a {@code regions x samples} grid once, in C order or shuffled (a Fisher-Yates shuffle seeded by
 * {@code seed} and the epoch, so runs with the same seed send the same batches and each epoch is a new order), cut
 * into batches of {@code batchSize} with a shorter last batch.
 */
public final class EpochPlan {
    private final int samples;
    private final long[] order;
    private final int batchSize;

    /**
     * The plan of epoch {@code epoch}.
     *
     * @param regions regions of the grid
     * @param samples samples of the grid
     * @param batchSize instances per batch, {@code >= 1}
     * @param shuffle whether to shuffle
     * @param seed the shuffle's seed
     * @param epoch the epoch, 0-based
     */
    public EpochPlan(int regions, int samples, int batchSize, boolean shuffle, long seed, long epoch) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be >= 1, got " + batchSize);
        }
        long n = (long) regions * samples;
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(regions + " x " + samples + " instances are more than one epoch plan"
                    + " holds; subset the view");
        }
        this.samples = samples;
        this.batchSize = batchSize;
        this.order = new long[(int) n];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        if (shuffle) {
            SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + epoch);
            for (int i = order.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                long t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
        }
    }

    /**
     * The number of batches.
     *
     * @return {@code ceil(instances / batchSize)}
     */
    public int batches() {
        return Math.ceilDiv(order.length, batchSize);
    }

    /**
     * The regions of batch {@code b}.
     *
     * @param b a batch index in {@code [0, batches())}
     * @return region index of each instance
     */
    public int[] regions(int b) {
        int[] out = new int[size(b)];
        for (int i = 0; i < out.length; i++) {
            out[i] = (int) (order[b * batchSize + i] / samples);
        }
        return out;
    }

    /**
     * The samples of batch {@code b}.
     *
     * @param b a batch index in {@code [0, batches())}
     * @return sample index of each instance
     */
    public int[] samples(int b) {
        int[] out = new int[size(b)];
        for (int i = 0; i < out.length; i++) {
            out[i] = (int) (order[b * batchSize + i] % samples);
        }
        return out;
    }

    private int size(int b) {
        return Math.min(batchSize, order.length - b * batchSize);
    }
}
