package io.gvl.onnx.internal.parquet;

import io.gvl.onnx.internal.PredictionSink;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The predictions as a Parquet file with parquet-java: the columns of the Arrow table in the same order, rows in the
 * same order, zstd pages, the Arrow schema in the footer. An in-memory {@link PlainParquetConfiguration}, a stream
 * output ({@link StreamOutputFile}) and {@link ZstdPageCodec} keep every Hadoop class unloaded, so no Hadoop jar is
 * needed at run time. parquet-java buffers a row group (128 MiB) in memory before writing it. The footer's encoding
 * lists are put in a fixed order at close ({@link EncodingOrder}), so two runs write the same bytes.
 */
public final class ParquetTable implements PredictionSink {
    private final Path file;
    private final CompressionCodecName codec;
    private OutputStream stream;
    private ParquetWriter<Integer> writer;
    private PredictionWriteSupport support;
    private List<Integer> widths;
    private long rows;

    /**
     * A table to be written to {@code file} (created on the first batch, or at close for an empty table).
     *
     * @param file the destination, which must not exist
     * @throws LinkageError if parquet-java is not on the class path (or not readable from the module): resolved
     *     here, before any batch is run
     */
    public ParquetTable(Path file) {
        this.file = file;
        this.codec = CompressionCodecName.ZSTD;
    }

    @Override
    public void append(int[] regions, String[] samples, int[] haplotypes, List<String> names, List<float[]> values,
            List<Integer> outWidths) throws IOException {
        if (writer == null) {
            open(names, outWidths);
        }
        support.use(regions, samples, haplotypes, values);
        for (int i = 0; i < regions.length; i++) {
            writer.write(i);
        }
        rows += regions.length;
    }

    private void open(List<String> names, List<Integer> outWidths) throws IOException {
        widths = List.copyOf(outWidths);
        support = new PredictionWriteSupport(names, outWidths);
        stream = new BufferedOutputStream(Files.newOutputStream(file, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE), 1 << 16);
        writer = new Builder(new StreamOutputFile(stream, file.toString()), support)
                .withConf(new PlainParquetConfiguration())
                .withCompressionCodec(codec)
                .withCodecFactory(new ZstdPageCodec())
                .build();
    }

    @Override
    public List<Integer> widths() {
        return widths;
    }

    @Override
    public long rows() {
        return rows;
    }

    /** Writes the footer (a table with no batch gets the key columns only) and closes the file. */
    @Override
    public void close() throws IOException {
        try {
            if (writer == null) {
                open(List.of(), List.of());
            }
            writer.close();
        } finally {
            if (stream != null) {
                stream.close();
            }
        }
        EncodingOrder.sort(file);
    }

    /** parquet-java's writer builder for a given write support. */
    private static final class Builder extends ParquetWriter.Builder<Integer, Builder> {
        private final PredictionWriteSupport support;

        Builder(StreamOutputFile file, PredictionWriteSupport support) {
            super(file);
            this.support = support;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<Integer> getWriteSupport(Configuration conf) {
            return support;
        }

        @Override
        protected WriteSupport<Integer> getWriteSupport(org.apache.parquet.conf.ParquetConfiguration conf) {
            return support;
        }
    }
}
