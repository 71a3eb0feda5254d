package io.gvl.format.io;

import io.gvl.format.ArrowTable;
import io.gvl.format.DatasetFormatException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads any Arrow IPC file of a dataset into an {@link ArrowTable}, and writes one as a file with one uncompressed
 * record batch, plain Utf8 strings and nullable fields, the conservative shape that polars ({@code pl.read_ipc}) and
 * pyarrow both read.
 */
public final class ArrowTableFile {
    private ArrowTableFile() {
    }

    /**
     * Reads every record batch of an Arrow IPC file. Files of the types datasets hold are read without Arrow Java
     * (integers, floats, booleans, strings, lists, structs, dictionaries); others (dates, binary, half floats, ...)
     * through Arrow Java, which needs the JVM options of docs/jvm.md.
     *
     * @param file an Arrow IPC file (not a stream)
     * @return all rows of all batches, concatenated in file order
     * @throws DatasetFormatException if the file is missing or not a readable Arrow IPC file
     * @throws io.gvl.format.MissingJvmOptionException if the file needs Arrow Java and the JVM lacks its options
     */
    public static ArrowTable read(Path file) {
        List<String> names = new ArrayList<>();
        List<ArrowTable.ColumnType> types = new ArrayList<>();
        List<List<Object>> values = new ArrayList<>();
        ArrowIpc.forEachBatch(file, batch -> {
            if (names.isEmpty()) {
                for (IpcColumn c : batch.columns()) {
                    names.add(c.name());
                    types.add(c.type());
                    values.add(new ArrayList<>());
                }
            }
            List<IpcColumn> columns = batch.columns();
            for (int c = 0; c < columns.size(); c++) {
                IpcColumn v = columns.get(c);
                for (int i = 0; i < batch.rows(); i++) {
                    values.get(c).add(v.get(i));
                }
            }
        });
        List<ArrowTable.Column> cols = new ArrayList<>();
        for (int c = 0; c < names.size(); c++) {
            cols.add(new ArrowTable.Column(names.get(c), types.get(c), values.get(c)));
        }
        return new ArrowTable(cols);
    }

    /**
     * Writes one uncompressed record batch (an Arrow IPC file, not a stream). Only scalar columns.
     *
     * @param table the table
     * @param file the destination, replaced if it exists
     * @throws IllegalArgumentException if a column is nested, or a value is not of its column's type
     */
    public static void write(ArrowTable table, Path file) {
        int n = table.rowCount();
        try (IpcWriter w = new IpcWriter(false)) {
            for (ArrowTable.Column c : table.columns()) {
                add(w, c, n);
            }
            w.write(n, file);
        }
    }

    private static void add(IpcWriter w, ArrowTable.Column c, int n) {
        List<Object> v = c.values();
        boolean[] nulls = new boolean[n];
        for (int i = 0; i < n; i++) {
            nulls[i] = v.get(i) == null;
        }
        try {
            switch (c.type()) {
                case STRING -> {
                    String[] s = new String[n];
                    for (int i = 0; i < n; i++) {
                        s[i] = (String) v.get(i);
                    }
                    w.strings(c.name(), s);
                }
                case BOOL -> {
                    boolean[] b = new boolean[n];
                    for (int i = 0; i < n; i++) {
                        b[i] = !nulls[i] && (Boolean) v.get(i);
                    }
                    w.bools(c.name(), b, nulls);
                }
                case INT8, UINT8 -> w.ints(c.name(), 8, c.type() == ArrowTable.ColumnType.INT8, longs(v, nulls), nulls);
                case INT16, UINT16 -> w.ints(c.name(), 16, c.type() == ArrowTable.ColumnType.INT16, longs(v, nulls),
                        nulls);
                case INT32, UINT32 -> w.ints(c.name(), 32, c.type() == ArrowTable.ColumnType.INT32, longs(v, nulls),
                        nulls);
                case INT64, UINT64 -> w.ints(c.name(), 64, c.type() == ArrowTable.ColumnType.INT64, longs(v, nulls),
                        nulls);
                case FLOAT32 -> {
                    long[] raw = new long[n];
                    for (int i = 0; i < n; i++) {
                        raw[i] = nulls[i] ? 0
                                : Float.floatToRawIntBits(((Number) v.get(i)).floatValue()) & 0xFFFF_FFFFL;
                    }
                    w.floats(c.name(), 32, raw, nulls);
                }
                case FLOAT64 -> {
                    long[] raw = new long[n];
                    for (int i = 0; i < n; i++) {
                        raw[i] = nulls[i] ? 0 : Double.doubleToRawLongBits(((Number) v.get(i)).doubleValue());
                    }
                    w.floats(c.name(), 64, raw, nulls);
                }
                case NESTED, OTHER -> throw new IllegalArgumentException("column " + c.name() + " of type "
                        + c.type() + " cannot be written; only scalar columns are supported");
            }
        } catch (ClassCastException e) {
            Object bad = v.stream().filter(x -> x != null && !fits(c.type(), x)).findFirst().orElse(null);
            throw new IllegalArgumentException("column " + c.name() + " (" + c.type() + ") row " + v.indexOf(bad)
                    + " holds a " + (bad == null ? "value of another type" : bad.getClass().getSimpleName()), e);
        }
    }

    private static long[] longs(List<Object> v, boolean[] nulls) {
        long[] out = new long[nulls.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = nulls[i] ? 0 : ((Number) v.get(i)).longValue();
        }
        return out;
    }

    private static boolean fits(ArrowTable.ColumnType type, Object x) {
        return switch (type) {
            case STRING -> x instanceof String;
            case BOOL -> x instanceof Boolean;
            default -> x instanceof Number;
        };
    }
}
