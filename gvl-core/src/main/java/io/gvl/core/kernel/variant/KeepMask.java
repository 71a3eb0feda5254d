package io.gvl.core.kernel.variant;

import io.gvl.core.internal.kernel.Mem;
import java.lang.foreign.MemorySegment;

/**
 * A per-(instance, hap) keep flag for every variant of that row's genotype list (GVL's exonic filter). Row
 * {@code k}'s flags are {@code keep[offsets[k], offsets[k+1])}, parallel to its variant list; dropped variants
 * are invisible to length, haplotype and track kernels.
 *
 * @param keep    one byte (0/1) per flag
 * @param offsets {@code rows + 1} offsets into {@code keep}
 */
public record KeepMask(MemorySegment keep, long[] offsets) {

    /** Copies the offsets. */
    public KeepMask {
        offsets = offsets.clone();
    }

    /**
     * The row offsets, as a copy.
     *
     * @return a new array
     */
    @Override
    public long[] offsets() {
        return offsets.clone();
    }

    /**
     * First flag of row {@code k}.
     *
     * @param k row index
     * @return the offset into {@code keep}
     */
    public long rowStart(int k) {
        return offsets[k];
    }

    /**
     * The number of rows.
     *
     * @return the row count
     */
    public long rows() {
        return offsets.length - 1;
    }

    /**
     * Flag {@code j} of row {@code k}.
     *
     * @param k row index
     * @param j position in the row's variant list
     * @return {@code true} if the variant is kept
     */
    public boolean kept(int k, long j) {
        return Mem.bool(keep, offsets[k] + j);
    }
}
