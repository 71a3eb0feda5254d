package io.gvl.write.spec;

import io.gvl.io.table.IntervalTable;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A per-sample track from one long-form interval table (GVL's {@code Table}), stored under
 * {@code intervals/<name>/}: every row is an interval of one sample, and each stored window gets that sample's
 * intervals overlapping it, unclipped and sorted by start. A contig the table lacks gives empty windows, as in GVL.
 * The table is read once, when the track is made, and held on the heap; instances are immutable.
 */
public final class TableTrack implements SampleTrack {
    private final String name;
    private final IntervalTable table;
    private final List<String> samples;

    private TableTrack(String name, IntervalTable table) {
        Objects.requireNonNull(name, "name");
        TrackNames.check(name);
        if (!table.hasSamples()) {
            throw new WriteException("table track '" + name + "' (" + table.file() + ") has no "
                    + IntervalTable.SAMPLE + " column.", "add the sample column or map it with a column map.");
        }
        this.samples = table.samples();
        if (samples.isEmpty()) {
            throw new WriteException("table track '" + name + "' (" + table.file() + ") has no rows, so no samples.",
                    "give at least one interval per sample.");
        }
        this.name = name;
        this.table = table;
    }

    /**
     * Reads a track from a table file, as GVL's {@code Table.from_path}.
     *
     * @param name      the track name
     * @param file      a {@code .tsv}/{@code .txt}, {@code .csv}, {@code .parquet} or {@code .arrow}/{@code .ipc}/
     *                  {@code .feather} table with the columns {@code sample_id, chrom, start, end, value}
     * @param columnMap canonical column name to the file's name for columns named otherwise (empty for none)
     * @return the track
     * @throws io.gvl.io.InputFormatException naming the file and row if the table is malformed
     * @throws WriteException if the name cannot be a track name or the table has no rows
     */
    public static TableTrack read(String name, Path file, Map<String, String> columnMap) {
        return new TableTrack(name, IntervalTable.read(file, columnMap, true));
    }

    /**
     * A track over a table already read.
     *
     * @param name  the track name
     * @param table a table with a sample column and at least one row
     * @return the track
     * @throws WriteException if the name cannot be a track name, the table has no sample column or no rows
     */
    public static TableTrack of(String name, IntervalTable table) {
        return new TableTrack(name, table);
    }

    @Override
    public String name() {
        return name;
    }

    /** The table's samples in order of first appearance. */
    @Override
    public List<String> samples() {
        return samples;
    }

    /**
     * The rows of the track.
     *
     * @return the table, immutable
     */
    public IntervalTable table() {
        return table;
    }

    @Override
    public String toString() {
        return "TableTrack[" + name + ", " + table.file() + ", " + table.size() + " rows, " + samples.size()
                + " samples]";
    }
}
