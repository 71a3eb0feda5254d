package io.gvl.write.internal;

import io.gvl.format.ArrowTable.ColumnType;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The type a BED column that seqpro does not name gets when a user reads the file with polars (GVL's idiom for
 * region tables with extra columns): Int64 when every value is an integer, else Float64 when every value is a
 * number in polars' float syntax, else Boolean when every value is {@code true}/{@code false} (any case), else
 * text. Nulls ({@code .}) do not vote; a column of nulls only is text. Integers beyond Int64 (polars: Int128)
 * stay text.
 */
final class InferredColumnType {
    private static final Pattern INTEGER = Pattern.compile("-?\\d+");
    private static final Pattern FLOAT = Pattern.compile(
            "[-+]?((\\d*\\.\\d+)([eE][-+]?\\d+)?|inf|NaN|\\d+[eE][-+]?\\d+|\\d+\\.)");

    private InferredColumnType() {
    }

    static ColumnType of(List<String> values) {
        boolean any = false;
        boolean integers = true;
        boolean floats = true;
        boolean booleans = true;
        for (String v : values) {
            if (v == null) {
                continue;
            }
            any = true;
            boolean integer = INTEGER.matcher(v).matches() && fitsLong(v);
            integers &= integer;
            floats &= integer || FLOAT.matcher(v).matches();
            booleans &= v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false");
            if (!integers && !floats && !booleans) {
                return ColumnType.STRING;
            }
        }
        if (!any) {
            return ColumnType.STRING;
        }
        return integers ? ColumnType.INT64 : floats ? ColumnType.FLOAT64 : booleans ? ColumnType.BOOL : ColumnType.STRING;
    }

    /** The value of {@code text} in a column of {@code type} (never called for nulls or text). */
    static Object parse(String text, ColumnType type) {
        return switch (type) {
            case INT64, UINT64 -> Long.parseLong(text);
            case FLOAT64 -> parseFloat(text);
            case BOOL -> Boolean.parseBoolean(text.toLowerCase(java.util.Locale.ROOT));
            default -> text;
        };
    }

    private static double parseFloat(String text) {
        String t = text.startsWith("+") ? text.substring(1) : text;
        return switch (t) {
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            case "NaN", "-NaN" -> Double.NaN;
            default -> Double.parseDouble(t);
        };
    }

    private static boolean fitsLong(String v) {
        try {
            Long.parseLong(v);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
