package io.gvl.core.kernel.variant;

import io.gvl.core.buffer.DType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * GVL's {@code DummyVariant}: every empty (instance, ploid) row of a variant field receives exactly one dummy
 * record, so downstream code never sees an empty group. Non-empty rows are copied unchanged.
 */
public final class EmptyRowFill {
    private EmptyRowFill() {
    }

    /**
     * A field with {@code inner} elements per variant ({@code inner = 1}: scalar fields; GVL's
     * {@code fill_empty_scalar}/{@code fill_empty_fixed}). Offsets count variants.
     *
     * @param fill one element of {@code dtype}, written {@code inner} times into each empty row's dummy variant
     * @param arena the arena the result is allocated in (it borrows it)
     * @param dtype the element type
     * @param data the field's elements
     * @param offsets int64 variant offsets per row
     * @param inner elements per variant, {@code >= 1}
     * @return the field with one dummy variant in every empty row
     */
    public static FlatRagged fixed(Arena arena, DType dtype, MemorySegment data, long[] offsets, long inner,
                                   MemorySegment fill) {
        long es = dtype.byteSize();
        if (inner < 1) {
            throw new IllegalArgumentException("inner must be >= 1, got " + inner);
        }
        if (fill.byteSize() != es) {
            throw new IllegalArgumentException("fill must be one " + dtype + " element, got " + fill.byteSize()
                    + " bytes");
        }
        int rows = offsets.length - 1;
        long[] out = new long[rows + 1];
        for (int i = 0; i < rows; i++) {
            long n = offsets[i + 1] - offsets[i];
            out[i + 1] = out[i] + (n > 0 ? n : 1);
        }
        long rowBytes = inner * es;
        MemorySegment dst = VariantGather.allocate(arena, out[rows] * rowBytes);
        for (int i = 0; i < rows; i++) {
            long n = offsets[i + 1] - offsets[i];
            if (n > 0) {
                MemorySegment.copy(data, offsets[i] * rowBytes, dst, out[i] * rowBytes, n * rowBytes);
            } else {
                for (long e = 0; e < inner; e++) {
                    MemorySegment.copy(fill, 0, dst, out[i] * rowBytes + e * es, es);
                }
            }
        }
        return new FlatRagged(dtype, dst, out);
    }

    /**
     * The row offsets after {@link #sequences} or {@link #fixed}: every empty row holds one variant.
     *
     * @param varOffsets variant offsets per row
     * @return the new variant offsets per row
     */
    public static long[] filledRowOffsets(long[] varOffsets) {
        int rows = varOffsets.length - 1;
        long[] vars = new long[rows + 1];
        for (int i = 0; i < rows; i++) {
            long n = varOffsets[i + 1] - varOffsets[i];
            vars[i + 1] = vars[i] + (n > 0 ? n : 1);
        }
        return vars;
    }

    /**
     * A sequence field (alleles, tokens; GVL's {@code fill_empty_seq}): each empty row receives one variant whose
     * sequence is {@code dummy}. The result has one row per variant of the filled rows (their offsets are
     * {@link #filledRowOffsets}), each row that variant's sequence.
     *
     * @param arena the arena the result is allocated in (it borrows it)
     * @param dtype the element type
     * @param data the sequence bytes or tokens of all variants
     * @param varOffsets variant offsets per row
     * @param seqOffsets element offsets per variant
     * @param dummy the sequence of the dummy variant
     * @return the sequences of the filled rows' variants, with their element offsets
     */
    public static FlatRagged sequences(Arena arena, DType dtype, MemorySegment data, long[] varOffsets,
                                       long[] seqOffsets, MemorySegment dummy) {
        long es = dtype.byteSize();
        long dummyLen = dummy.byteSize() / es;
        int rows = varOffsets.length - 1;
        long[] vars = filledRowOffsets(varOffsets);
        long[] seqs = new long[Math.toIntExact(vars[rows] + 1)];
        int vp = 0;
        for (int i = 0; i < rows; i++) {
            if (varOffsets[i + 1] == varOffsets[i]) {
                seqs[vp + 1] = seqs[vp] + dummyLen;
                vp++;
            } else {
                for (long v = varOffsets[i]; v < varOffsets[i + 1]; v++) {
                    seqs[vp + 1] = seqs[vp] + seqOffsets[(int) v + 1] - seqOffsets[(int) v];
                    vp++;
                }
            }
        }
        MemorySegment dst = VariantGather.allocate(arena, seqs[vp] * es);
        vp = 0;
        for (int i = 0; i < rows; i++) {
            if (varOffsets[i + 1] == varOffsets[i]) {
                MemorySegment.copy(dummy, 0, dst, seqs[vp] * es, dummyLen * es);
                vp++;
            } else {
                for (long v = varOffsets[i]; v < varOffsets[i + 1]; v++) {
                    long s = seqOffsets[(int) v];
                    MemorySegment.copy(data, s * es, dst, seqs[vp] * es, (seqOffsets[(int) v + 1] - s) * es);
                    vp++;
                }
            }
        }
        return new FlatRagged(dtype, dst, seqs);
    }
}
