package io.gvl.format;

import java.util.Comparator;

/**
 * Python's {@code str} ordering (code point by code point), which GVL uses for sample names and which differs from
 * {@link String#compareTo} (UTF-16 units) above U+FFFF. Datasets store samples sorted this way.
 */
public final class PythonStrings {
    /** Python's {@code sorted()} order for strings. */
    public static final Comparator<String> ORDER = PythonStrings::compare;

    private PythonStrings() {
    }

    /**
     * Compares two strings by Unicode code point, as Python does.
     *
     * @param a a string
     * @param b another string
     * @return negative, zero or positive as {@code a} sorts before, with, or after {@code b}
     */
    public static int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }
}
