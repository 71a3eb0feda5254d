package io.gvl.core.kernel.variant;

import io.gvl.core.internal.kernel.Mem;
import java.lang.foreign.MemorySegment;

/**
 * The global variant table the kernels index: 0-based starts, {@code ilen} (ALT length minus REF length) and the
 * ALT alleles (anchor base included for indels) as packed bytes with int64 offsets. Atomized, left-aligned,
 * bi-allelic variants, so a variant's REF ends at {@code start - min(ilen, 0) + 1}.
 *
 * @param starts     int32 start per variant
 * @param ilens      int32 length change per variant
 * @param alts       ALT bytes of all variants back to back
 * @param altOffsets int64, {@code variants + 1} entries
 */
public record VariantArrays(MemorySegment starts, MemorySegment ilens, MemorySegment alts, MemorySegment altOffsets) {

    /**
     * Checks that starts and ilens have the same size and that ALT offsets (when given) cover every variant and
     * never decrease.
     */
    public VariantArrays {
        if (starts.byteSize() != ilens.byteSize()) {
            throw new IllegalArgumentException("starts hold " + starts.byteSize() / 4 + " variants but ilens hold "
                    + ilens.byteSize() / 4);
        }
        long n = starts.byteSize() / 4;
        if (altOffsets.byteSize() > 0) {
            if (altOffsets.byteSize() / 8 != n + 1) {
                throw new IllegalArgumentException("altOffsets hold " + altOffsets.byteSize() / 8 + " entries for "
                        + n + " variants (expected " + (n + 1) + ")");
            }
            for (long v = 0; v < n; v++) {
                if (Mem.i64(altOffsets, v + 1) < Mem.i64(altOffsets, v)) {
                    throw new IllegalArgumentException("variant " + v + ": ALT offsets decrease");
                }
            }
        }
    }

    /**
     * {@code v} itself when it indexes this table; otherwise a clear error naming the output row. Kernels call it
     * on every variant index they read, so bad indices fail where they are used, at the cost of one compare.
     *
     * @param v a variant index read from the genotypes
     * @param row the output row being built, named in the error
     * @return {@code v}
     * @throws IllegalArgumentException if {@code v} is not a row of the table
     */
    public int require(int v, long row) {
        if (Integer.toUnsignedLong(v) >= starts.byteSize() / 4) {
            throw new IllegalArgumentException("row " + row + ": variant index " + v + " outside the table of "
                    + starts.byteSize() / 4 + " variants");
        }
        return v;
    }

    /**
     * A table without alleles, enough for length and track computations.
     *
     * @param starts int32 start per variant
     * @param ilens int32 length change per variant
     * @return a table whose allele accessors must not be used
     */
    public static VariantArrays positionsOnly(MemorySegment starts, MemorySegment ilens) {
        return new VariantArrays(starts, ilens, MemorySegment.NULL, MemorySegment.NULL);
    }

    /**
     * The number of variants.
     *
     * @return the row count
     */
    public long size() {
        return starts.byteSize() / 4;
    }

    /**
     * 0-based start of a variant.
     *
     * @param v variant index
     * @return the start
     */
    public int start(long v) {
        return Mem.i32(starts, v);
    }

    /**
     * ALT length minus REF length of a variant.
     *
     * @param v variant index
     * @return the length change
     */
    public int ilen(long v) {
        return Mem.i32(ilens, v);
    }

    /**
     * Exclusive end of the variant's REF span.
     *
     * @param v variant index
     * @return the end
     */
    public long refEnd(long v) {
        return (long) start(v) - Math.min(ilen(v), 0) + 1;
    }

    /**
     * Byte offset of a variant's ALT in {@link #alts()}.
     *
     * @param v variant index
     * @return the first byte, inclusive
     */
    public long altStart(long v) {
        return Mem.i64(altOffsets, v);
    }

    /**
     * Byte end of a variant's ALT in {@link #alts()}.
     *
     * @param v variant index
     * @return the last byte, exclusive
     */
    public long altEnd(long v) {
        return Mem.i64(altOffsets, v + 1);
    }
}
