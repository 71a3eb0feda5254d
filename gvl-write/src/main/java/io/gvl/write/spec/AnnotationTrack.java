package io.gvl.write.spec;

import io.gvl.io.table.TableFormat;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A sample-independent track stored under {@code annot_intervals/<name>/} (GVL's {@code annot_tracks} entry), by
 * the source's suffix: a bigWig ({@code .bw}/{@code .bigwig}, any case); an interval table ({@code .tsv},
 * {@code .txt}, {@code .csv}, {@code .parquet}, {@code .arrow}, {@code .ipc}, {@code .feather}) with the columns
 * {@code chrom, start, end, value} (renamed through {@code columnMap}; a {@code sample_id} column, if any, must
 * hold one sample); or else a BED-like file whose 5th column ({@code score}) is the value.
 *
 * @param name      track name, the directory name in the dataset
 * @param source    the bigWig, interval table or BED-like file
 * @param columnMap for an interval table, canonical column name to the file's name (empty for none); copied
 */
public record AnnotationTrack(String name, Path source, Map<String, String> columnMap) {

    /** Rejects {@code null} fields, checks the track name and copies the column map. */
    public AnnotationTrack {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        TrackNames.check(name);
        columnMap = Map.copyOf(columnMap);
    }

    /**
     * A track whose source needs no column map (a bigWig, a BED-like file, or a table with canonical names).
     *
     * @param name   track name
     * @param source the bigWig, interval table or BED-like file
     */
    public AnnotationTrack(String name, Path source) {
        this(name, source, Map.of());
    }

    /**
     * Whether {@link #source} is read as a bigWig (by suffix, as GVL decides).
     *
     * @return {@code true} for a {@code .bw} or {@code .bigwig} file
     */
    public boolean isBigWig() {
        String n = source.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".bw") || n.endsWith(".bigwig");
    }

    /**
     * Whether {@link #source} is read as a long-form interval table (by suffix, see {@link TableFormat}).
     *
     * @return {@code true} for a TSV/CSV, Parquet or Arrow IPC table
     */
    public boolean isTable() {
        return TableFormat.orNull(source) != null;
    }
}
