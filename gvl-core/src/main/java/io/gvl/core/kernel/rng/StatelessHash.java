package io.gvl.core.kernel.rng;

/**
 * The stateless hash GVL's FlankSample insertion fill seeds each written position with, so samples depend only on
 * (base seed, batch row, haplotype, output position) and not on thread scheduling. All arithmetic is unsigned
 * 64-bit with wrap-around (Java's {@code long} with logical shifts).
 */
public final class StatelessHash {
    private StatelessHash() {
    }

    /**
     * Marsaglia's xorshift with shifts 13, 7, 17.
     *
     * @param x the state
     * @return the next state
     */
    public static long xorshift64(long x) {
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        return x;
    }

    /**
     * {@code xorshift64} folded over four words.
     *
     * @param a first word
     * @param b second word
     * @param c third word
     * @param d fourth word
     * @return the hash
     */
    public static long hash4(long a, long b, long c, long d) {
        long h = xorshift64(a ^ b);
        h = xorshift64(h ^ c);
        return xorshift64(h ^ d);
    }
}
