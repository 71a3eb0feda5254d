package io.gvl.io.svar;

/**
 * The four call streams of a {@code .svar2} contig. A variant is routed by genoray to either the per-call
 * {@code var_key} representation (a CSR over haplotypes) or the {@code dense} one (one entry per variant plus a bit
 * matrix), each split into an SNP stream (2-bit codes) and an indel stream (32-bit keys). The declaration order is
 * the tie order of {@link Svar2Gather} on equal positions.
 */
public enum Svar2StreamKind {
    /** {@code var_key/snp}: one entry per call, CSR over haplotypes, 2-bit codes. */
    VAR_KEY_SNP("var_key/snp", "var_key_snp", false, true),
    /** {@code var_key/indel}: one entry per call, CSR over haplotypes, 32-bit keys. */
    VAR_KEY_INDEL("var_key/indel", "var_key_indel", false, false),
    /** {@code dense/snp}: one entry per variant, a bit per (haplotype, variant), 2-bit codes. */
    DENSE_SNP("dense/snp", "dense_snp", true, true),
    /** {@code dense/indel}: one entry per variant, a bit per (haplotype, variant), 32-bit keys. */
    DENSE_INDEL("dense/indel", "dense_indel", true, false);

    private final String directory;
    private final String fieldSub;
    private final boolean dense;
    private final boolean snp;

    Svar2StreamKind(String directory, String fieldSub, boolean dense, boolean snp) {
        this.directory = directory;
        this.fieldSub = fieldSub;
        this.dense = dense;
        this.snp = snp;
    }

    /**
     * The stream's directory inside a contig directory.
     *
     * @return e.g. {@code var_key/snp}
     */
    public String directory() {
        return directory;
    }

    /**
     * The stream's name under {@code fields/<category>/<name>/}.
     *
     * @return e.g. {@code var_key_snp}
     */
    public String fieldSub() {
        return fieldSub;
    }

    /**
     * Whether entries are variants with a genotype bit matrix ({@code dense}) rather than calls ({@code var_key}).
     *
     * @return true for the dense streams
     */
    public boolean dense() {
        return dense;
    }

    /**
     * Whether alleles are 2-bit SNP codes rather than 32-bit indel keys.
     *
     * @return true for the SNP streams
     */
    public boolean snp() {
        return snp;
    }
}
