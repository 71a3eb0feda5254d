package io.gvl.format.io;

import io.gvl.format.ArrowTable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One column of one Arrow record batch, as the dataset readers consume it: a name, the {@link ArrowTable.ColumnType}
 * of its values, a row count and each cell as a plain Java value. The values follow Arrow Java's vectors exactly
 * (signed integers as Byte/Short/Integer/Long, unsigned 8/16/32-bit widened to Short/Integer/Long, unsigned 64-bit
 * as a signed Long, Float/Double, Boolean, String, {@link List} for every list kind, {@link Map} for a struct, null
 * for a null cell), so a file reads the same through {@link IpcFile} or through Arrow Java ({@link ArrowIpc}'s
 * fallback). Buffers are little-endian views of the mapped file or of a decompressed copy; every access is bounds
 * checked by the buffer, so a damaged file fails with an exception the readers turn into a
 * {@link io.gvl.format.DatasetFormatException}.
 */
interface IpcColumn {

    /**
     * The column's field name.
     *
     * @return the name
     */
    String name();

    /**
     * The type of the column's values (of the dictionary's values for a dictionary-encoded column).
     *
     * @return the type
     */
    ArrowTable.ColumnType type();

    /**
     * Rows in this batch.
     *
     * @return the row count
     */
    int length();

    /**
     * Whether cell {@code i} is null.
     *
     * @param i the row
     * @return {@code true} for a null cell
     */
    boolean isNull(int i);

    /**
     * Cell {@code i} as a plain Java value (see the interface comment), or null.
     *
     * @param i the row
     * @return the value
     */
    Object get(int i);

    /**
     * Cell {@code i} as a string when the column holds strings; other columns give {@link #get}'s value as text.
     * Dictionary-encoded columns return one shared instance per dictionary entry.
     *
     * @param i the row
     * @return the string, or null for a null cell
     */
    default String string(int i) {
        Object v = get(i);
        return v == null ? null : v.toString();
    }

    /**
     * Checks a row index against the batch's row count. Buffer sizes are checked against the row count when a batch
     * is loaded, so a row in range addresses bytes inside its buffers.
     */
    private static int row(int i, int length, String name) {
        if (i < 0 || i >= length) {
            throw new IndexOutOfBoundsException("row " + i + " of " + length + " in column " + name);
        }
        return i;
    }

    /** The validity bitmap of an Arrow array: an empty buffer means no nulls. */
    record Validity(ByteBuffer bits, long nullCount) {
        boolean isNull(int i) {
            if (nullCount == 0 || bits.limit() == 0) {
                return false;
            }
            return (bits.get(i >>> 3) & (1 << (i & 7))) == 0;
        }
    }

    /** A column whose nulls are those of its {@link Validity} bitmap. */
    interface WithValidity extends IpcColumn {
        /**
         * The column's validity bitmap.
         *
         * @return the bitmap
         */
        Validity validity();

        @Override
        default boolean isNull(int i) {
            return validity().isNull(row(i, length(), name()));
        }
    }

    /** A column of strings, each cell read by {@link #string}. */
    interface StringColumn extends WithValidity {
        @Override
        default ArrowTable.ColumnType type() {
            return ArrowTable.ColumnType.STRING;
        }

        @Override
        default Object get(int i) {
            return string(i);
        }

        @Override
        String string(int i);
    }

    /** A column of a file without record batches: its name and type, no rows. */
    record Empty(String name, ArrowTable.ColumnType type) implements IpcColumn {
        @Override
        public int length() {
            return 0;
        }

        @Override
        public boolean isNull(int i) {
            return row(i, 0, name) < 0;
        }

        @Override
        public Object get(int i) {
            return row(i, 0, name);
        }
    }

    /** Fixed-width integers of 8, 16, 32 or 64 bits. */
    record Ints(String name, int length, Validity validity, ByteBuffer data, int bits, boolean signed)
            implements WithValidity {
        @Override
        public ArrowTable.ColumnType type() {
            return typeOf(bits, signed);
        }

        /** The column type of integers of {@code bits} bits (8, 16, 32, otherwise 64). */
        static ArrowTable.ColumnType typeOf(int bits, boolean signed) {
            return switch (bits) {
                case 8 -> signed ? ArrowTable.ColumnType.INT8 : ArrowTable.ColumnType.UINT8;
                case 16 -> signed ? ArrowTable.ColumnType.INT16 : ArrowTable.ColumnType.UINT16;
                case 32 -> signed ? ArrowTable.ColumnType.INT32 : ArrowTable.ColumnType.UINT32;
                default -> signed ? ArrowTable.ColumnType.INT64 : ArrowTable.ColumnType.UINT64;
            };
        }

        /**
         * Cell {@code i} as a long: signed widths sign-extend, unsigned ones zero-extend (64-bit unsigned keeps its
         * bits, as Arrow Java's dictionary index does).
         *
         * @param i the row
         * @return the value
         */
        long longValue(int i) {
            row(i, length, name);
            return switch (bits) {
                case 8 -> signed ? data.get(i) : data.get(i) & 0xFFL;
                case 16 -> signed ? data.getShort(i * 2) : data.getShort(i * 2) & 0xFFFFL;
                case 32 -> signed ? data.getInt(i * 4) : data.getInt(i * 4) & 0xFFFF_FFFFL;
                default -> data.getLong(i * 8);
            };
        }

        @Override
        public Object get(int i) {
            if (isNull(i)) {
                return null;
            }
            long v = longValue(i);
            return switch (bits) {
                case 8 -> signed ? (Object) (byte) v : (Object) (short) v;
                case 16 -> signed ? (Object) (short) v : (Object) (int) v;
                case 32 -> signed ? (Object) (int) v : (Object) v;
                default -> v;
            };
        }
    }

    /** 32- or 64-bit floating point. */
    record Floats(String name, int length, Validity validity, ByteBuffer data, boolean doubles)
            implements WithValidity {
        @Override
        public ArrowTable.ColumnType type() {
            return doubles ? ArrowTable.ColumnType.FLOAT64 : ArrowTable.ColumnType.FLOAT32;
        }

        @Override
        public Object get(int i) {
            if (isNull(i)) {
                return null;
            }
            return doubles ? (Object) data.getDouble(i * 8) : (Object) data.getFloat(i * 4);
        }
    }

    /** Bit-packed booleans. */
    record Bools(String name, int length, Validity validity, ByteBuffer data) implements WithValidity {
        @Override
        public ArrowTable.ColumnType type() {
            return ArrowTable.ColumnType.BOOL;
        }

        @Override
        public Object get(int i) {
            if (isNull(i)) {
                return null;
            }
            return (data.get(i >>> 3) & (1 << (i & 7))) != 0;
        }
    }

    /** UTF-8 strings with 32-bit ({@code Utf8}) or 64-bit ({@code LargeUtf8}) offsets. */
    record Strings(String name, int length, Validity validity, ByteBuffer offsets, boolean large, ByteBuffer data)
            implements StringColumn {
        @Override
        public String string(int i) {
            if (isNull(i)) {
                return null;
            }
            long from = large ? offsets.getLong(i * 8) : offsets.getInt(i * 4);
            long to = large ? offsets.getLong((i + 1) * 8) : offsets.getInt((i + 1) * 4);
            return Utf8.decode(data, from, to, name);
        }
    }

    /**
     * {@code Utf8View} strings: a 16-byte view per cell, holding up to 12 bytes inline or pointing into one of the
     * batch's variadic data buffers.
     */
    record Views(String name, int length, Validity validity, ByteBuffer views, List<ByteBuffer> data)
            implements StringColumn {
        @Override
        public String string(int i) {
            if (isNull(i)) {
                return null;
            }
            int at = i * 16;
            int len = views.getInt(at);
            if (len < 0) {
                throw new IllegalArgumentException("column " + name + " row " + i + " has a negative length");
            }
            if (len <= 12) {
                return Utf8.decode(views, at + 4L, at + 4L + len, name);
            }
            int buffer = views.getInt(at + 8);
            long offset = views.getInt(at + 12) & 0xFFFF_FFFFL;
            if (buffer < 0 || buffer >= data.size()) {
                throw new IllegalArgumentException("column " + name + " row " + i + " points to data buffer "
                        + buffer + " of " + data.size());
            }
            return Utf8.decode(data.get(buffer), offset, offset + len, name);
        }
    }

    /** {@code List}, {@code LargeList} and {@code FixedSizeList}: cells are slices of one child column. */
    record Lists(String name, int length, Validity validity, ByteBuffer offsets, int offsetBytes, int fixedSize,
                 IpcColumn child) implements WithValidity {
        @Override
        public ArrowTable.ColumnType type() {
            return ArrowTable.ColumnType.NESTED;
        }

        /**
         * The first child row of cell {@code i} (a non-null cell).
         *
         * @param i the row
         * @return the child row where the cell's elements start
         */
        long start(int i) {
            return offsetBytes == 0 ? (long) i * fixedSize
                    : offsetBytes == 8 ? offsets.getLong(i * 8) : offsets.getInt(i * 4);
        }

        /**
         * The child row after the last element of cell {@code i}, checked against the child column.
         *
         * @param i the row
         * @return the end (exclusive)
         * @throws IllegalArgumentException if the offsets of the cell lie outside the child column
         */
        long end(int i) {
            long from = start(i);
            long to = offsetBytes == 0 ? from + fixedSize
                    : offsetBytes == 8 ? offsets.getLong((i + 1) * 8) : offsets.getInt((i + 1) * 4);
            if (from < 0 || to < from || to > child.length()) {
                throw new IllegalArgumentException("list offsets [" + from + ", " + to + ") lie outside the "
                        + child.length() + " values of column " + child.name());
            }
            return to;
        }

        @Override
        public Object get(int i) {
            if (isNull(i)) {
                return null;
            }
            long to = end(i);
            long from = start(i);
            List<Object> out = new ArrayList<>((int) (to - from));
            for (long k = from; k < to; k++) {
                out.add(child.get((int) k));
            }
            return out;
        }
    }

    /** A struct: each cell is a map from child name to the child's cell, in field order. */
    record Struct(String name, int length, Validity validity, List<IpcColumn> children) implements WithValidity {
        @Override
        public ArrowTable.ColumnType type() {
            return ArrowTable.ColumnType.NESTED;
        }

        @Override
        public Object get(int i) {
            if (isNull(i)) {
                return null;
            }
            Map<String, Object> out = new LinkedHashMap<>();
            for (IpcColumn c : children) {
                out.put(c.name(), c.get(i));
            }
            return out;
        }
    }

    /**
     * A dictionary-encoded column: integer codes into the values of a dictionary batch. String cells come from a
     * per-batch cache, one instance per dictionary entry.
     */
    final class Dictionary implements IpcColumn {
        private final Ints codes;
        private final IpcColumn values;
        private final String[] strings;

        Dictionary(Ints codes, IpcColumn values) {
            this.codes = codes;
            this.values = values;
            this.strings = new String[values.length()];
        }

        @Override
        public String name() {
            return codes.name();
        }

        @Override
        public ArrowTable.ColumnType type() {
            return values.type();
        }

        @Override
        public int length() {
            return codes.length();
        }

        @Override
        public boolean isNull(int i) {
            return codes.isNull(i);
        }

        private int code(int i) {
            long code = codes.longValue(i);
            if (code < 0 || code >= values.length()) {
                throw new IllegalStateException("column " + name() + " row " + i + " has dictionary code " + code
                        + " but the dictionary has " + values.length() + " values");
            }
            return (int) code;
        }

        @Override
        public Object get(int i) {
            return isNull(i) ? null : values.get(code(i));
        }

        @Override
        public String string(int i) {
            if (isNull(i)) {
                return null;
            }
            int c = code(i);
            String s = strings[c];
            if (s == null) {
                s = values.string(c);
                strings[c] = s;
            }
            return s;
        }
    }

    /** Strict UTF-8 decoding of a byte range, shared one-byte ASCII strings for single bases. */
    final class Utf8 {
        private static final String[] ASCII = new String[128];

        static {
            for (int c = 0; c < ASCII.length; c++) {
                ASCII[c] = String.valueOf((char) c);
            }
        }

        private Utf8() {
        }

        static String decode(ByteBuffer buf, long from, long to, String column) {
            if (from < 0 || to < from || to > buf.limit()) {
                throw new IllegalArgumentException("column " + column + " has string bytes [" + from + ", " + to
                        + ") outside its " + buf.limit() + "-byte data buffer");
            }
            int len = (int) (to - from);
            if (len == 1) {
                byte b = buf.get((int) from);
                if (b >= 0) {
                    return ASCII[b];
                }
            }
            byte[] bytes = new byte[len];
            buf.get((int) from, bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }
}
