package io.gvl.io.variant;

/**
 * Counts of records GVL cannot use, over a whole file (GVL checks the whole variant index, not only the
 * queried regions), with the first example of each kind for the error message.
 *
 * @param multiallelic records with more than one ALT
 * @param symbolic records with a symbolic ALT such as {@code <DEL>}
 * @param breakend records with a breakend ALT
 * @param firstExample the first such record, as {@code contig:pos REF>ALT}, or {@code null} if none
 */
public record UnsupportedVariants(long multiallelic, long symbolic, long breakend, String firstExample) {
    /**
     * The number of unusable records of any kind.
     *
     * @return the sum of the three counts
     */
    public long total() {
        return multiallelic + symbolic + breakend;
    }
}
