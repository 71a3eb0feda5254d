package io.gvl.format.io;

import io.gvl.format.ArrowTable;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.VariantTable;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntLinkedOpenHashMap;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code genotypes/variants.arrow} in the shape GVL's own writer gives it, so Python sees the same column
 * types from either writer: columns {@code ALT, CHROM, POS, REF, ILEN} in that order, then INFO columns;
 * {@code CHROM} dictionary-encoded (unsigned 8/16/32-bit codes, the narrowest that fits, contigs in order of
 * first appearance), {@code POS} Int32, {@code ILEN} a LargeList of Int32 (one element per record), and every
 * buffer zstd-compressed. String columns are plain Utf8 (GVL's writer uses Utf8View; readers give both the same
 * string type). The bytes are not GVL's: its IPC writer lays out metadata differently (see docs/differences.md).
 */
public final class VariantTableFile {
    private static final long DICTIONARY_ID = 0;

    private VariantTableFile() {
    }

    /**
     * Reads {@code variants.arrow} batch by batch.
     *
     * @param file a {@code variants.arrow} file (gvl, genoray VCF or PGEN layout)
     * @return the table, copied onto the heap
     * @throws DatasetFormatException if the file is unreadable or lacks {@code CHROM}, {@code POS}, {@code REF} or
     *     {@code ALT}
     */
    public static VariantTable read(Path file) {
        List<String> chrom = new ArrayList<>();
        LongArrayList pos = new LongArrayList();
        List<String> ref = new ArrayList<>();
        List<String> alt = new ArrayList<>();
        IntArrayList ilen = new IntArrayList();
        ArrowIpc.forEachBatch(file, batch -> {
            IpcColumn c = need(batch, "CHROM", file);
            IpcColumn p = need(batch, "POS", file);
            IpcColumn r = need(batch, "REF", file);
            IpcColumn a = need(batch, "ALT", file);
            IpcColumn il = batch.column("ILEN");
            IpcColumn.Ints intPos = p instanceof IpcColumn.Ints i && (i.type() == ArrowTable.ColumnType.INT32
                    || i.type() == ArrowTable.ColumnType.INT64) ? i : null;
            for (int i = 0; i < batch.rows(); i++) {
                int row = pos.size();
                chrom.add(text(c, i, "CHROM", row, file));
                if (intPos != null && !intPos.isNull(i)) {
                    pos.add(intPos.longValue(i));
                } else {
                    Object pv = p.get(i);
                    if (!(pv instanceof Integer || pv instanceof Long)) {
                        throw new DatasetFormatException(file + ": POS row " + row + " is " + pv
                                + "; expected an integer");
                    }
                    pos.add(((Number) pv).longValue());
                }
                String rv = text(r, i, "REF", row, file);
                String av = text(a, i, "ALT", row, file);
                ref.add(rv);
                alt.add(av);
                if (il == null) {
                    ilen.add(utf8Length(av) - utf8Length(rv));
                } else {
                    ilen.add(firstInt(il, i));
                }
            }
        });
        return new VariantTable(chrom.toArray(String[]::new), pos.toLongArray(), ref.toArray(String[]::new),
                alt.toArray(String[]::new), ilen.toIntArray());
    }

    /**
     * The top-level numeric columns of {@code file} other than {@code POS} and {@code ILEN}, in file order, with
     * their types; read from the schema only (no record batch is loaded).
     *
     * @param file a {@code variants.arrow} file
     * @return column name to type, in file order
     * @throws DatasetFormatException if the file cannot be read
     */
    public static Map<String, ArrowTable.ColumnType> numericColumns(Path file) {
        Map<String, ArrowTable.ColumnType> out = new LinkedHashMap<>();
        for (IpcFile.SchemaField f : IpcFile.schema(file)) {
            ArrowTable.ColumnType t = numericType(f);
            if (t != null && !VariantTable.CORE_COLUMNS.contains(f.name())) {
                out.put(f.name(), t);
            }
        }
        return out;
    }

    /**
     * Whether the table stores {@code POS} as a 64-bit integer (genoray's PGEN index does; its VCF index and gvl's
     * writer use 32 bits). GenVarLoader's variant {@code start} output takes that width.
     *
     * @param file a {@code variants.arrow} file
     * @return {@code true} for a 64-bit {@code POS} column
     * @throws DatasetFormatException if the file is unreadable
     */
    public static boolean int64Positions(Path file) {
        for (IpcFile.SchemaField f : IpcFile.schema(file)) {
            if (f.name().equals("POS")) {
                return f.type() == ArrowTable.ColumnType.INT64 || f.type() == ArrowTable.ColumnType.UINT64;
            }
        }
        return false;
    }

    /** How {@link #readNumeric} stores a column: narrow integers and signed 32-bit as int32, wider as int64. */
    private static ArrowTable.ColumnType numericType(IpcFile.SchemaField f) {
        if (f.dictionary()) {
            return null;
        }
        return switch (f.type()) {
            case INT8, INT16, UINT8, UINT16, INT32 -> ArrowTable.ColumnType.INT32;
            case UINT32, INT64, UINT64 -> ArrowTable.ColumnType.INT64;
            case FLOAT32, FLOAT64 -> f.type();
            default -> null;
        };
    }

    /**
     * Decodes the numeric column {@code name} (one of {@link #numericColumns}). Integers of 8 to 32 bits become
     * {@link VariantTable.NumericColumn.Int32}, wider or unsigned 32-bit ones {@link VariantTable.NumericColumn.Int64};
     * nulls become 0 or NaN.
     *
     * @param file a {@code variants.arrow} file
     * @param name a column listed by {@link #numericColumns}
     * @return the decoded column
     * @throws DatasetFormatException if there is no numeric column of that name
     */
    public static VariantTable.NumericColumn readNumeric(Path file, String name) {
        ArrowTable.ColumnType type = numericColumns(file).get(name);
        if (type == null) {
            throw new DatasetFormatException(file + ": has no numeric column '" + name + "' (numeric columns: "
                    + numericColumns(file).keySet() + ")");
        }
        List<Number> values = new ArrayList<>();
        ArrowIpc.forEachBatch(file, batch -> {
            IpcColumn v = batch.column(name);
            for (int i = 0; i < batch.rows(); i++) {
                values.add((Number) v.get(i));
            }
        });
        int n = values.size();
        return switch (type) {
            case INT32 -> {
                int[] a = new int[n];
                Arrays.setAll(a, i -> values.get(i) == null ? 0 : values.get(i).intValue());
                yield new VariantTable.NumericColumn.Int32(name, a);
            }
            case FLOAT32 -> {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = values.get(i) == null ? Float.NaN : values.get(i).floatValue();
                }
                yield new VariantTable.NumericColumn.Float32(name, a);
            }
            case FLOAT64 -> {
                double[] a = new double[n];
                Arrays.setAll(a, i -> values.get(i) == null ? Double.NaN : values.get(i).doubleValue());
                yield new VariantTable.NumericColumn.Float64(name, a);
            }
            default -> {
                long[] a = new long[n];
                Arrays.setAll(a, i -> values.get(i) == null ? 0 : values.get(i).longValue());
                yield new VariantTable.NumericColumn.Int64(name, a);
            }
        };
    }

    /**
     * Writes the table as GVL's writer shapes it; see the class comment.
     *
     * @param table the table
     * @param file the destination, replaced if it exists
     */
    public static void write(VariantTable table, Path file) {
        write(table, file, List.of());
    }

    /**
     * {@link #write(VariantTable, Path)} plus per-variant numeric columns after {@code ILEN} (GVL reads every top-level
     * numeric column as a {@code var_field}); a NaN float is written as null, as polars writes a missing INFO value.
     *
     * @param table the table
     * @param file the destination, replaced if it exists
     * @param extra numeric columns with one value per variant, written after {@code ILEN} in list order
     * @throws IllegalArgumentException if a column has the wrong length or the name of a core column
     */
    public static void write(VariantTable table, Path file, List<VariantTable.NumericColumn> extra) {
        for (VariantTable.NumericColumn col : extra) {
            if (col.size() != table.size() || VariantTable.CORE_COLUMNS.contains(col.name())) {
                throw new IllegalArgumentException("column " + col.name() + " has " + col.size() + " rows for "
                        + table.size() + " variants, or clashes with a core column");
            }
        }
        writeArrow(table, extra, file);
    }

    /**
     * GVL's fingerprint of a file: BLAKE2b-512 (hex) of its first MiB, and its size.
     *
     * @param file the variant table file
     * @return the fingerprint
     * @throws DatasetFormatException if the file is missing or cannot be read
     */
    public static DatasetMetadata.VariantsFingerprint fingerprint(Path file) {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
            long size = ch.size();
            int n = (int) Math.min(DatasetMetadata.VariantsFingerprint.MAX_HASHED, size);
            java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(n);
            while (buf.hasRemaining() && ch.read(buf) >= 0) {
                // read until the prefix is complete
            }
            byte[] digest = Blake2b.digest512(buf.array(), buf.position());
            return new DatasetMetadata.VariantsFingerprint("blake2b", buf.position(),
                    java.util.HexFormat.of().formatHex(digest), size);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new DatasetFormatException(file + ": required file is missing (needed to check"
                    + " variants_fingerprint)", e);
        } catch (java.io.IOException e) {
            throw new DatasetFormatException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
    }
    private static IpcColumn need(IpcFile.Batch batch, String name, Path file) {
        IpcColumn v = batch.column(name);
        if (v == null) {
            throw new DatasetFormatException(file + ": required column '" + name + "' is missing (columns: "
                    + batch.columns().stream().map(IpcColumn::name).toList() + ")");
        }
        return v;
    }

    /** The first element of an {@code ILEN} cell (a list of integers, or an integer), 0 when empty or null. */
    private static int firstInt(IpcColumn c, int i) {
        if (c instanceof IpcColumn.Lists l && l.child() instanceof IpcColumn.Ints ints && !l.isNull(i)) {
            long from = l.start(i);
            return l.end(i) == from || ints.isNull((int) from) ? 0 : (int) ints.longValue((int) from);
        }
        Object v = first(c.get(i));
        return v == null ? 0 : ((Number) v).intValue();
    }

    private static Object first(Object v) {
        if (v instanceof List<?> l) {
            return l.isEmpty() ? null : l.getFirst();
        }
        return v;
    }

    /** Cell {@code i} of a string column, or the first element of a list-of-strings cell (genoray's ALT). */
    private static String text(IpcColumn c, int i, String column, int row, Path file) {
        Object v = c.type() == ArrowTable.ColumnType.STRING ? c.string(i) : first(c.get(i));
        if (v instanceof String s) {
            return s;
        }
        throw new DatasetFormatException(file + ": " + column + " row " + row + " is " + v + "; expected text");
    }

    private static int utf8Length(String s) {
        return s.length() == 1 && s.charAt(0) < 0x80 ? 1 : s.getBytes(StandardCharsets.UTF_8).length;
    }

    private static void writeArrow(VariantTable table, List<VariantTable.NumericColumn> extra, Path file) {
        int n = table.size();
        String[] chrom = table.chrom();
        long[] pos = table.pos();
        Object2IntLinkedOpenHashMap<String> codes = new Object2IntLinkedOpenHashMap<>();
        int[] chromCodes = new int[n];
        for (int i = 0; i < n; i++) {
            codes.putIfAbsent(chrom[i], codes.size());
            chromCodes[i] = codes.getInt(chrom[i]);
        }
        for (int i = 0; i < n; i++) {
            if (pos[i] < Integer.MIN_VALUE || pos[i] > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(file + ": variant " + i + " has POS " + pos[i]
                        + ", beyond the int32 POS column GVL's format stores");
            }
        }
        int codeBits = codes.size() <= 256 ? 8 : codes.size() <= 65_536 ? 16 : 32;
        int[] pos32 = new int[n];
        for (int i = 0; i < n; i++) {
            pos32[i] = (int) pos[i];
        }
        try (IpcWriter w = new IpcWriter(true)) {
            w.strings("ALT", table.alt());
            w.dictionaryStrings("CHROM", DICTIONARY_ID, true, codeBits, codes.keySet().toArray(String[]::new),
                    chromCodes);
            w.ints("POS", pos32);
            w.strings("REF", table.ref());
            w.singletonIntLists("ILEN", table.ilen());
            for (VariantTable.NumericColumn c : extra) {
                numeric(w, c);
            }
            w.write(n, file);
        }
    }

    private static void numeric(IpcWriter w, VariantTable.NumericColumn c) {
        int n = c.size();
        switch (c) {
            case VariantTable.NumericColumn.Int32 x -> w.ints(x.name(), x.values());
            case VariantTable.NumericColumn.Int64 x -> w.ints(x.name(), 64, true, x.values(), null);
            case VariantTable.NumericColumn.Float32 x -> {
                boolean[] nulls = new boolean[n];
                long[] raw = new long[n];
                for (int i = 0; i < n; i++) {
                    nulls[i] = Float.isNaN(x.values()[i]);
                    raw[i] = nulls[i] ? 0 : Float.floatToRawIntBits(x.values()[i]) & 0xFFFF_FFFFL;
                }
                w.floats(x.name(), 32, raw, nulls);
            }
            case VariantTable.NumericColumn.Float64 x -> {
                boolean[] nulls = new boolean[n];
                long[] raw = new long[n];
                for (int i = 0; i < n; i++) {
                    nulls[i] = Double.isNaN(x.values()[i]);
                    raw[i] = nulls[i] ? 0 : Double.doubleToRawLongBits(x.values()[i]);
                }
                w.floats(x.name(), 64, raw, nulls);
            }
        }
    }
}
