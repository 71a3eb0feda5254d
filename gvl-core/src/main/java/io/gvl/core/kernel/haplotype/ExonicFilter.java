package io.gvl.core.kernel.haplotype;

import io.gvl.core.kernel.variant.KeepMask;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;
import java.lang.foreign.MemorySegment;

/**
 * GVL's {@code var_filter="exonic"}: keep a variant of a row only when its whole REF span lies inside that row's
 * (jittered) region, so no exon's haplotype carries an indel that crosses into an intron.
 */
public final class ExonicFilter {
    private ExonicFilter() {
    }

    /**
     * The keep mask for rows {@code k = instance * ploidy + hap}: flag {@code j} of row {@code k} is
     * {@code start >= starts[instance] && refEnd <= ends[instance]}.
     *
     * @param starts window start per instance
     * @param ends window end per instance
     * @param offsetIdx genotype group of each row
     * @param ploidy haplotypes per instance
     * @param geno the sparse genotypes
     * @param variants the variant table the genotypes index
     * @return one flag per variant of each row's list
     */
    public static KeepMask keepMask(int[] starts, int[] ends, long[] offsetIdx, int ploidy, SparseGenotypes geno,
                                    VariantArrays variants) {
        if (starts.length != ends.length || (long) starts.length * ploidy != offsetIdx.length) {
            throw new IllegalArgumentException("starts (" + starts.length + "), ends (" + ends.length
                    + ") and offsetIdx (" + offsetIdx.length + " = instances x ploidy " + ploidy + ") disagree");
        }
        int rows = offsetIdx.length;
        long[] offsets = new long[rows + 1];
        for (int k = 0; k < rows; k++) {
            offsets[k + 1] = offsets[k] + Math.max(0, geno.stop(offsetIdx[k]) - geno.start(offsetIdx[k]));
        }
        byte[] keep = new byte[Math.toIntExact(offsets[rows])];
        for (int k = 0; k < rows; k++) {
            long lo = starts[k / ploidy];
            long hi = ends[k / ploidy];
            long from = geno.start(offsetIdx[k]);
            long to = geno.stop(offsetIdx[k]);
            for (long j = from; j < to; j++) {
                int v = variants.require(geno.variant(j), k);
                keep[(int) (offsets[k] + j - from)] = (byte) (variants.start(v) >= lo && variants.refEnd(v) <= hi ? 1 : 0);
            }
        }
        return new KeepMask(MemorySegment.ofArray(keep), offsets);
    }
}
