package io.gvl.core.kernel.variant;

import io.gvl.core.internal.kernel.Mem;
import java.lang.foreign.MemorySegment;

/**
 * The global variant table the kernels index: 0-based starts, {@code ilen} (ALT length minus REF length) and the
 * ALT alleles (anchor base included for indels) as packed bytes with int64 offsets. Atomized, left-aligned,
 * bi-allelic variants, so a variant's REF ends at {@code start - min(ilen, 0) + 1}.
 *
 * <p>The segments are kept as given (for bulk gathers); the per-variant accessors read heap copies of starts,
 * ilens and ALT offsets made once here. Kernels read them once per variant of every row, and a plain array read
 * has none of a segment access's liveness, alignment and type checks, which the JIT cannot drop when one call
 * site sees heap, native and mapped segments. The copies cost 16 bytes per variant.
 */
public final class VariantArrays {
    private final MemorySegment starts;
    private final MemorySegment ilens;
    private final MemorySegment alts;
    private final MemorySegment altOffsets;
    private final int[] startOf;
    private final int[] ilenOf;
    private final long[] altOffsetOf;

    /**
     * A table over the given columns, checking that starts and ilens have the same size and that ALT offsets (when
     * given) cover every variant and never decrease.
     *
     * @param starts     int32 start per variant
     * @param ilens      int32 length change per variant
     * @param alts       ALT bytes of all variants back to back
     * @param altOffsets int64, {@code variants + 1} entries (empty for a positions-only table)
     * @throws IllegalArgumentException if the columns disagree, or hold more than {@code 2^31 - 2} variants
     */
    public VariantArrays(MemorySegment starts, MemorySegment ilens, MemorySegment alts, MemorySegment altOffsets) {
        if (starts.byteSize() % 4 != 0 || altOffsets.byteSize() % 8 != 0) {
            throw new IllegalArgumentException("starts (" + starts.byteSize() + " bytes) must hold int32 values and "
                    + "altOffsets (" + altOffsets.byteSize() + " bytes) int64 values");
        }
        if (starts.byteSize() != ilens.byteSize()) {
            throw new IllegalArgumentException("starts hold " + starts.byteSize() / 4 + " variants but ilens hold "
                    + ilens.byteSize() / 4);
        }
        long n = starts.byteSize() / 4;
        if (n > Integer.MAX_VALUE - 2) { // variant indices are int32
            throw new IllegalArgumentException(n + " variants: more than an int32 variant index can address");
        }
        if (altOffsets.byteSize() > 0 && altOffsets.byteSize() / 8 != n + 1) {
            throw new IllegalArgumentException("altOffsets hold " + altOffsets.byteSize() / 8 + " entries for "
                    + n + " variants (expected " + (n + 1) + ")");
        }
        this.starts = starts;
        this.ilens = ilens;
        this.alts = alts;
        this.altOffsets = altOffsets;
        this.startOf = starts.toArray(Mem.I32);
        this.ilenOf = ilens.toArray(Mem.I32);
        this.altOffsetOf = altOffsets.toArray(Mem.I64);
        for (int v = 0; v + 1 < altOffsetOf.length; v++) {
            if (altOffsetOf[v + 1] < altOffsetOf[v]) {
                throw new IllegalArgumentException("variant " + v + ": ALT offsets decrease");
            }
        }
    }

    /**
     * The starts column.
     *
     * @return int32 start per variant
     */
    public MemorySegment starts() {
        return starts;
    }

    /**
     * The ilens column.
     *
     * @return int32 length change per variant
     */
    public MemorySegment ilens() {
        return ilens;
    }

    /**
     * The ALT bytes.
     *
     * @return ALT bytes of all variants back to back ({@link MemorySegment#NULL} for a positions-only table)
     */
    public MemorySegment alts() {
        return alts;
    }

    /**
     * The ALT offsets.
     *
     * @return int64 offsets into {@link #alts()}, {@code variants + 1} entries (empty for a positions-only table)
     */
    public MemorySegment altOffsets() {
        return altOffsets;
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
        if (Integer.toUnsignedLong(v) >= startOf.length) {
            throw new IllegalArgumentException("row " + row + ": variant index " + v + " outside the table of "
                    + startOf.length + " variants");
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
        return startOf.length;
    }

    /**
     * 0-based start of a variant.
     *
     * @param v variant index
     * @return the start
     */
    public int start(int v) {
        return startOf[v];
    }

    /**
     * ALT length minus REF length of a variant.
     *
     * @param v variant index
     * @return the length change
     */
    public int ilen(int v) {
        return ilenOf[v];
    }

    /**
     * Exclusive end of the variant's REF span.
     *
     * @param v variant index
     * @return the end
     */
    public long refEnd(int v) {
        return (long) start(v) - Math.min(ilen(v), 0) + 1;
    }

    /**
     * Byte offset of a variant's ALT in {@link #alts()}.
     *
     * @param v variant index
     * @return the first byte, inclusive
     */
    public long altStart(int v) {
        return altOffsetOf[v];
    }

    /**
     * Byte end of a variant's ALT in {@link #alts()}.
     *
     * @param v variant index
     * @return the last byte, exclusive
     */
    public long altEnd(int v) {
        return altOffsetOf[v + 1];
    }
}
