package io.gvl.io.svar;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The 2-bit SNP allele codes of a {@code .svar2} store ({@code var_key/snp/alleles.bin}, {@code dense/snp/alleles.bin}
 * and the bases of inline indel keys). genoray encodes a base as {@code (ascii >> 1) & 3}, so the table is
 * {@code 0=A, 1=C, 2=T, 3=G} (T and G swapped against the usual order). Item {@code i} of a packed stream lives in
 * byte {@code i >> 2} at bits {@code 2*(i & 3)} and {@code 2*(i & 3)+1}, lowest pair first; the last byte is
 * zero-padded. Stateless and thread-safe.
 */
public final class Svar2SnpCodes {
    private static final byte[] BASES = {'A', 'C', 'T', 'G'};

    private Svar2SnpCodes() {
    }

    /**
     * The code of item {@code i} of a packed stream.
     *
     * @param packed the packed codes, four per byte; must hold at least {@code (i >> 2) + 1} bytes
     * @param i item index, {@code >= 0}
     * @return the code, 0 to 3
     * @throws IndexOutOfBoundsException if byte {@code i >> 2} is outside {@code packed}
     * @throws IllegalStateException if the memory of {@code packed} is closed
     */
    public static int code(MemorySegment packed, long i) {
        int b = packed.get(ValueLayout.JAVA_BYTE, i >>> 2);
        return b >>> ((int) (i & 3) << 1) & 3;
    }

    /**
     * The upper-case ASCII base of a code.
     *
     * @param code a code, only its two lowest bits are used
     * @return {@code A}, {@code C}, {@code T} or {@code G}
     */
    public static byte base(int code) {
        return BASES[code & 3];
    }

    /**
     * The code genoray stores for an ASCII base: {@code (ascii >> 1) & 3}. Upper and lower case give the same code
     * ({@code A/a=0, C/c=1, T/t=2, G/g=3}); other letters are not refused but land on one of the four codes as in
     * genoray (e.g. {@code N} gives 3, read back as {@code G}).
     *
     * @param ascii the base as an ASCII byte
     * @return the code, 0 to 3
     */
    public static int encode(byte ascii) {
        return (ascii >> 1) & 3;
    }

    /**
     * The number of bytes a packed stream of {@code n} codes occupies.
     *
     * @param n number of codes, {@code >= 0}
     * @return {@code ceil(n / 4)}
     */
    public static long packedBytes(long n) {
        return (n + 3) >>> 2;
    }
}
