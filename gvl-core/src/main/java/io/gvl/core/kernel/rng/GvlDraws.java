package io.gvl.core.kernel.rng;

/**
 * The random draws one GVL {@code __getitem__} call makes, each as GVL makes it, so a Dataset layer that calls
 * them in GVL's order (jitter, then shifts, then the FlankSample base seed) reproduces GVL's random outputs.
 */
public final class GvlDraws {
    /** {@code 2^64 - 2}: the inclusive span of GVL's {@code integers(0, 2**64 - 1, dtype=uint64)}. */
    private static final long BASE_SEED_SPAN = -2L;

    private GvlDraws() {
    }

    /**
     * One jitter offset in {@code [-jitter, jitter]} per instance; {@code jitter == 0} draws nothing.
     *
     * @param rng the generator, advanced by the draws
     * @param jitter the largest offset, {@code >= 0}
     * @param instances the number of offsets
     * @return one offset per instance
     * @throws IllegalArgumentException if {@code jitter < 0}
     */
    public static int[] jitter(NumpyGenerator rng, int jitter, int instances) {
        if (jitter < 0) {
            throw new IllegalArgumentException("jitter must be >= 0, got " + jitter);
        }
        return rng.integers(-jitter, jitter + 1, instances);
    }

    /**
     * One shift in {@code [0, maxShift[k]]} per haplotype row {@code k} (C order over (instance, hap)); rows with
     * {@code maxShift == 0} draw nothing.
     *
     * @param rng the generator, advanced by the draws
     * @param maxShift inclusive upper bound per row, {@code >= 0}
     * @return one shift per row
     */
    public static int[] shifts(NumpyGenerator rng, int[] maxShift) {
        return rng.integersUpTo(maxShift);
    }

    /**
     * GVL's per-row maximum shift for fixed-length output: {@code max(diff, 0) + max(regionLen - outLen, 0)}.
     *
     * @param diff the haplotype's length change
     * @param regionLength the window length
     * @param outLength the fixed output length
     * @return the largest shift, {@code >= 0}
     */
    public static int maxShift(int diff, int regionLength, int outLength) {
        return Math.max(diff, 0) + Math.max(regionLength - outLength, 0);
    }

    /**
     * The non-deterministic FlankSample base seed: one uint64 draw in {@code [0, 2^64 - 2]}.
     *
     * @param rng the generator, advanced by one draw
     * @return the seed
     */
    public static long baseSeed(NumpyGenerator rng) {
        return rng.boundedU64(BASE_SEED_SPAN);
    }

    /**
     * The deterministic FlankSample base seed: XOR of the batch's flat dataset instance ids.
     *
     * @param dsIdx the flat instance ids of the batch
     * @return the seed
     */
    public static long deterministicBaseSeed(long[] dsIdx) {
        long x = 0;
        for (long d : dsIdx) {
            x ^= d;
        }
        return x;
    }
}
