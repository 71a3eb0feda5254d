package io.gvl.onnx;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The file format {@link OnnxPredictor#predict(io.gvl.dataset.Dataset, Path, int, boolean, PredictionFormat)} writes
 * the prediction table in. Both hold the same columns, types and rows in the same order.
 */
public enum PredictionFormat {
    /** An Arrow IPC file (Feather v2), one record batch per model batch. */
    ARROW_IPC,
    /**
     * A Parquet file (zstd pages; a wider output is a LIST of FLOAT, the Arrow schema in the footer under
     * {@code ARROW:schema}). Needs {@code org.apache.parquet:parquet-hadoop}, an optional dependency of gvl-onnx, on
     * the class path; no Hadoop jar is needed.
     */
    PARQUET;

    /**
     * The format a file name asks for.
     *
     * @param file the output file
     * @return {@link #PARQUET} when the name ends in {@code .parquet} (any case), else {@link #ARROW_IPC}
     */
    public static PredictionFormat of(Path file) {
        Path name = file.getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".parquet") ? PARQUET : ARROW_IPC;
    }
}
