package io.gvl.core.internal.kernel.haplotype;

import io.gvl.core.kernel.variant.KeepMask;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;

/**
 * Validates the genotype side of a batch before a kernel runs, so inconsistent inputs fail with a message naming
 * the row, the group and the sizes instead of an out-of-bounds access deep inside a (possibly parallel) kernel.
 * Linear in the batch's rows: variant indices are checked where kernels read them ({@link VariantArrays#require}),
 * and ALT offsets when the table is built, so a query does not pay for the whole region's variants twice.
 */
public final class BatchChecks {
    private BatchChecks() {
    }

    public static void genotypes(SparseGenotypes geno, VariantArrays variants, long[] offsetIdx, KeepMask keep) {
        long groups = geno.groups();
        long listLen = geno.variantIdxs().byteSize() / 4;
        for (int k = 0; k < offsetIdx.length; k++) {
            long g = offsetIdx[k];
            if (g < 0 || g >= groups) {
                throw new IllegalArgumentException("row " + k + ": genotype group " + g + " outside [0, " + groups + ")");
            }
            long from = geno.start(g);
            long to = geno.stop(g);
            if (from < 0 || to < from || to > listLen) {
                throw new IllegalArgumentException("row " + k + ": genotype group " + g + " spans [" + from + ", " + to
                        + ") but the variant index list has " + listLen + " entries");
            }
            if (keep != null && keep.rowStart(k + 1) - keep.rowStart(k) != to - from) {
                throw new IllegalArgumentException("row " + k + ": keep mask has " + (keep.rowStart(k + 1)
                        - keep.rowStart(k)) + " flags for " + (to - from) + " variants");
            }
        }
    }
}
