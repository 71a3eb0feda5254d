package io.gvl.core.kernel.rng;

import java.math.BigInteger;

/**
 * NumPy's {@code SeedSequence} for a non-negative integer seed, reduced to what {@code default_rng(seed)} needs:
 * the 256 bits that seed {@link Pcg64}. Kept separate from the generator because it is a different algorithm
 * (a hash-mixing pool) with its own test vectors.
 */
public final class SeedSequence {
    private static final int INIT_A = 0x43b0d7e5;
    private static final int MULT_A = 0x931e8875;
    private static final int INIT_B = 0x8b51f9dd;
    private static final int MULT_B = 0x58f38ded;
    private static final int MIX_L = 0xca01f9dd;
    private static final int MIX_R = 0x4973f715;
    private static final int POOL = 4;

    private final int[] pool = new int[POOL];
    private int hashConst = INIT_A;

    private SeedSequence(int[] entropy) {
        for (int i = 0; i < POOL; i++) {
            pool[i] = hashMix(i < entropy.length ? entropy[i] : 0);
        }
        for (int src = 0; src < POOL; src++) {
            for (int dst = 0; dst < POOL; dst++) {
                if (src != dst) {
                    pool[dst] = mix(pool[dst], hashMix(pool[src]));
                }
            }
        }
        for (int i = POOL; i < entropy.length; i++) {
            for (int dst = 0; dst < POOL; dst++) {
                pool[dst] = mix(pool[dst], hashMix(entropy[i]));
            }
        }
    }

    /**
     * The sequence for a non-negative integer seed (NumPy splits it into little-endian 32-bit words).
     *
     * @param seed a non-negative seed
     * @return the sequence
     * @throws IllegalArgumentException if the seed is negative
     */
    public static SeedSequence of(BigInteger seed) {
        if (seed.signum() < 0) {
            throw new IllegalArgumentException("expected non-negative integer (seed " + seed + ")");
        }
        int words = Math.max(1, (seed.bitLength() + 31) / 32);
        int[] entropy = new int[words];
        for (int i = 0; i < words; i++) {
            entropy[i] = seed.shiftRight(32 * i).intValue();
        }
        return new SeedSequence(entropy);
    }

    /**
     * The sequence for a non-negative {@code long} seed.
     *
     * @param seed a non-negative seed
     * @return the sequence
     */
    public static SeedSequence of(long seed) {
        return of(BigInteger.valueOf(seed));
    }

    private int hashMix(int value) {
        int v = value ^ hashConst;
        hashConst *= MULT_A;
        v *= hashConst;
        return v ^ (v >>> 16);
    }

    private static int mix(int x, int y) {
        int r = MIX_L * x - MIX_R * y;
        return r ^ (r >>> 16);
    }

    /**
     * {@code generate_state(n, uint64)}: {@code 2n} 32-bit words paired little-endian.
     *
     * @param n the number of 64-bit words
     * @return the words
     */
    public long[] generateState64(int n) {
        long[] out = new long[n];
        int h = INIT_B;
        for (int i = 0; i < 2 * n; i++) {
            int v = pool[i % POOL] ^ h;
            h *= MULT_B;
            v *= h;
            v ^= v >>> 16;
            long word = v & 0xFFFF_FFFFL;
            out[i / 2] |= (i % 2 == 0) ? word : word << 32;
        }
        return out;
    }
}
