package io.gvl.core.kernel.haplotype;

import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.variant.KeepMask;

/**
 * One batch of haplotype rows: per instance a (jittered) window, per row {@code k = instance * ploidy + hap}
 * a genotype group and a shift, plus the optional exonic keep mask. Rows are the unit of work and of output.
 *
 * @param regions   jittered windows, one per instance
 * @param ploidy    haplotypes per instance
 * @param offsetIdx genotype group of each row ({@code instances * ploidy})
 * @param shifts    shift of each row (all 0 when deterministic)
 * @param keep      keep mask over each row's variant list, or null
 */
public record HaplotypeBatch(QueryWindows regions, int ploidy, long[] offsetIdx, int[] shifts, KeepMask keep) {

    /** Checks {@code ploidy >= 1} and that the per-row arrays have {@code instances * ploidy} entries. */
    public HaplotypeBatch {
        if (ploidy < 1) {
            throw new IllegalArgumentException("ploidy must be >= 1, got " + ploidy);
        }
        long rows = (long) regions.size() * ploidy;
        if (offsetIdx.length != rows || shifts.length != rows) {
            throw new IllegalArgumentException("batch of " + regions.size() + " instances x ploidy " + ploidy
                    + " needs " + rows + " rows, got offsetIdx " + offsetIdx.length + " and shifts " + shifts.length);
        }
        if (keep != null && keep.rows() != rows) {
            throw new IllegalArgumentException("keep mask has " + keep.rows() + " rows, batch has " + rows);
        }
        offsetIdx = offsetIdx.clone();
        shifts = shifts.clone();
    }

    /**
     * A deterministic batch: every shift 0.
     *
     * @param regions jittered windows, one per instance
     * @param ploidy haplotypes per instance
     * @param offsetIdx genotype group of each row
     * @param keep keep mask, or {@code null}
     * @return the batch
     */
    public static HaplotypeBatch unshifted(QueryWindows regions, int ploidy, long[] offsetIdx, KeepMask keep) {
        return new HaplotypeBatch(regions, ploidy, offsetIdx, new int[offsetIdx.length], keep);
    }

    /**
     * The number of rows ({@code instances * ploidy}).
     *
     * @return the row count
     */
    public int rows() {
        return offsetIdx.length;
    }

    /**
     * Genotype group of row {@code k}.
     *
     * @param k row index
     * @return the group
     */
    public long group(int k) {
        return offsetIdx[k];
    }

    /**
     * Shift of row {@code k}.
     *
     * @param k row index
     * @return the shift in bp, {@code >= 0}
     */
    public int shift(int k) {
        return shifts[k];
    }

    /**
     * Genotype groups of every row, as a copy.
     *
     * @return a new array
     */
    @Override
    public long[] offsetIdx() {
        return offsetIdx.clone();
    }

    /**
     * Shifts of every row, as a copy.
     *
     * @return a new array
     */
    @Override
    public int[] shifts() {
        return shifts.clone();
    }
}
