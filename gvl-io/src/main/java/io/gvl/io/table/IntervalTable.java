package io.gvl.io.table;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A long-form interval table as GVL's {@code Table} reads it: one row per interval with the columns
 * {@code sample_id, chrom, start, end, value} (0-based, half-open {@code [start, end)}). Other column names are
 * mapped with a column map, canonical name to the file's name, as GVL's {@code column_map}. Rows keep file order;
 * overlapping and unsorted intervals are allowed (a track sorts them), as in GVL.
 *
 * <p>Immutable and safe to share between threads once read. All rows are held on the heap (about 30 bytes per
 * row plus each distinct name once).
 */
public final class IntervalTable {
    /** Canonical name of the sample column. */
    public static final String SAMPLE = "sample_id";
    /** Canonical name of the contig column. */
    public static final String CHROM = "chrom";
    /** Canonical name of the 0-based start column. */
    public static final String START = "start";
    /** Canonical name of the exclusive end column. */
    public static final String END = "end";
    /** Canonical name of the value column. */
    public static final String VALUE = "value";
    /** The canonical columns in GVL's order. */
    public static final List<String> COLUMNS = List.of(SAMPLE, CHROM, START, END, VALUE);
    static final int SAMPLE_COLUMN = 0;

    private final Path file;
    private final TableFormat format;
    private final String unit;
    private final boolean hasSamples;
    private final long[] record;
    private final String[] samples;
    private final String[] chroms;
    private final int[] starts;
    private final int[] ends;
    private final float[] values;

    IntervalTable(Path file, TableFormat format, String unit, boolean hasSamples, long[] record, String[] samples,
                  String[] chroms, int[] starts, int[] ends, float[] values) {
        this.file = file;
        this.format = format;
        this.unit = unit;
        this.hasSamples = hasSamples;
        this.record = record;
        this.samples = samples;
        this.chroms = chroms;
        this.starts = starts;
        this.ends = ends;
        this.values = values;
    }

    /**
     * Reads and checks every row of a table whose format is given by its suffix ({@link TableFormat#of}).
     *
     * @param file           a {@code .tsv}/{@code .txt}, {@code .csv}, {@code .parquet} or {@code .arrow}/
     *                       {@code .ipc}/{@code .feather} file
     * @param columnMap      canonical column name to the file's column name, for the columns named otherwise
     *                       (empty for none); a mapped name absent from the file is ignored, as in GVL
     * @param sampleRequired whether the {@code sample_id} column must be present (per-sample tracks); when
     *                       {@code false} it is read if present
     * @return the rows in file order
     * @throws io.gvl.io.InputFormatException naming the file and the line or row: unknown suffix, unreadable
     *     file, a missing column, an empty cell, a coordinate that is not a 32-bit integer, a negative start, an
     *     end before its start, or a value that is not a number
     */
    public static IntervalTable read(Path file, Map<String, String> columnMap, boolean sampleRequired) {
        Objects.requireNonNull(file, "file");
        Map<String, String> map = Map.copyOf(columnMap);
        TableFormat format = TableFormat.of(file);
        return switch (format) {
            case TSV, CSV -> TextTables.read(file, format, map, sampleRequired);
            case PARQUET -> ParquetTables.read(file, map, sampleRequired);
            case ARROW_IPC -> ArrowTables.read(file, map, sampleRequired);
        };
    }

    /**
     * The file the table was read from.
     *
     * @return the path as given to {@link #read}
     */
    public Path file() {
        return file;
    }

    /**
     * The format it was read as.
     *
     * @return the format
     */
    public TableFormat format() {
        return format;
    }

    /**
     * The number of rows (intervals).
     *
     * @return the row count
     */
    public int size() {
        return starts.length;
    }

    /**
     * Whether the table has a sample column.
     *
     * @return {@code true} if {@link #sample} can be called
     */
    public boolean hasSamples() {
        return hasSamples;
    }

    /**
     * The sample of row {@code i}.
     *
     * @param i the row index, {@code 0 <= i < size()}
     * @return the sample name
     * @throws IllegalStateException if the table has no sample column
     */
    public String sample(int i) {
        if (!hasSamples) {
            throw new IllegalStateException(file + " has no " + SAMPLE + " column");
        }
        return samples[i];
    }

    /**
     * The contig of row {@code i}, as written in the file.
     *
     * @param i the row index
     * @return the contig name
     */
    public String chrom(int i) {
        return chroms[i];
    }

    /**
     * The 0-based start of row {@code i}.
     *
     * @param i the row index
     * @return the start, non-negative
     */
    public int start(int i) {
        return starts[i];
    }

    /**
     * The exclusive end of row {@code i}.
     *
     * @param i the row index
     * @return the end, at least {@link #start}
     */
    public int end(int i) {
        return ends[i];
    }

    /**
     * The value of row {@code i}, cast to a 32-bit float as GVL stores it.
     *
     * @param i the row index
     * @return the value (NaN allowed)
     */
    public float value(int i) {
        return values[i];
    }

    /**
     * Where row {@code i} is in the file, for messages: {@code line N} for text tables (the header is line 1),
     * {@code row N} (1-based) for Parquet and Arrow.
     *
     * @param i the row index
     * @return the location
     */
    public String location(int i) {
        return unit + " " + record[i];
    }

    /**
     * The distinct samples in order of first appearance.
     *
     * @return the sample names, empty without a sample column
     */
    public List<String> samples() {
        if (!hasSamples) {
            return List.of();
        }
        Set<String> out = new LinkedHashSet<>();
        for (String s : samples) {
            out.add(s);
        }
        return List.copyOf(out);
    }

    /**
     * The row index of the first row of {@code sample}, for messages.
     *
     * @param sample a sample name
     * @return the index, or -1 if no row has that sample (or the table has no sample column)
     */
    public int firstRowOf(String sample) {
        if (hasSamples) {
            for (int i = 0; i < samples.length; i++) {
                if (samples[i].equals(sample)) {
                    return i;
                }
            }
        }
        return -1;
    }

    /**
     * The distinct contigs in order of first appearance.
     *
     * @return the contig names as written
     */
    public List<String> contigs() {
        Set<String> out = new LinkedHashSet<>();
        for (String c : chroms) {
            out.add(c);
        }
        return new ArrayList<>(out);
    }
}
