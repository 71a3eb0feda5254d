package io.gvl.io.vcf;

/**
 * Counts of records GVL cannot use, over a whole file (GVL checks the whole variant index, not only the
 * queried regions), with the first example of each kind for the error message.
 */
public record UnsupportedVariants(long multiallelic, long symbolic, long breakend, String firstExample) {
    public long total() {
        return multiallelic + symbolic + breakend;
    }
}
