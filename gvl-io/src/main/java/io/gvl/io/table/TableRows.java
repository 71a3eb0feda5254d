package io.gvl.io.table;

import io.gvl.io.InputFormatException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Collects and checks the rows of one table as its reader hands them over, cell values as the format stores them
 * (text, or boxed numbers and strings). Types follow GVL's casts: names to text, coordinates to 32-bit integers,
 * values to 32-bit floats (text is parsed as a 64-bit float first, as polars infers it).
 */
final class TableRows {
    private final Path file;
    private final String unit;
    private final Map<String, String> names = new HashMap<>();
    private int n;
    private long[] record = new long[1024];
    private String[] samples = new String[1024];
    private String[] chroms = new String[1024];
    private int[] starts = new int[1024];
    private int[] ends = new int[1024];
    private float[] values = new float[1024];

    /** @param unit how a record is named in errors: {@code line} for text, {@code row} otherwise */
    TableRows(Path file, String unit) {
        this.file = file;
        this.unit = unit;
    }

    /** Checks and appends one row; {@code sample} is {@code null} when the table has no sample column. */
    void add(long rec, Object sample, Object chrom, Object start, Object end, Object value) {
        if (n == starts.length) {
            int cap = n * 2;
            record = Arrays.copyOf(record, cap);
            samples = Arrays.copyOf(samples, cap);
            chroms = Arrays.copyOf(chroms, cap);
            starts = Arrays.copyOf(starts, cap);
            ends = Arrays.copyOf(ends, cap);
            values = Arrays.copyOf(values, cap);
        }
        String where = unit + " " + rec;
        int s = coordinate(where, IntervalTable.START, start);
        int e = coordinate(where, IntervalTable.END, end);
        if (s < 0) {
            throw new InputFormatException(file, where, "start " + s + " is negative.",
                    "write 0-based, non-negative start coordinates.");
        }
        if (e < s) {
            throw new InputFormatException(file, where, "end " + e + " is before start " + s + ".",
                    "write half-open intervals [start, end) with end >= start.");
        }
        record[n] = rec;
        samples[n] = sample == null ? null : name(where, IntervalTable.SAMPLE, sample);
        chroms[n] = name(where, IntervalTable.CHROM, chrom);
        starts[n] = s;
        ends[n] = e;
        values[n] = value(where, value);
        n++;
    }

    IntervalTable build(TableFormat format, boolean hasSamples) {
        return new IntervalTable(file, format, unit, hasSamples, Arrays.copyOf(record, n),
                hasSamples ? Arrays.copyOf(samples, n) : null, Arrays.copyOf(chroms, n), Arrays.copyOf(starts, n),
                Arrays.copyOf(ends, n), Arrays.copyOf(values, n));
    }

    private String name(String where, String column, Object cell) {
        if (cell == null) {
            throw missing(where, column);
        }
        String text = cell.toString();
        if (text.isEmpty()) {
            throw missing(where, column);
        }
        return names.computeIfAbsent(text, k -> k);
    }

    private int coordinate(String where, String column, Object cell) {
        long v;
        switch (cell) {
            case null -> throw missing(where, column);
            case Integer i -> v = i;
            case Long l -> v = l;
            case Short s -> v = s;
            case Byte b -> v = b;
            case String text -> {
                if (text.isEmpty()) {
                    throw missing(where, column);
                }
                try {
                    v = Long.parseLong(text.strip());
                } catch (NumberFormatException x) {
                    throw new InputFormatException(file, where, column + " '" + text + "' is not an integer.",
                            "write whole-number coordinates in the " + column + " column.", x);
                }
            }
            default -> throw new InputFormatException(file, where, column + " " + cell + " is a "
                    + cell.getClass().getSimpleName() + ", not an integer.",
                    "store the " + column + " column as integers.");
        }
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new InputFormatException(file, where, column + " " + v + " does not fit a 32-bit integer.",
                    "keep coordinates below 2^31 (GVL stores them as int32).");
        }
        return (int) v;
    }

    private float value(String where, Object cell) {
        return switch (cell) {
            case null -> throw new InputFormatException(file, where, "the value is missing (null).",
                    "write a number in the value column of every row (NaN is allowed).");
            case Float f -> f;
            case Number x -> (float) x.doubleValue();
            case String text -> parse(where, text);
            default -> throw new InputFormatException(file, where, "value " + cell + " is a "
                    + cell.getClass().getSimpleName() + ", not a number.", "store the value column as numbers.");
        };
    }

    private float parse(String where, String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            throw new InputFormatException(file, where, "the value is empty.",
                    "write a number in the value column of every row (NaN is allowed).");
        }
        switch (t.toLowerCase(Locale.ROOT)) {
            case "nan", "-nan", "+nan" -> {
                return Float.NaN;
            }
            case "inf", "+inf", "infinity", "+infinity" -> {
                return Float.POSITIVE_INFINITY;
            }
            case "-inf", "-infinity" -> {
                return Float.NEGATIVE_INFINITY;
            }
            default -> {
                try {
                    return (float) Double.parseDouble(t);
                } catch (NumberFormatException x) {
                    throw new InputFormatException(file, where, "value '" + text + "' is not a number.",
                            "write a number in the value column of every row.", x);
                }
            }
        }
    }

    private InputFormatException missing(String where, String column) {
        return new InputFormatException(file, where, "the " + column + " cell is empty.",
                "fill the " + column + " column in every row.");
    }
}
