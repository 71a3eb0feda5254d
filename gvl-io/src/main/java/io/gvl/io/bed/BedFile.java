package io.gvl.io.bed;

import io.gvl.io.InputFormatException;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The regions of a BED-like file in input order, with named extra columns and BED12 blocks on demand. */
public final class BedFile {
    private final Path path;
    private final List<String> columns;
    private final List<BedRegion> regions;

    BedFile(Path path, List<String> columns, List<BedRegion> regions) {
        this.path = path;
        this.columns = List.copyOf(columns);
        this.regions = List.copyOf(regions);
    }

    /**
     * The file the regions were read from, named in errors.
     *
     * @return the path
     */
    public Path path() {
        return path;
    }

    /**
     * All column names, starting with {@code chrom, chromStart, chromEnd}.
     *
     * @return an unmodifiable list of the column names
     */
    public List<String> columns() {
        return columns;
    }

    /**
     * Rows in input order.
     *
     * @return an unmodifiable list of the rows
     */
    public List<BedRegion> regions() {
        return regions;
    }

    /**
     * The number of rows.
     *
     * @return the row count
     */
    public int size() {
        return regions.size();
    }

    /**
     * One row.
     *
     * @param row row index in input order, {@code 0 <= row < size()}
     * @return the row
     * @throws IndexOutOfBoundsException if {@code row} is out of range
     */
    public BedRegion get(int row) {
        return regions.get(row);
    }

    /**
     * Contigs in order of first appearance.
     *
     * @return an unmodifiable list of distinct contig names
     */
    public List<String> contigs() {
        Set<String> seen = new LinkedHashSet<>();
        for (BedRegion r : regions) {
            seen.add(r.chrom());
        }
        return List.copyOf(seen);
    }

    /**
     * Whether a column of that name exists.
     *
     * @param name a column name
     * @return {@code true} if the file has that column
     */
    public boolean hasColumn(String name) {
        return columns.contains(name);
    }

    /**
     * Value of column {@code name} in {@code row} ({@code null} for {@code .}); for the first three use the record.
     *
     * @param row row index in input order
     * @param name the name of a column after the third
     * @return the raw text of the cell, or {@code null} for {@code .}
     * @throws IllegalArgumentException if there is no such extra column
     */
    public String value(int row, String name) {
        int c = columns.indexOf(name);
        if (c < 3) {
            throw new IllegalArgumentException("no extra column '" + name + "' in " + path + " (columns: " + columns + ")");
        }
        List<String> extras = regions.get(row).extras();
        return c - 3 < extras.size() ? extras.get(c - 3) : null;
    }

    /**
     * Whether rows carry BED12 block columns.
     *
     * @return {@code true} if the {@code blockCount}, {@code blockSizes} and {@code blockStarts} columns exist
     */
    public boolean hasBlocks() {
        return columns.containsAll(List.of("blockCount", "blockSizes", "blockStarts"));
    }

    /**
     * The BED12 blocks of {@code row}, checked against the row's bounds.
     *
     * @param row row index in input order
     * @return the blocks in absolute coordinates
     * @throws IllegalStateException if the file has no block columns
     * @throws InputFormatException if the block columns of that row are malformed or leave the row's bounds
     */
    public BedBlocks blocks(int row) {
        if (!hasBlocks()) {
            throw new IllegalStateException(path + " has no BED12 block columns (columns: " + columns + ")");
        }
        BedRegion r = regions.get(row);
        String where = "line " + r.line();
        int count = parseInt(value(row, "blockCount"), where, "blockCount");
        int[] sizes = parseList(value(row, "blockSizes"), count, where, "blockSizes");
        int[] rel = parseList(value(row, "blockStarts"), count, where, "blockStarts");
        int[] starts = new int[count];
        int[] ends = new int[count];
        for (int i = 0; i < count; i++) {
            starts[i] = r.start() + rel[i];
            ends[i] = starts[i] + sizes[i];
            if (rel[i] < 0 || sizes[i] <= 0 || ends[i] > r.end()) {
                throw new InputFormatException(path, where, "block " + (i + 1) + " [" + starts[i] + ", " + ends[i]
                        + ") lies outside the row [" + r.start() + ", " + r.end() + ") or is empty.",
                        "fix blockSizes/blockStarts (starts are relative to chromStart).");
            }
        }
        return new BedBlocks(starts, ends);
    }

    private int[] parseList(String text, int count, String where, String column) {
        IntArrayList values = new IntArrayList();
        if (text != null) {
            for (String s : text.split(",")) {
                if (!s.isBlank()) {
                    values.add(parseInt(s.trim(), where, column));
                }
            }
        }
        if (values.size() != count) {
            throw new InputFormatException(path, where, column + " has " + values.size() + " values but blockCount is "
                    + count + ".", "make blockCount, blockSizes and blockStarts agree.");
        }
        return values.toIntArray();
    }

    private int parseInt(String s, String where, String column) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new InputFormatException(path, where, column + " '" + s + "' is not an integer.",
                    "write " + column + " as integers.", e);
        }
    }
}
