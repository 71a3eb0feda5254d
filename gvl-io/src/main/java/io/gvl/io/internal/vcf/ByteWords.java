package io.gvl.io.internal.vcf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Eight bytes of an array read at once as a little-endian {@code long}, for the genotype-only decoders' word-wide
 * checks ("are these two VCF calls {@code 0|0}", "are these four BCF calls REF"). The one place those decoders read
 * memory other than byte by byte.
 */
public final class ByteWords {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private ByteWords() {}

    /** Bytes {@code [i, i + 8)} of {@code b}, byte {@code i} lowest; {@code i + 8} must not pass the array. */
    public static long at(byte[] b, int i) {
        return (long) LONG.get(b, i);
    }

    /** Repeats byte {@code v} in all eight lanes. */
    public static long lanes(int v) {
        return (v & 0xffL) * 0x0101010101010101L;
    }
}
