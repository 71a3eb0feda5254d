package io.gvl.io.svar;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The dense genotype bit matrices of a {@code .svar2} store ({@code dense/snp/genotypes.bin},
 * {@code dense/indel/genotypes.bin}): one bit per (haplotype, dense variant), flat bit index {@code h*V + v} with the
 * variant fastest, bit {@code b} in byte {@code b >> 3} at position {@code b & 7} (LSB first), no padding between
 * haplotypes, {@code ceil(H*V / 8)} bytes in all. Stateless and thread-safe.
 */
public final class Svar2GenotypeBits {
    private Svar2GenotypeBits() {
    }

    /**
     * Whether haplotype {@code h} carries dense variant {@code v}.
     *
     * @param bits the bit matrix
     * @param variants {@code V}, the number of dense variants of the stream
     * @param h haplotype, {@code 0 <= h < H}
     * @param v variant, {@code 0 <= v < V}
     * @return whether bit {@code h*V + v} is set
     * @throws IndexOutOfBoundsException if the bit lies outside {@code bits}
     * @throws IllegalStateException if the memory of {@code bits} is closed
     */
    public static boolean carries(MemorySegment bits, long variants, long h, long v) {
        long b = h * variants + v;
        return (bits.get(ValueLayout.JAVA_BYTE, b >>> 3) >>> (int) (b & 7) & 1) != 0;
    }

    /**
     * The number of bytes of a matrix of {@code haplotypes × variants} bits.
     *
     * @param haplotypes {@code H}, {@code >= 0}
     * @param variants {@code V}, {@code >= 0}
     * @return {@code ceil(H*V / 8)}
     * @throws ArithmeticException if {@code H*V} overflows
     */
    public static long matrixBytes(long haplotypes, long variants) {
        return (Math.multiplyExact(haplotypes, variants) + 7) >>> 3;
    }
}
