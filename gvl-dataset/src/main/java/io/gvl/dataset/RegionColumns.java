package io.gvl.dataset;

import io.gvl.format.ArrowTable.ColumnType;
import io.gvl.format.ArrowTable;
import io.gvl.format.InputRegions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Every column of the BED a dataset was written from ({@code input_regions.arrow}), rows in a view's region order:
 * GVL's {@code ds.regions} table. Columns keep the types the dataset stores (coordinates Int64, {@code score} Float64,
 * extra columns as inferred at write time, e.g. an exon number Int64 and a split label text). Immutable; it holds the
 * values on the heap, apart from the dataset, so it outlives {@link Dataset#close()}.
 *
 * <p>Typical use is a split: {@code ds.subsetToRegions(ds.regionColumns().mask("split", "train"::equals))}.
 */
public final class RegionColumns {
    private static final java.util.Set<ColumnType> INTEGERS = java.util.EnumSet.of(ColumnType.INT8, ColumnType.INT16,
            ColumnType.INT32, ColumnType.INT64, ColumnType.UINT8, ColumnType.UINT16, ColumnType.UINT32,
            ColumnType.UINT64);
    private static final java.util.Set<ColumnType> NUMBERS = java.util.EnumSet.of(ColumnType.FLOAT32,
            ColumnType.FLOAT64, ColumnType.INT8, ColumnType.INT16, ColumnType.INT32, ColumnType.INT64, ColumnType.UINT8,
            ColumnType.UINT16, ColumnType.UINT32, ColumnType.UINT64);

    private final Map<String, ArrowTable.Column> columns;
    private final int[] rows;

    RegionColumns(ArrowTable table, int[] rows) {
        Map<String, ArrowTable.Column> byName = new LinkedHashMap<>();
        for (ArrowTable.Column c : table.columns()) {
            if (!c.name().equals(InputRegions.MAP_COLUMN)) {
                byName.put(c.name(), c);
            }
        }
        this.columns = Collections.unmodifiableMap(byName);
        this.rows = rows;
    }

    /**
     * Number of rows (the view's regions).
     *
     * @return the number of rows
     */
    public int size() {
        return rows.length;
    }

    /**
     * Column names in file order ({@code chrom}, {@code chromStart}, {@code chromEnd}, then the BED's others).
     *
     * @return the column names
     */
    public List<String> columnNames() {
        return List.copyOf(columns.keySet());
    }

    /**
     * Whether the table has a column of that name.
     *
     * @param column a column name
     * @return whether it exists
     */
    public boolean has(String column) {
        return columns.containsKey(column);
    }

    /**
     * The stored type of {@code column}.
     *
     * @param column a column name
     * @return its stored type
     * @throws IllegalArgumentException when there is no such column
     */
    public ColumnType type(String column) {
        return column(column).type();
    }

    /**
     * The values of {@code column} in view order: {@code String}, {@code Long}, {@code Double}, {@code Boolean} (and
     * the other boxed types {@link ArrowTable.Column} lists), {@code null} where the BED had {@code .}.
     *
     * @param column a column name
     * @return an unmodifiable list, one value per row
     */
    public List<Object> values(String column) {
        List<Object> all = column(column).values();
        List<Object> out = new ArrayList<>(rows.length);
        for (int r : rows) {
            out.add(all.get(r));
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * The value of {@code column} in view row {@code row}.
     *
     * @param row a row of this view
     * @param column a column name
     * @return the value, or {@code null} when missing
     */
    public Object value(int row, String column) {
        if (row < 0 || row >= rows.length) {
            throw new IndexOutOfBoundsException("row " + row + " outside the " + rows.length + " rows of this view");
        }
        return column(column).values().get(rows[row]);
    }

    /**
     * The values of a text column ({@code null} for missing); any other type is refused.
     *
     * @param column a text column
     * @return an unmodifiable list, one value per row
     */
    public List<String> strings(String column) {
        ArrowTable.Column c = requireType(column, "text", java.util.Set.of(ColumnType.STRING));
        List<String> out = new ArrayList<>(rows.length);
        for (int r : rows) {
            out.add((String) c.values().get(r));
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * The values of an integer column; a missing value is refused, naming the row.
     *
     * @param column an integer column
     * @return one value per row
     * @throws IllegalStateException when a value is missing
     */
    public long[] longs(String column) {
        ArrowTable.Column c = requireType(column, "integer", INTEGERS);
        long[] out = new long[rows.length];
        for (int i = 0; i < rows.length; i++) {
            Object v = c.values().get(rows[i]);
            if (v == null) {
                throw new IllegalStateException("column '" + column + "' is missing ('.') in row " + i
                        + "; read it with values(\"" + column + "\") to see nulls");
            }
            out[i] = ((Number) v).longValue();
        }
        return out;
    }

    /**
     * The values of a numeric column as doubles; missing values are NaN.
     *
     * @param column a numeric column
     * @return one value per row
     */
    public double[] doubles(String column) {
        ArrowTable.Column c = requireType(column, "numeric", NUMBERS);
        double[] out = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            Object v = c.values().get(rows[i]);
            out[i] = v == null ? Double.NaN : ((Number) v).doubleValue();
        }
        return out;
    }

    /**
     * One flag per view row: whether {@code keep} accepts that row's value of {@code column} (nulls included).
     *
     * @param column a column name
     * @param keep the test applied to each row's value
     * @return one flag per row
     */
    public boolean[] mask(String column, Predicate<Object> keep) {
        List<Object> all = column(column).values();
        boolean[] out = new boolean[rows.length];
        for (int i = 0; i < rows.length; i++) {
            out[i] = keep.test(all.get(rows[i]));
        }
        return out;
    }

    private ArrowTable.Column column(String column) {
        ArrowTable.Column c = columns.get(column);
        if (c == null) {
            throw new IllegalArgumentException("no region column '" + column + "' (columns: " + columnNames()
                    + "); write the dataset from a BED that has it");
        }
        return c;
    }

    private ArrowTable.Column requireType(String column, String what, java.util.Set<ColumnType> types) {
        ArrowTable.Column c = column(column);
        if (!types.contains(c.type())) {
            throw new IllegalArgumentException("region column '" + column + "' is " + c.type() + ", not " + what
                    + "; read it with values(\"" + column + "\")");
        }
        return c;
    }
}
