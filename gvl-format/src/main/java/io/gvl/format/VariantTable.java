package io.gvl.format;

import io.gvl.format.internal.ArrowIpc;
import io.gvl.format.internal.VariantTableWriter;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The variant table {@code genotypes/variants.arrow} that {@code variant_idxs.npy} indexes (row = variant index),
 * reduced to what reconstruction needs. Reads genoray's VCF index (dictionary CHROM, Int32 POS, zstd, nested INFO,
 * LargeList ILEN) and PGEN index (Utf8 CHROM, Int64 POS, no ILEN) by column name, as GVL does: a list ALT or ILEN
 * is reduced to its first element, a missing ILEN is {@code len(ALT) - len(REF)} in bytes, a null ILEN is 0.
 *
 * <p>Top-level numeric columns other than {@code POS} and {@code ILEN} (INFO fields such as {@code AF}, a PGEN's
 * {@code QUAL}) are per-variant fields that GVL exposes as {@code var_fields}. They are not part of this record:
 * {@link #numericColumns} lists them from the schema alone and {@link #readNumeric} decodes one on demand, so a
 * reader only pays for the fields it uses.
 *
 * @param chrom contig of each variant as the variant source spells it
 * @param pos   POS as stored (1-based for writers >= 0.18.0; see {@link DatasetMetadata#oneBasedPositions()})
 * @param ref   reference allele
 * @param alt   alternative allele (first one)
 * @param ilen  ALT length minus REF length
 */
public record VariantTable(String[] chrom, long[] pos, String[] ref, String[] alt, int[] ilen) {

    /** Checks that the five columns have the same length and copies them. */
    public VariantTable {
        int n = pos.length;
        if (chrom.length != n || ref.length != n || alt.length != n || ilen.length != n) {
            throw new IllegalArgumentException("variant columns differ in length");
        }
        chrom = chrom.clone();
        pos = pos.clone();
        ref = ref.clone();
        alt = alt.clone();
        ilen = ilen.clone();
    }

    /**
     * The number of variants (rows).
     *
     * @return the row count
     */
    public int size() {
        return pos.length;
    }

    /**
     * Contigs of every variant, as a copy.
     *
     * @return a new array
     */
    @Override
    public String[] chrom() {
        return chrom.clone();
    }

    /**
     * POS of every variant, as a copy.
     *
     * @return a new array, 1-based or 0-based as the metadata says
     */
    @Override
    public long[] pos() {
        return pos.clone();
    }

    /**
     * Reference alleles of every variant, as a copy.
     *
     * @return a new array
     */
    @Override
    public String[] ref() {
        return ref.clone();
    }

    /**
     * First alternative allele of every variant, as a copy.
     *
     * @return a new array
     */
    @Override
    public String[] alt() {
        return alt.clone();
    }

    /**
     * ALT length minus REF length of every variant, as a copy.
     *
     * @return a new array; negative for deletions, positive for insertions
     */
    @Override
    public int[] ilen() {
        return ilen.clone();
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
        ArrowIpc.forEachBatch(file, (root, dicts) -> {
            FieldVector c = need(root, "CHROM", file);
            FieldVector p = need(root, "POS", file);
            FieldVector r = need(root, "REF", file);
            FieldVector a = need(root, "ALT", file);
            FieldVector il = root.getVector("ILEN");
            for (int i = 0; i < root.getRowCount(); i++) {
                int row = pos.size();
                chrom.add(text(ArrowIpc.get(c, i, dicts), "CHROM", row, file));
                Object pv = ArrowIpc.get(p, i, dicts);
                if (!(pv instanceof Integer || pv instanceof Long)) {
                    throw new DatasetFormatException(file + ": POS row " + row + " is " + pv
                            + "; expected an integer");
                }
                pos.add(((Number) pv).longValue());
                String rv = text(ArrowIpc.get(r, i, dicts), "REF", row, file);
                String av = text(first(ArrowIpc.get(a, i, dicts)), "ALT", row, file);
                ref.add(rv);
                alt.add(av);
                if (il == null) {
                    ilen.add(utf8Length(av) - utf8Length(rv));
                } else {
                    Object iv = first(ArrowIpc.get(il, i, dicts));
                    ilen.add(iv == null ? 0 : ((Number) iv).intValue());
                }
            }
        });
        return new VariantTable(chrom.toArray(String[]::new), pos.toLongArray(), ref.toArray(String[]::new),
                alt.toArray(String[]::new), ilen.toIntArray());
    }

    /** One per-variant numeric column; missing values are NaN (floating point) or 0 (integers). */
    public sealed interface NumericColumn {
        /**
         * The column name in the Arrow schema.
         *
         * @return the name
         */
        String name();

        /**
         * The number of values.
         *
         * @return the row count
         */
        int size();

        /**
         * A column of 8- to 32-bit signed integers (or 8- and 16-bit unsigned ones), widened to {@code int}.
         *
         * @param name the column name
         * @param values one value per variant; nulls are 0
         */
        record Int32(String name, int[] values) implements NumericColumn {
            @Override
            public int size() {
                return values.length;
            }
        }

        /**
         * A column of 64-bit or unsigned 32-bit integers.
         *
         * @param name the column name
         * @param values one value per variant; nulls are 0
         */
        record Int64(String name, long[] values) implements NumericColumn {
            @Override
            public int size() {
                return values.length;
            }
        }

        /**
         * A column of 32-bit floats.
         *
         * @param name the column name
         * @param values one value per variant; nulls are NaN
         */
        record Float32(String name, float[] values) implements NumericColumn {
            @Override
            public int size() {
                return values.length;
            }
        }

        /**
         * A column of 64-bit floats.
         *
         * @param name the column name
         * @param values one value per variant; nulls are NaN
         */
        record Float64(String name, double[] values) implements NumericColumn {
            @Override
            public int size() {
                return values.length;
            }
        }
    }

    private static final Set<String> CORE = Set.of("CHROM", "POS", "REF", "ALT", "ILEN");

    /**
     * The top-level numeric columns of {@code file} other than {@code POS} and {@code ILEN}, in file order, with
     * their types; read from the schema only (no record batch is loaded).
     *
     * @param file a {@code variants.arrow} file
     * @return column name to type, in file order
     * @throws DatasetFormatException if the file cannot be read
     */
    public static Map<String, ArrowTable.ColumnType> numericColumns(Path file) {
        JvmOptions.requireArrowAccess();
        Map<String, ArrowTable.ColumnType> out = new LinkedHashMap<>();
        try (BufferAllocator alloc = new RootAllocator();
             FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
             ArrowFileReader reader = new ArrowFileReader(ch, alloc, CommonsCompressionFactory.INSTANCE)) {
            for (Field f : reader.getVectorSchemaRoot().getSchema().getFields()) {
                ArrowTable.ColumnType t = numericType(f);
                if (t != null && !CORE.contains(f.getName())) {
                    out.put(f.getName(), t);
                }
            }
        } catch (NoSuchFileException e) {
            throw new DatasetFormatException(file + ": required file is missing", e);
        } catch (IOException | RuntimeException e) {
            throw new DatasetFormatException(file + ": not a readable Arrow IPC file (" + e + ")", e);
        }
        return out;
    }

    private static ArrowTable.ColumnType numericType(Field f) {
        if (f.getDictionary() != null) {
            return null;
        }
        return switch (f.getType()) {
            case ArrowType.Int i -> switch (i.getBitWidth()) {
                case 8, 16 -> ArrowTable.ColumnType.INT32;
                case 32 -> i.getIsSigned() ? ArrowTable.ColumnType.INT32 : ArrowTable.ColumnType.INT64;
                default -> ArrowTable.ColumnType.INT64;
            };
            case ArrowType.FloatingPoint fp -> switch (fp.getPrecision()) {
                case SINGLE -> ArrowTable.ColumnType.FLOAT32;
                case DOUBLE -> ArrowTable.ColumnType.FLOAT64;
                default -> null;
            };
            default -> null;
        };
    }

    /**
     * Decodes the numeric column {@code name} (one of {@link #numericColumns}). Integers of 8 to 32 bits become
     * {@link NumericColumn.Int32}, wider or unsigned 32-bit ones {@link NumericColumn.Int64}; nulls become 0 or NaN.
     *
     * @param file a {@code variants.arrow} file
     * @param name a column listed by {@link #numericColumns}
     * @return the decoded column
     * @throws DatasetFormatException if there is no numeric column of that name
     */
    public static NumericColumn readNumeric(Path file, String name) {
        ArrowTable.ColumnType type = numericColumns(file).get(name);
        if (type == null) {
            throw new DatasetFormatException(file + ": has no numeric column '" + name + "' (numeric columns: "
                    + numericColumns(file).keySet() + ")");
        }
        List<Number> values = new ArrayList<>();
        ArrowIpc.forEachBatch(file, (root, dicts) -> {
            FieldVector v = root.getVector(name);
            for (int i = 0; i < root.getRowCount(); i++) {
                values.add((Number) ArrowIpc.get(v, i, dicts));
            }
        });
        int n = values.size();
        return switch (type) {
            case INT32 -> {
                int[] a = new int[n];
                Arrays.setAll(a, i -> values.get(i) == null ? 0 : values.get(i).intValue());
                yield new NumericColumn.Int32(name, a);
            }
            case FLOAT32 -> {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = values.get(i) == null ? Float.NaN : values.get(i).floatValue();
                }
                yield new NumericColumn.Float32(name, a);
            }
            case FLOAT64 -> {
                double[] a = new double[n];
                Arrays.setAll(a, i -> values.get(i) == null ? Double.NaN : values.get(i).doubleValue());
                yield new NumericColumn.Float64(name, a);
            }
            default -> {
                long[] a = new long[n];
                Arrays.setAll(a, i -> values.get(i) == null ? 0 : values.get(i).longValue());
                yield new NumericColumn.Int64(name, a);
            }
        };
    }

    /**
     * Writes the table as GVL's writer shapes it; see {@link VariantTableWriter}.
     *
     * @param file the destination, replaced if it exists
     */
    public void write(Path file) {
        write(file, List.of());
    }

    /**
     * {@link #write(Path)} plus per-variant numeric columns after {@code ILEN} (GVL reads every top-level numeric
     * column as a {@code var_field}); a NaN float is written as null, as polars writes a missing INFO value.
     *
     * @param file the destination, replaced if it exists
     * @param extra numeric columns with one value per variant, written after {@code ILEN} in list order
     * @throws IllegalArgumentException if a column has the wrong length or the name of a core column
     */
    public void write(Path file, List<NumericColumn> extra) {
        for (NumericColumn col : extra) {
            if (col.size() != size() || CORE.contains(col.name())) {
                throw new IllegalArgumentException("column " + col.name() + " has " + col.size() + " rows for "
                        + size() + " variants, or clashes with a core column");
            }
        }
        VariantTableWriter.write(this, extra, file);
    }

    private static FieldVector need(VectorSchemaRoot root, String name, Path file) {
        FieldVector v = root.getVector(name);
        if (v == null) {
            throw new DatasetFormatException(file + ": required column '" + name + "' is missing (columns: "
                    + root.getSchema().getFields().stream().map(f -> f.getName()).toList() + ")");
        }
        return v;
    }

    private static Object first(Object v) {
        if (v instanceof List<?> l) {
            return l.isEmpty() ? null : l.getFirst();
        }
        return v;
    }

    private static String text(Object v, String column, int row, Path file) {
        if (v instanceof String s) {
            return s;
        }
        throw new DatasetFormatException(file + ": " + column + " row " + row + " is " + v + "; expected text");
    }

    private static int utf8Length(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }
}
