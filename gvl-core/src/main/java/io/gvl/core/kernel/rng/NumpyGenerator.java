package io.gvl.core.kernel.rng;

import java.math.BigInteger;

/**
 * NumPy's {@code Generator(PCG64(seed))} restricted to the bounded-integer draws GVL makes, with NumPy's default
 * Lemire method, so that a seed gives GVL's jitter offsets, haplotype shifts and FlankSample base seeds.
 * One instance is shared by the dataset views derived from each other (GVL shares its generator object the same
 * way), hence the synchronized draws.
 */
public final class NumpyGenerator {
    private static final long U32 = 0xFFFF_FFFFL;

    private final Pcg64 bits;

    private NumpyGenerator(Pcg64 bits) {
        this.bits = bits;
    }

    /**
     * {@code numpy.random.default_rng(seed)}; GVL's {@code rng=False} is seed 0.
     *
     * @param seed a non-negative seed
     * @return a new generator
     */
    public static NumpyGenerator seeded(long seed) {
        return new NumpyGenerator(Pcg64.fromSeed(SeedSequence.of(seed)));
    }

    /**
     * {@code default_rng(seed)} for seeds beyond {@code long}.
     *
     * @param seed a non-negative seed, of any size
     * @return a new generator
     */
    public static NumpyGenerator seeded(BigInteger seed) {
        return new NumpyGenerator(Pcg64.fromSeed(SeedSequence.of(seed)));
    }

    /**
     * Raw 64-bit output (test vectors).
     *
     * @return the next raw PCG64 output
     */
    public synchronized long next64() {
        return bits.next64();
    }

    /**
     * A uniform integer in {@code [0, span]} as NumPy's 32-bit bounded draw: span 0 consumes nothing, span
     * {@code 2^32-1} is one raw 32-bit draw, otherwise Lemire's multiply with rejection on the buffered 32-bit
     * stream.
     *
     * @param span inclusive upper bound, {@code 0 <= span <= 2^32-1}
     * @return the draw
     */
    public synchronized long bounded32(long span) {
        if (span < 0 || span > U32) {
            throw new IllegalArgumentException("span must be in [0, 2^32-1], got " + span);
        }
        return lemire32(span);
    }

    private long lemire32(long span) {
        if (span == 0) {
            return 0;
        }
        if (span == U32) {
            return bits.next32() & U32;
        }
        long excl = span + 1;
        long m = (bits.next32() & U32) * excl;
        long left = m & U32;
        if (left < excl) {
            long threshold = (U32 - span) % excl;
            while (left < threshold) {
                m = (bits.next32() & U32) * excl;
                left = m & U32;
            }
        }
        return m >>> 32;
    }

    /**
     * A uniform unsigned 64-bit integer in {@code [0, span]} (span read as unsigned) as NumPy's uint64 draw of
     * one element: spans beyond 32 bits use 64-bit Lemire on raw 64-bit outputs; smaller spans use the 32-bit
     * method on a buffer local to the call (NumPy's uint64 fill path).
     *
     * @param span inclusive upper bound, unsigned
     * @return the draw
     */
    public synchronized long boundedU64(long span) {
        if (span == 0) {
            return 0;
        }
        if (span == -1L) {
            return bits.next64();
        }
        if (Long.compareUnsigned(span, U32) <= 0) {
            LocalHalves local = new LocalHalves(bits);
            if (span == U32) {
                return local.next32();
            }
            long excl = span + 1;
            long m = local.next32() * excl;
            long left = m & U32;
            if (left < excl) {
                long threshold = (U32 - span) % excl;
                while (left < threshold) {
                    m = local.next32() * excl;
                    left = m & U32;
                }
            }
            return m >>> 32;
        }
        long excl = span + 1;
        long r = bits.next64();
        long lo = r * excl;
        long hi = Math.unsignedMultiplyHigh(r, excl);
        if (Long.compareUnsigned(lo, excl) < 0) {
            long threshold = Long.remainderUnsigned(-1L - span, excl);
            while (Long.compareUnsigned(lo, threshold) < 0) {
                r = bits.next64();
                lo = r * excl;
                hi = Math.unsignedMultiplyHigh(r, excl);
            }
        }
        return hi;
    }

    /**
     * {@code integers(low, high, size=n, dtype=int32)} with scalar bounds: one bounded draw per element in order.
     *
     * @param low inclusive lower bound
     * @param highExclusive exclusive upper bound, {@code > low}
     * @param n number of draws
     * @return the draws
     */
    public synchronized int[] integers(int low, int highExclusive, int n) {
        long span = (long) highExclusive - 1 - low;
        if (span < 0) {
            throw new IllegalArgumentException("low " + low + " >= high " + highExclusive);
        }
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = (int) (low + lemire32(span));
        }
        return out;
    }

    /**
     * {@code integers(0, highs + 1, dtype=int32)} with an array of inclusive upper bounds: elements in order,
     * each with its own span; zero spans consume no bits.
     *
     * @param inclusiveHighs inclusive upper bound of each element, {@code >= 0}
     * @return one draw per bound
     */
    public synchronized int[] integersUpTo(int[] inclusiveHighs) {
        int[] out = new int[inclusiveHighs.length];
        for (int i = 0; i < out.length; i++) {
            if (inclusiveHighs[i] < 0) {
                throw new IllegalArgumentException("inclusiveHighs[" + i + "] is negative: " + inclusiveHighs[i]);
            }
            out[i] = (int) lemire32(inclusiveHighs[i]);
        }
        return out;
    }

    /** NumPy's call-local 32-bit buffer over raw 64-bit outputs (used by the uint64 path for small spans). */
    private static final class LocalHalves {
        private final Pcg64 bits;
        private long buf;
        private boolean has;

        LocalHalves(Pcg64 bits) {
            this.bits = bits;
        }

        long next32() {
            if (!has) {
                buf = bits.next64();
                has = true;
            } else {
                buf >>>= 32;
                has = false;
            }
            return buf & U32;
        }
    }
}
