package io.gvl.onnx.internal;

import java.io.IOException;
import java.util.List;

/**
 * Where the predictions go, one model batch at a time: an Arrow IPC file ({@link PredictionTable}) or a Parquet
 * file ({@code parquet.ParquetTable}), both with the columns of {@link PredictionSchema}. The schema is fixed by the
 * first batch; a sink with no batch still writes a valid table of the key columns when closed.
 */
public interface PredictionSink extends AutoCloseable {
    /**
     * Appends one batch.
     *
     * @param regions region of each row
     * @param samples sample name of each row
     * @param haplotypes haplotype of each row
     * @param names the output names, in column order
     * @param values per output, {@code rows * width} values in row order
     * @param widths per output, the values per row
     * @throws IOException if the file cannot be written
     */
    void append(int[] regions, String[] samples, int[] haplotypes, List<String> names, List<float[]> values,
            List<Integer> widths) throws IOException;

    /**
     * The output widths the schema was fixed with.
     *
     * @return the widths, or {@code null} before the first batch
     */
    List<Integer> widths();

    /**
     * Rows written so far.
     *
     * @return the row count
     */
    long rows();

    /**
     * Finishes the file and frees what the sink holds.
     *
     * @throws IOException if the file cannot be finished
     */
    @Override
    void close() throws IOException;
}
