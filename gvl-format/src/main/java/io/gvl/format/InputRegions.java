package io.gvl.format;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code input_regions.arrow}: the user's BED rows in input order with all their columns, plus
 * {@code r_idx_map}, the on-disk row of each input row. GVL re-derives the region order from this file, so the
 * map must equal the natural sort of its rows (checked by {@link #validateOrder(Path)}).
 * {@link io.gvl.format.io.InputRegionsFile} reads and writes it.
 *
 * @param table the table, including the {@code r_idx_map} column
 */
public record InputRegions(ArrowTable table) {
    /** Name of the appended map column. */
    public static final String MAP_COLUMN = "r_idx_map";

    /**
     * Builds the table for new BED rows: computes the natural-sort order and appends {@code r_idx_map}.
     *
     * @param bed BED columns in input order; must contain {@code chrom} (STRING) and integer {@code chromStart},
     *            {@code chromEnd}; must not contain {@code r_idx_map}
     * @return the table with {@code r_idx_map} appended, in input order
     * @throws IllegalArgumentException if the BED already has an {@code r_idx_map} column
     * @throws DatasetFormatException if a required column is missing or has nulls or a wrong type
     */
    public static InputRegions fromBed(ArrowTable bed) {
        Path src = Path.of("<BED>");
        if (bed.has(MAP_COLUMN)) {
            throw new IllegalArgumentException("the BED already has a column named " + MAP_COLUMN);
        }
        InputRegions probe = new InputRegions(bed);
        RegionOrder order = NaturalSort.regionOrder(probe.chroms(src), probe.longs("chromStart", src),
                probe.longs("chromEnd", src));
        List<Object> map = new ArrayList<>(bed.rowCount());
        for (int v : order.inputToSorted()) {
            map.add((long) v);
        }
        List<ArrowTable.Column> cols = new ArrayList<>(bed.columns());
        cols.add(new ArrowTable.Column(MAP_COLUMN, ArrowTable.ColumnType.INT64, map));
        return new InputRegions(new ArrowTable(cols));
    }

    /**
     * The number of regions (rows).
     *
     * @return the row count
     */
    public int size() {
        return table.rowCount();
    }

    /**
     * Contig of every input row.
     *
     * @param source the file the table came from, named in errors
     * @return one contig name per row, in input order
     * @throws DatasetFormatException if {@code chrom} is missing or a row is not a string
     */
    public List<String> chroms(Path source) {
        List<String> out = new ArrayList<>(size());
        int i = 0;
        for (Object o : table.column("chrom", source).values()) {
            if (!(o instanceof String s)) {
                throw new DatasetFormatException(source + ": column 'chrom' row " + i + " is " + o
                        + "; expected a contig name");
            }
            out.add(s);
            i++;
        }
        return out;
    }

    /**
     * An integer column (e.g. {@code chromStart}) without nulls.
     *
     * @param column the column name
     * @param source the file the table came from, named in errors
     * @return the values widened to {@code long}, in input order
     * @throws DatasetFormatException if the column is missing, not integer, or has a null
     */
    public long[] longs(String column, Path source) {
        List<Object> vals = table.column(column, source).values();
        long[] out = new long[vals.size()];
        for (int i = 0; i < out.length; i++) {
            Object o = vals.get(i);
            if (!(o instanceof Long || o instanceof Integer || o instanceof Short || o instanceof Byte)) {
                throw new DatasetFormatException(source + ": column '" + column + "' row " + i + " is " + o
                        + "; expected an integer");
            }
            out[i] = ((Number) o).longValue();
        }
        return out;
    }

    /**
     * Strand of every input row as +1/-1 ({@code +}, {@code .}, null or absent → +1).
     *
     * @param source the file the table came from, named in errors
     * @return {@code +1} or {@code -1} per row, in input order
     * @throws DatasetFormatException if a strand is not {@code +}, {@code -}, {@code .} or null
     */
    public int[] strands(Path source) {
        int[] out = new int[size()];
        java.util.Arrays.fill(out, 1);
        if (!table.has("strand")) {
            return out;
        }
        List<Object> vals = table.column("strand", source).values();
        for (int i = 0; i < out.length; i++) {
            Object o = vals.get(i);
            if (o == null || "+".equals(o) || ".".equals(o)) {
                out[i] = 1;
            } else if ("-".equals(o)) {
                out[i] = -1;
            } else if (o instanceof Number n && (n.intValue() == 1 || n.intValue() == -1)) {
                out[i] = n.intValue();
            } else {
                throw new DatasetFormatException(source + ": column 'strand' row " + i + " is '" + o
                        + "'; expected +, - or .");
            }
        }
        return out;
    }

    /**
     * The region order stored in {@code r_idx_map}.
     *
     * @param source the file the table came from, named in errors
     * @return the permutation between input rows and sorted (on-disk) rows
     * @throws DatasetFormatException if {@code r_idx_map} is missing or not a permutation
     */
    public RegionOrder order(Path source) {
        return RegionOrder.fromInputToSorted(longs(MAP_COLUMN, source), source.toString());
    }

    /**
     * Checks that {@code r_idx_map} is the natural sort of the rows, as GVL will recompute it.
     *
     * @param source the file the table came from, named in errors
     * @throws DatasetFormatException if the stored order differs from the natural sort, naming the first
     *     mismatching row
     */
    public void validateOrder(Path source) {
        RegionOrder stored = order(source);
        List<String> chrom = chroms(source);
        long[] start = longs("chromStart", source);
        long[] end = longs("chromEnd", source);
        java.util.Comparator<Integer> cmp = java.util.Comparator.<Integer, String>comparing(chrom::get,
                NaturalSort.ORDER).thenComparingLong(r -> start[r]).thenComparingLong(r -> end[r]);
        for (int k = 1; k < stored.size(); k++) {
            if (cmp.compare(stored.inputRow(k - 1), stored.inputRow(k)) > 0) {
                throw new DatasetFormatException(source + ": r_idx_map does not follow the natural sort of the"
                        + " rows (on-disk rows " + (k - 1) + " and " + k + " are out of order); GVL would"
                        + " misalign regions, rewrite the dataset");
            }
        }
    }
}
