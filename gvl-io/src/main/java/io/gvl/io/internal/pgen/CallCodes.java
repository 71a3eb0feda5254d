package io.gvl.io.internal.pgen;

/**
 * One byte per sample after decoding a record: the four PLINK 2 hardcall categories, with a het split into
 * unphased, phased with ALT on the second haplotype ({@code 0|1}) and phased with ALT on the first ({@code 1|0}).
 */
public final class CallCodes {
    public static final byte HOM_REF = 0;
    public static final byte HET = 1;
    public static final byte HOM_ALT = 2;
    public static final byte MISSING = 3;
    /** Phased het, REF on the first haplotype: {@code 0|1}. */
    public static final byte PHASED_0_1 = 4;
    /** Phased het, ALT on the first haplotype: {@code 1|0}. */
    public static final byte PHASED_1_0 = 5;

    private CallCodes() {
    }
}
