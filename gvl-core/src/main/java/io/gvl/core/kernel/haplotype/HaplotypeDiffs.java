package io.gvl.core.kernel.haplotype;

import io.gvl.core.internal.kernel.haplotype.BatchChecks;
import io.gvl.core.kernel.variant.KeepMask;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;

/**
 * Per-(instance, hap) length change of a haplotype inside its query window (GVL's {@code get_diffs_sparse}): the
 * output length of a ragged haplotype is {@code window length + diff}. Indels are clipped to the window, a
 * variant overlapping an already counted one is ignored, and dropped ({@link KeepMask}) variants are invisible.
 */
public final class HaplotypeDiffs {
    private HaplotypeDiffs() {
    }

    /**
     * Diffs of rows {@code k = instance * ploidy + hap}.
     *
     * @param offsetIdx genotype group of each row ({@code instances * ploidy} entries)
     * @param keep      optional keep mask (null: keep all)
     * @param qStarts   window start per instance; with {@code qEnds} null the diff is the plain sum of the
     *                  (kept) ilens, GVL's windowless form
     * @param qEnds     window end per instance, or null
     * @param geno the sparse genotypes
     * @param variants the variant table the genotypes index
     * @param ploidy haplotypes per instance
     * @return one length change in bp per row
     */
    public static int[] compute(SparseGenotypes geno, VariantArrays variants, long[] offsetIdx, int ploidy,
                                KeepMask keep, int[] qStarts, int[] qEnds) {
        if (ploidy < 1 || offsetIdx.length % ploidy != 0) {
            throw new IllegalArgumentException("offsetIdx length " + offsetIdx.length + " is not a multiple of ploidy "
                    + ploidy);
        }
        if ((qStarts == null) != (qEnds == null)) {
            throw new IllegalArgumentException("qStarts and qEnds must both be given or both be null");
        }
        int rows = offsetIdx.length;
        BatchChecks.genotypes(geno, variants, offsetIdx, keep);
        if (qStarts != null && (qStarts.length * ploidy != rows || qEnds.length != qStarts.length)) {
            throw new IllegalArgumentException("windows for " + qStarts.length + "/" + qEnds.length
                    + " instances but offsetIdx has " + rows / ploidy);
        }
        int[] out = new int[rows];
        for (int k = 0; k < rows; k++) {
            long from = geno.start(offsetIdx[k]);
            long to = geno.stop(offsetIdx[k]);
            if (to == from) {
                continue;
            }
            out[k] = qStarts == null
                    ? plainSum(geno, variants, keep, k, from, to)
                    : windowed(geno, variants, keep, k, from, to, qStarts[k / ploidy], qEnds[k / ploidy]);
        }
        return out;
    }

    /**
     * Diff of one row over window {@code [qs, qe)}; see the class comment.
     *
     * @param geno the sparse genotypes
     * @param variants the variant table the genotypes index
     * @param keep optional keep mask (null: keep all)
     * @param k the row, {@code instance * ploidy + hap}
     * @param from first genotype list position of the row, inclusive
     * @param to last genotype list position of the row, exclusive
     * @param qs the window start, 0-based
     * @param qe the window end, exclusive
     * @return the length change in bp
     */
    public static int windowed(SparseGenotypes geno, VariantArrays variants, KeepMask keep, int k, long from,
                               long to, long qs, long qe) {
        long refIdx = qs;
        long acc = 0;
        for (long j = from; j < to; j++) {
            if (keep != null && !keep.kept(k, j - from)) {
                continue;
            }
            int v = variants.require(geno.variant(j), k);
            long vStart = variants.start(v);
            long ilen = variants.ilen(v);
            long vEnd = vStart - Math.min(ilen, 0) + 1;
            if (vEnd <= qs) {
                continue;
            }
            if (vStart >= qe) {
                break;
            }
            if (vStart >= qs && vStart < refIdx) {
                continue;
            }
            refIdx = Math.max(refIdx, vEnd);
            if (ilen < 0) {
                ilen += Math.max(qs - vStart - 1, 0);
            }
            ilen += Math.max(vEnd - qe, 0);
            acc += ilen;
        }
        return (int) acc;
    }

    private static int plainSum(SparseGenotypes geno, VariantArrays variants, KeepMask keep, int k, long from,
                                long to) {
        long sum = 0;
        for (long j = from; j < to; j++) {
            if (keep == null || keep.kept(k, j - from)) {
                sum += variants.ilen(variants.require(geno.variant(j), k));
            }
        }
        return (int) sum;
    }
}
