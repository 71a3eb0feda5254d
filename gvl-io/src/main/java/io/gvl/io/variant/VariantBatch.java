package io.gvl.io.variant;

import java.util.Map;

/**
 * The variants a query returned, as primitive arrays ready for the write pipeline. Variant {@code i} starts at
 * 0-based {@code positions[i]}; its REF is {@code ref[refOffsets[i] .. refOffsets[i+1])} and its ALT
 * {@code alt[altOffsets[i] .. altOffsets[i+1])}, bytes as written in the file. {@code genotypes} holds one
 * byte per (variant, sample, ploid) at {@code (i * samples + s) * ploidy + p}: 1 when that haplotype carries
 * the ALT, else 0 (REF and missing {@code .} alike, as GVL treats them). Requested FORMAT fields are
 * {@code variants x samples} floats, INFO fields one float per variant; absent values are NaN.
 *
 * @param contig the contig as the VCF spells it
 * @param positions 0-based start of each variant
 * @param ref the REF alleles, concatenated
 * @param refOffsets {@code size() + 1} offsets into {@code ref}
 * @param alt the ALT alleles, concatenated
 * @param altOffsets {@code size() + 1} offsets into {@code alt}
 * @param samples number of requested samples
 * @param ploidy haplotypes per sample
 * @param genotypes 1 or 0 per (variant, sample, haplotype)
 * @param format requested FORMAT fields by key, {@code size() * samples} floats each
 * @param info requested INFO fields by key, {@code size()} floats each
 */
public record VariantBatch(String contig, int[] positions, byte[] ref, int[] refOffsets, byte[] alt, int[] altOffsets,
        int samples, int ploidy, byte[] genotypes, Map<String, float[]> format, Map<String, float[]> info) {

    /**
     * The number of variants.
     *
     * @return the variant count
     */
    public int size() {
        return positions.length;
    }

    /**
     * {@code len(ALT) - len(REF)}: positive for insertions, negative for deletions, 0 for SNPs.
     *
     * @param i variant index, {@code 0 <= i < size()}
     * @return the length difference in bytes
     */
    public int ilen(int i) {
        return (altOffsets[i + 1] - altOffsets[i]) - (refOffsets[i + 1] - refOffsets[i]);
    }

    /**
     * The genotype code of variant {@code i}, sample {@code s}, haplotype {@code p}.
     *
     * @param i variant index, {@code 0 <= i < size()}
     * @param s requested sample index, {@code 0 <= s < samples}
     * @param p haplotype index, {@code 0 <= p < ploidy}
     * @return 1 if that haplotype carries the ALT, else 0
     */
    public byte genotype(int i, int s, int p) {
        return genotypes[(i * samples + s) * ploidy + p];
    }
}
