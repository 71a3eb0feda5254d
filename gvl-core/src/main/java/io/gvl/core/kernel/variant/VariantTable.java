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
public record VariantTable(MemorySegment starts, MemorySegment ilens, MemorySegment alts, MemorySegment altOffsets) {

    public VariantTable {
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
     */
    public int require(int v, long row) {
        if (Integer.toUnsignedLong(v) >= starts.byteSize() / 4) {
            throw new IllegalArgumentException("row " + row + ": variant index " + v + " outside the table of "
                    + starts.byteSize() / 4 + " variants");
        }
        return v;
    }

    /** A table without alleles, enough for length and track computations. */
    public static VariantTable positionsOnly(MemorySegment starts, MemorySegment ilens) {
        return new VariantTable(starts, ilens, MemorySegment.NULL, MemorySegment.NULL);
    }

    public long size() {
        return starts.byteSize() / 4;
    }

    public int start(long v) {
        return Mem.i32(starts, v);
    }

    public int ilen(long v) {
        return Mem.i32(ilens, v);
    }

    /** Exclusive end of the variant's REF span. */
    public long refEnd(long v) {
        return (long) start(v) - Math.min(ilen(v), 0) + 1;
    }

    public long altStart(long v) {
        return Mem.i64(altOffsets, v);
    }

    public long altEnd(long v) {
        return Mem.i64(altOffsets, v + 1);
    }
}
