package io.gvl.dataloader.internal;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The instance order of one epoch. With shuffling, each epoch gets its own permutation drawn from a generator
 * seeded by {@code (seed, epoch)}, so runs are reproducible and epochs differ (GVL replays one order forever).
 */
public final class EpochOrder {
    private EpochOrder() {
    }

    /**
     * @param n        instances in the grid
     * @param explicit a caller-given order of flat indices, or null for {@code 0..n-1}
     */
    public static long[] of(long n, long[] explicit, boolean shuffle, long seed, long epoch) {
        long[] order;
        if (explicit != null) {
            for (long i : explicit) {
                if (i < 0 || i >= n) {
                    throw new IllegalArgumentException("index " + i + " outside the " + n + " instances of the source");
                }
            }
            order = explicit.clone();
        } else {
            if (n > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException(n + " instances are too many for one epoch order");
            }
            order = new long[(int) n];
            Arrays.setAll(order, i -> i);
        }
        if (shuffle) {
            SplittableRandom rng = new SplittableRandom(mix(seed) ^ mix(epoch + 0x9E3779B97F4A7C15L));
            for (int i = order.length - 1; i > 0; i--) {
                int j = rng.nextInt(i + 1);
                long t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
        }
        return order;
    }

    /** A 64-bit finalizer (splitmix64's) so nearby seeds and epochs give unrelated streams. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
