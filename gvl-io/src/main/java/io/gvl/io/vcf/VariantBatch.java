package io.gvl.io.vcf;

import java.util.Map;

/**
 * The variants a query returned, as primitive arrays ready for the write pipeline. Variant {@code i} starts at
 * 0-based {@code positions[i]}; its REF is {@code ref[refOffsets[i] .. refOffsets[i+1])} and its ALT
 * {@code alt[altOffsets[i] .. altOffsets[i+1])}, bytes as written in the file. {@code genotypes} holds one
 * byte per (variant, sample, ploid) at {@code (i * samples + s) * ploidy + p}: 1 when that haplotype carries
 * the ALT, else 0 (REF and missing {@code .} alike, as GVL treats them). Requested FORMAT fields are
 * {@code variants x samples} floats, INFO fields one float per variant; absent values are NaN.
 */
public record VariantBatch(String contig, int[] positions, byte[] ref, int[] refOffsets, byte[] alt, int[] altOffsets,
        int samples, int ploidy, byte[] genotypes, Map<String, float[]> format, Map<String, float[]> info) {

    public int size() {
        return positions.length;
    }

    /** {@code len(ALT) - len(REF)}: positive for insertions, negative for deletions, 0 for SNPs. */
    public int ilen(int i) {
        return (altOffsets[i + 1] - altOffsets[i]) - (refOffsets[i + 1] - refOffsets[i]);
    }

    /** The genotype code of variant {@code i}, sample {@code s}, haplotype {@code p}. */
    public byte genotype(int i, int s, int p) {
        return genotypes[(i * samples + s) * ploidy + p];
    }
}
