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

    /** {@link #of(String)} of the UTF-8 bytes {@code [from, to)}, without a string when they are plain letters. */
    public static AlleleKind of(byte[] b, int from, int to) {
        boolean letters = to > from;
        for (int i = from; letters && i < to; i++) {
            letters = (b[i] >= 'A' && b[i] <= 'Z') || (b[i] >= 'a' && b[i] <= 'z');
        }
        return letters ? SUPPORTED : of(new String(b, from, to - from, java.nio.charset.StandardCharsets.UTF_8));
    }

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
