package io.gvl.write.internal;

import java.math.BigDecimal;

/**
 * Python's {@code repr(float)}, which {@code json.dumps} writes for a float: the shortest digits that read back as
 * the same double (the digits {@link Double#toString} picks since JDK 19), in positional notation when the decimal
 * exponent is in {@code -4 < e <= 16} (with {@code .0} for an integral value), else as {@code 1.5e-05}.
 */
final class PythonFloat {
    private PythonFloat() {
    }

    static String repr(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == 0) {
            return (1 / d < 0) ? "-0.0" : "0.0";
        }
        String sign = d < 0 ? "-" : "";
        BigDecimal b = new BigDecimal(Double.toString(Math.abs(d))).stripTrailingZeros();
        if (b.precision() == 2) {
            // Java never prints fewer than two significant digits and then takes the closest two-digit decimal
            // (4.9E-324); Python takes the shortest that reads back (5e-324)
            BigDecimal one = b.round(new java.math.MathContext(1, java.math.RoundingMode.HALF_EVEN));
            if (Double.parseDouble(one.toString()) == Math.abs(d)) {
                b = one.stripTrailingZeros();
            }
        }
        String digits = b.unscaledValue().toString();
        int n = digits.length();
        int decpt = n - b.scale();
        if (decpt <= -4 || decpt > 16) {
            int exp = decpt - 1;
            String mantissa = n == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            String e = String.valueOf(Math.abs(exp));
            return sign + mantissa + "e" + (exp < 0 ? "-" : "+") + (e.length() < 2 ? "0" + e : e);
        }
        if (decpt <= 0) {
            return sign + "0." + "0".repeat(-decpt) + digits;
        }
        if (decpt >= n) {
            return sign + digits + "0".repeat(decpt - n) + ".0";
        }
        return sign + digits.substring(0, decpt) + "." + digits.substring(decpt);
    }
}
