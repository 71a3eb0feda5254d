package io.gvl.dataloader.internal;

/**
 * Mini-batches over an epoch order: batch {@code i} is {@code order[i*batchSize, min((i+1)*batchSize, n))};
 * with {@code dropLast} a trailing partial batch is left out.
 */
public record BatchPlan(long[] order, int batchSize, int samples) {

    public BatchPlan {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be >= 1, got " + batchSize);
        }
    }

    public static BatchPlan of(long[] order, int batchSize, boolean dropLast, int samples) {
        long[] kept = order;
        if (dropLast && batchSize >= 1) {
            kept = java.util.Arrays.copyOf(order, order.length - order.length % batchSize);
        }
        return new BatchPlan(kept, batchSize, samples);
    }

    public int batches() {
        return (order.length + batchSize - 1) / batchSize;
    }

    public int start(int batch) {
        return batch * batchSize;
    }

    public int end(int batch) {
        return Math.min(order.length, (batch + 1) * batchSize);
    }

    /** Region indices of instances {@code [from, to)} of the order. */
    public int[] regions(int from, int to) {
        int[] r = new int[to - from];
        for (int i = from; i < to; i++) {
            r[i - from] = (int) (order[i] / samples);
        }
        return r;
    }

    /** Sample indices of instances {@code [from, to)} of the order. */
    public int[] samples(int from, int to) {
        int[] s = new int[to - from];
        for (int i = from; i < to; i++) {
            s[i - from] = (int) (order[i] % samples);
        }
        return s;
    }
}
