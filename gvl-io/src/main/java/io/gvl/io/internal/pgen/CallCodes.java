package io.gvl.io.internal.pgen;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * One byte per sample after decoding a record: the four PLINK 2 hardcall categories, with a het split into
 * unphased, phased with ALT on the second haplotype ({@code 0|1}) and phased with ALT on the first ({@code 1|0}).
 * Also turns call codes into the two per-haplotype ALT-carrier bytes a dataset write stores, one table look-up and
 * one two-byte store per call.
 */
public final class CallCodes {
    public static final byte HOM_REF = 0;
    public static final byte HET = 1;
    public static final byte HOM_ALT = 2;
    public static final byte MISSING = 3;
    /** Phased het, REF on the first haplotype: {@code 0|1}. */
    public static final byte PHASED_0_1 = 4;
    /** Phased het, ALT on the first haplotype: {@code 1|0}. */
    public static final byte PHASED_1_0 = 5;

    private static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class,
            ByteOrder.LITTLE_ENDIAN);
    /** Carrier bytes per code, first haplotype in the low byte; an unphased het carries the ALT on haplotype 1. */
    private static final short[] CARRIERS = {0x0000, 0x0100, 0x0101, 0x0000, 0x0100, 0x0001};

    private CallCodes() {
    }

    /** Writes the carrier pairs of samples {@code [first, first + n)} of {@code calls} to {@code out} from {@code at}. */
    public static void toCarriers(byte[] calls, int first, int n, byte[] out, int at) {
        for (int j = 0; j < n; j++) {
            SHORTS.set(out, at + 2 * j, CARRIERS[calls[first + j]]);
        }
    }

    /** Writes the carrier pairs of the samples {@code samples} of {@code calls} to {@code out} from {@code at}. */
    public static void toCarriers(byte[] calls, int[] samples, byte[] out, int at) {
        for (int j = 0; j < samples.length; j++) {
            SHORTS.set(out, at + 2 * j, CARRIERS[calls[samples[j]]]);
        }
    }
}
