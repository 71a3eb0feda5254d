package io.gvl.io.table;

import io.gvl.io.InputFormatException;
import java.nio.file.Path;
import java.util.Locale;

/** The file formats an {@link IntervalTable} is read from, chosen by file suffix as GVL's {@code Table} does. */
public enum TableFormat {
    /** Tab-separated text with a header row ({@code .tsv}, {@code .txt}). */
    TSV,
    /** Comma-separated text with a header row ({@code .csv}). */
    CSV,
    /** Apache Parquet ({@code .parquet}): uncompressed, zstd, gzip or snappy pages. */
    PARQUET,
    /** Arrow IPC file format ({@code .arrow}, {@code .ipc}, {@code .feather}). */
    ARROW_IPC;

    /**
     * The format of {@code file} by its suffix, compared without case.
     *
     * @param file a table file
     * @return the format
     * @throws InputFormatException if the suffix is none of the accepted ones
     */
    public static TableFormat of(Path file) {
        TableFormat f = orNull(file);
        if (f == null) {
            throw new InputFormatException(file, "", "the file name has none of the interval table suffixes.",
                    "name the table .tsv, .txt, .csv, .parquet, .arrow, .ipc or .feather after its format.");
        }
        return f;
    }

    /**
     * The format of {@code file} by its suffix, or {@code null} when it is not an interval table's suffix.
     *
     * @param file any file
     * @return the format, or {@code null}
     */
    public static TableFormat orNull(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (n.endsWith(".tsv") || n.endsWith(".txt")) {
            return TSV;
        }
        if (n.endsWith(".csv")) {
            return CSV;
        }
        if (n.endsWith(".parquet")) {
            return PARQUET;
        }
        if (n.endsWith(".arrow") || n.endsWith(".ipc") || n.endsWith(".feather")) {
            return ARROW_IPC;
        }
        return null;
    }
}
