package io.gvl.core.kernel.rng;

/**
 * NumPy's {@code PCG64} bit generator (128-bit LCG, XSL-RR output) including its one-slot 32-bit buffer, which
 * lives in the generator and survives across separate draws: NumPy's bounded 32-bit draws consume one half of
 * a 64-bit output at a time, so matching GVL's jitter and shifts needs the buffer exactly as NumPy keeps it.
 *
 * <p>Not thread-safe; {@link NumpyGenerator} serializes access.
 */
public final class Pcg64 {
    private static final long MUL_HI = 0x2360ED051FC65DA4L;
    private static final long MUL_LO = 0x4385DF649FCCF645L;

    private long stateHi;
    private long stateLo;
    private final long incHi;
    private final long incLo;
    private boolean hasHalf;
    private int half;

    private Pcg64(long initStateHi, long initStateLo, long initSeqHi, long initSeqLo) {
        incHi = (initSeqHi << 1) | (initSeqLo >>> 63);
        incLo = (initSeqLo << 1) | 1L;
        step();
        long lo = stateLo + initStateLo;
        stateHi = stateHi + initStateHi + (Long.compareUnsigned(lo, stateLo) < 0 ? 1 : 0);
        stateLo = lo;
        step();
    }

    /**
     * Seeded as {@code PCG64(SeedSequence(seed))}.
     *
     * @param seed the seed sequence
     * @return a new generator
     */
    public static Pcg64 fromSeed(SeedSequence seed) {
        long[] w = seed.generateState64(4);
        return new Pcg64(w[0], w[1], w[2], w[3]);
    }

    private void step() {
        long lo = stateLo * MUL_LO;
        long hi = Math.unsignedMultiplyHigh(stateLo, MUL_LO) + stateLo * MUL_HI + stateHi * MUL_LO;
        long sumLo = lo + incLo;
        stateHi = hi + incHi + (Long.compareUnsigned(sumLo, lo) < 0 ? 1 : 0);
        stateLo = sumLo;
    }

    /**
     * The next 64 random bits (ignores the 32-bit buffer, as NumPy does).
     *
     * @return the bits
     */
    public long next64() {
        step();
        return Long.rotateRight(stateHi ^ stateLo, (int) (stateHi >>> 58));
    }

    /**
     * The next 32 random bits (low half of a fresh 64-bit output, then its buffered high half).
     *
     * @return the bits
     */
    public int next32() {
        if (hasHalf) {
            hasHalf = false;
            return half;
        }
        long y = next64();
        hasHalf = true;
        half = (int) (y >>> 32);
        return (int) y;
    }

    /** The 128-bit state as {@code {hi, lo}} (for tests against NumPy's state dump). */
    long[] state() {
        return new long[] {stateHi, stateLo};
    }

    /** The 128-bit increment as {@code {hi, lo}}. */
    long[] increment() {
        return new long[] {incHi, incLo};
    }
}
