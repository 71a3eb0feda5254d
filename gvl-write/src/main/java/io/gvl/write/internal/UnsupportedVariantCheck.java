package io.gvl.write.internal;

import io.gvl.format.VariantTable;
import io.gvl.io.InputFormatException;
import java.nio.file.Path;

/**
 * GVL's whole-file check: a dataset cannot hold multi-allelic, symbolic or breakend records, anywhere in the
 * variant file (not only inside the regions), because their indices would be stored and reconstruction assumes
 * atomized bi-allelic records. One error gives the counts and the first offending record.
 */
final class UnsupportedVariantCheck {
    private UnsupportedVariantCheck() {
    }

    static void check(VariantTable table, Path source) {
        String[] alt = table.alt();
        String[] chrom = table.chrom();
        long[] pos = table.pos();
        long multi = 0;
        long symbolic = 0;
        long breakend = 0;
        String first = null;
        for (int i = 0; i < alt.length; i++) {
            String a = alt[i];
            boolean bad = true;
            if (a.indexOf(',') >= 0) {
                multi++;
            } else if (a.startsWith("<")) {
                symbolic++;
            } else if (breakend(a)) {
                breakend++;
            } else {
                bad = false;
            }
            if (bad && first == null) {
                first = "record " + (i + 1) + " (" + chrom[i] + ":" + pos[i] + " " + table.ref()[i] + ">" + a + ")";
            }
        }
        if (first != null) {
            throw new InputFormatException(source, first, "the file contains unsupported variants: " + multi
                    + " multi-allelic, " + symbolic + " symbolic (e.g. <DEL>/<INS>), " + breakend + " breakend.",
                    "normalize it to bi-allelic, left-aligned, atomized records and drop symbolic ALTs, e.g. "
                    + "`bcftools norm -f ref.fa -a --atom-overlaps . -m -any --multi-overlaps . in.vcf.gz | "
                    + "bcftools view -e 'ALT~\"<\"' -Oz -o out.vcf.gz`.");
        }
    }

    /** A breakend ALT: a bracket anywhere, or a single breakend's dot next to a base ({@code .A}, {@code A.}). */
    static boolean breakend(String a) {
        int n = a.length();
        if (a.indexOf('[') >= 0 || a.indexOf(']') >= 0) {
            return true;
        }
        return n >= 2 && (a.charAt(0) == '.' && letter(a.charAt(1))
                || a.charAt(n - 1) == '.' && letter(a.charAt(n - 2)));
    }

    private static boolean letter(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z';
    }
}
