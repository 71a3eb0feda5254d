package io.gvl.core.kernel.variant;

import io.gvl.core.internal.kernel.Mem;
import java.lang.foreign.MemorySegment;

/**
 * Sparse genotypes as GVL stores them: one flat int32 list of variant indices and, per group (one
 * (region, sample, ploid) of the store), a start/stop pair into it. Groups are addressed through
 * {@code genoOffsetIdx}; the lists within a group are sorted by position. Memory is borrowed (typically mapped).
 *
 * @param variantIdxs int32 indices into the {@link VariantArrays}
 * @param starts      int64 first list position of each group
 * @param stops       int64 end (exclusive) list position of each group
 */
public record SparseGenotypes(MemorySegment variantIdxs, MemorySegment starts, MemorySegment stops) {

    /** Checks that starts and stops have the same size. */
    public SparseGenotypes {
        if (starts.byteSize() != stops.byteSize()) {
            throw new IllegalArgumentException("starts hold " + starts.byteSize() / 8 + " groups but stops hold "
                    + stops.byteSize() / 8);
        }
    }

    /**
     * From GVL's {@code (2, n)} int64 offsets array (row 0 starts, row 1 stops).
     *
     * @param variantIdxs int32 variant indices
     * @param offsets2xN {@code 2n} int64 values: n starts, then n stops
     * @return the genotypes, borrowing both segments
     * @throws IllegalArgumentException if the offsets are not two equal halves
     */
    public static SparseGenotypes fromStartsStops(MemorySegment variantIdxs, MemorySegment offsets2xN) {
        long bytes = offsets2xN.byteSize();
        if (bytes % 16 != 0) {
            throw new IllegalArgumentException("offsets2xN must hold 2*n int64 values, got " + bytes + " bytes");
        }
        return new SparseGenotypes(variantIdxs, offsets2xN.asSlice(0, bytes / 2), offsets2xN.asSlice(bytes / 2));
    }

    /**
     * From a cumulative int64 offsets array of length {@code n + 1} (VCF/PGEN-sourced datasets).
     *
     * @param variantIdxs int32 variant indices
     * @param offsets {@code n + 1} int64 cumulative offsets
     * @return the genotypes, borrowing both segments
     * @throws IllegalArgumentException if the offsets are empty or not int64
     */
    public static SparseGenotypes fromCumulative(MemorySegment variantIdxs, MemorySegment offsets) {
        long bytes = offsets.byteSize();
        if (bytes < 8 || bytes % 8 != 0) {
            throw new IllegalArgumentException("cumulative offsets must hold n+1 >= 1 int64 values, got " + bytes
                    + " bytes");
        }
        return new SparseGenotypes(variantIdxs, offsets.asSlice(0, bytes - 8), offsets.asSlice(8));
    }

    /**
     * The number of groups.
     *
     * @return the group count
     */
    public long groups() {
        return starts.byteSize() / 8;
    }

    /**
     * First list position of a group.
     *
     * @param group group index
     * @return the position, inclusive
     */
    public long start(long group) {
        return Mem.i64(starts, group);
    }

    /**
     * End list position of a group.
     *
     * @param group group index
     * @return the position, exclusive
     */
    public long stop(long group) {
        return Mem.i64(stops, group);
    }

    /**
     * The variant index at flat list position {@code j}.
     *
     * @param j list position
     * @return the variant index
     */
    public int variant(long j) {
        return Mem.i32(variantIdxs, j);
    }
}
