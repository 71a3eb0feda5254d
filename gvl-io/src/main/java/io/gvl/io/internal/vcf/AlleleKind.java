package io.gvl.io.internal.vcf;

import java.util.regex.Pattern;

/** GVL's classification of an ALT column: what {@code _reject_unsupported_variants} rejects, and why. */
public enum AlleleKind {
    SUPPORTED,
    /** {@code .}: no alternate allele, so no haplotype can change; such records are skipped. */
    NO_ALT,
    MULTIALLELIC,
    SYMBOLIC,
    BREAKEND;

    private static final Pattern BREAKEND_ALT = Pattern.compile("[\\[\\]]|^\\.[A-Za-z]|[A-Za-z]\\.$");

    public static AlleleKind of(String alt) {
        if (alt.equals(".")) {
            return NO_ALT;
        }
        if (alt.indexOf(',') >= 0) {
            return MULTIALLELIC;
        }
        if (alt.startsWith("<")) {
            return SYMBOLIC;
        }
        if (BREAKEND_ALT.matcher(alt).find()) {
            return BREAKEND;
        }
        return SUPPORTED;
    }
}
