package io.gvl.write;

import io.gvl.write.spec.WriteException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses memory budgets the way GVL's {@code max_mem} strings read: digits plus an optional unit, case-insensitive;
 * {@code k m g t p e} and {@code kib mib ...} are powers of 1024, {@code kb mb ...} powers of 1000, no unit (or
 * {@code b}) is bytes. Examples: {@code 4g} = 4 GiB, {@code 500mb} = 500,000,000 bytes.
 */
public final class MemorySize {
    private static final Pattern FORM = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*([a-z]*)\\s*");
    private static final String UNITS = "kmgtpe";

    private MemorySize() {
    }

    /**
     * Bytes denoted by {@code text}; a malformed text is a {@link WriteException}.
     *
     * @param text a size such as {@code 4g}, {@code 512m} or a byte count
     * @return the size in bytes
     * @throws WriteException if the text is not a size
     */
    public static long parse(String text) {
        Matcher m = FORM.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new WriteException("memory size '" + text + "' is not a number with an optional unit.",
                    "write it like 4g, 512m, 500mb or 1073741824.");
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2);
        double scale;
        if (unit.isEmpty() || unit.equals("b")) {
            scale = 1;
        } else {
            int power = UNITS.indexOf(unit.charAt(0)) + 1;
            boolean ok = power > 0 && (unit.length() == 1 || unit.equals(unit.charAt(0) + "ib")
                    || unit.equals(unit.charAt(0) + "b"));
            if (!ok) {
                throw new WriteException("memory size '" + text + "' has an unknown unit '" + unit + "'.",
                        "use one of k, m, g, t (powers of 1024), kib..., or kb, mb, gb (powers of 1000).");
            }
            scale = Math.pow(unit.equals(unit.charAt(0) + "b") ? 1000 : 1024, power);
        }
        double bytes = n * scale;
        if (bytes >= Long.MAX_VALUE) {
            throw new WriteException("memory size '" + text + "' is too large.", "give a smaller budget.");
        }
        return (long) bytes;
    }
}
