package io.gvl.core.kernel.haplotype;

import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;

/**
 * The dataset-wide inputs of haplotype reconstruction, fixed for a dataset and shared by every batch: sparse
 * genotypes, the variant table, the reference and the pad byte ({@code N} in GVL).
 *
 * @param genotypes the sparse genotypes
 * @param variants the variant table the genotypes index
 * @param reference the reference genome
 * @param pad the byte written outside contigs
 */
public record HaplotypeSource(SparseGenotypes genotypes, VariantArrays variants, ReferenceGenome reference,
                              byte pad) {
}
