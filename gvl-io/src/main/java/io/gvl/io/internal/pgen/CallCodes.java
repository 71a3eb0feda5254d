package io.gvl.io.internal.pgen;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * One byte per sample after decoding a record: the four PLINK 2 hardcall categories, with a het split into
 * unphased, phased with ALT on the second haplotype ({@code 0|1}) and phased with ALT on the first ({@code 1|0}).
 * Also turns call codes into the two per-haplotype ALT-carrier bytes a dataset write stores.
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

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class,
            ByteOrder.LITTLE_ENDIAN);
    /** Carrier bytes per code, first haplotype in the low byte; an unphased het carries the ALT on haplotype 1. */
    private static final short[] CARRIERS = {0x0000, 0x0100, 0x0101, 0x0000, 0x0100, 0x0001};

    private CallCodes() {
    }

    /**
     * Writes the carrier pairs of samples {@code [first, first + n)} of {@code calls} to {@code out} from {@code at}:
     * one table look-up per call, and two zero words for eight hom-REF calls in a row (most calls of a rare variant).
     */
    public static void toCarriers(byte[] calls, int first, int n, byte[] out, int at) {
        int j = 0;
        for (; j + Long.BYTES <= n; j += Long.BYTES) {
            if ((long) LONGS.get(calls, first + j) == 0) {
                LONGS.set(out, at + 2 * j, 0L);
                LONGS.set(out, at + 2 * j + Long.BYTES, 0L);
            } else {
                for (int i = j; i < j + Long.BYTES; i++) {
                    SHORTS.set(out, at + 2 * i, CARRIERS[calls[first + i]]);
                }
            }
        }
        for (; j < n; j++) {
            SHORTS.set(out, at + 2 * j, CARRIERS[calls[first + j]]);
        }
    }

    /** Writes the carrier pairs of the samples {@code samples} of {@code calls} to {@code out} from {@code at}. */
    public static void toCarriers(byte[] calls, int[] samples, byte[] out, int at) {
        for (int j = 0; j < samples.length; j++) {
            SHORTS.set(out, at + 2 * j, CARRIERS[calls[samples[j]]]);
        }
    }

    /**
     * Writes the carrier pairs of the listed calls that carry an ALT to their slots (slot {@code j} at
     * {@code out[at + 2j]}) and nothing else: the cells of hom-REF and missing calls must already hold 0. The work
     * follows the list, not the number of slots.
     */
    public static void markCarriers(CallList calls, SampleSlots slots, byte[] out, int at) {
        int[] samples = calls.samples();
        byte[] codes = calls.codes();
        for (int j = 0; j < calls.size(); j++) {
            short carried = CARRIERS[codes[j]];
            if (carried != 0) {
                for (int slot = slots.slot(samples[j]); slot >= 0; slot = slots.nextSlot(slot)) {
                    SHORTS.set(out, at + 2 * slot, carried);
                }
            }
        }
    }
    /**
     * Appends to {@code out} the carried haplotype slots ({@code 2j + h}, {@code j} the output slot of the sample)
     * of the listed calls and returns the new size; ascending even when the samples are not a run (then sorted).
     * The work follows the list, not the number of slots.
     */
    public static int listCarriers(CallList calls, SampleSlots slots, IntArrayList out) {
        int start = out.size();
        int[] samples = calls.samples();
        byte[] codes = calls.codes();
        for (int j = 0; j < calls.size(); j++) {
            short carried = CARRIERS[codes[j]];
            if (carried != 0) {
                for (int slot = slots.slot(samples[j]); slot >= 0; slot = slots.nextSlot(slot)) {
                    addPair(out, slot, carried);
                }
            }
        }
        if (!slots.run() && out.size() - start > 1) {
            Arrays.sort(out.elements(), start, out.size());
        }
        return out.size();
    }

    /**
     * Appends to {@code out} the carried haplotype slots of samples {@code [first, first + n)} of {@code calls}
     * (output slot {@code j} for sample {@code first + j}), ascending; eight hom-REF calls in a row cost one read.
     */
    public static void listCarriers(byte[] calls, int first, int n, IntArrayList out) {
        int j = 0;
        for (; j + Long.BYTES <= n; j += Long.BYTES) {
            if ((long) LONGS.get(calls, first + j) != 0) {
                for (int i = j; i < j + Long.BYTES; i++) {
                    addPair(out, i, CARRIERS[calls[first + i]]);
                }
            }
        }
        for (; j < n; j++) {
            addPair(out, j, CARRIERS[calls[first + j]]);
        }
    }

    /** Appends to {@code out} the carried haplotype slots of the samples {@code samples} of {@code calls}, ascending. */
    public static void listCarriers(byte[] calls, int[] samples, IntArrayList out) {
        for (int j = 0; j < samples.length; j++) {
            addPair(out, j, CARRIERS[calls[samples[j]]]);
        }
    }

    private static void addPair(IntArrayList out, int sampleSlot, short carried) {
        if ((carried & 0xFF) != 0) {
            out.add(2 * sampleSlot);
        }
        if ((carried & 0xFF00) != 0) {
            out.add(2 * sampleSlot + 1);
        }
    }
}
