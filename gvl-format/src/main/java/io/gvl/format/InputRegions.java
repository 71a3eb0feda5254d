package io.gvl.format;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code input_regions.arrow}: the user's BED rows in input order with all their columns, plus
 * {@code r_idx_map}, the on-disk row of each input row. GVL re-derives the region order from this file, so the
 * map must equal the natural sort of its rows (checked by {@link #validateOrder(Path)}).
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

    /** Reads {@code input_regions.arrow} and checks the required columns and the region map. */
    public static InputRegions read(Path file) {
        InputRegions r = new InputRegions(ArrowTable.read(file));
        r.order(file);
        return r;
    }

    public void write(Path file) {
        table.write(file);
    }

    public int size() {
        return table.rowCount();
    }

    /** Contig of every input row. */
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

    /** An integer column (e.g. {@code chromStart}) without nulls. */
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

    /** Strand of every input row as +1/-1 ({@code +}, {@code .}, null or absent → +1). */
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

    /** The region order stored in {@code r_idx_map}. */
    public RegionOrder order(Path source) {
        return RegionOrder.fromInputToSorted(longs(MAP_COLUMN, source), source.toString());
    }

    /** Checks that {@code r_idx_map} is the natural sort of the rows, as GVL will recompute it. */
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
