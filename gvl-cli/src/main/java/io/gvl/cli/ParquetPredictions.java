package io.gvl.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Rewrites the Arrow IPC prediction table of {@code gvl predict} as a Parquet file: the same columns, types and rows
 * in the same order, read one record batch at a time (memory stays at one batch). This lives in the command line
 * rather than in gvl-onnx because parquet-java's jars link Hadoop classes (and split packages, so they cannot be
 * modules), which the published library modules do not carry. With {@link PlainParquetConfiguration}, a stream
 * output and {@link ZstdPageCodec} no Hadoop class is loaded, so no Hadoop jar is needed at run time; its API jar
 * is there at compile time only.
 */
final class ParquetPredictions {
    private ParquetPredictions() {
    }

    /**
     * Writes the table in {@code arrowFile} as Parquet to {@code out}, which is committed by the caller.
     *
     * @param arrowFile an Arrow IPC file as {@code OnnxPredictor} writes it
     * @param out the destination's temporary file
     * @param name the destination, as parquet-java names its output
     * @throws IOException if the Arrow file cannot be read or the Parquet file written
     */
    static void convert(Path arrowFile, OutputFile out, String name) throws IOException {
        try (BufferAllocator allocator = new RootAllocator();
             FileChannel channel = FileChannel.open(arrowFile);
             ArrowFileReader reader = new ArrowFileReader(channel, allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            ArrowRowsWriteSupport support = new ArrowRowsWriteSupport(root.getSchema());
            StreamOutputFile file = new StreamOutputFile(new BufferedOutputStream(out.stream(), 1 << 16), name);
            try (ParquetWriter<Integer> writer = new Builder(file, support)
                    .withConf(new PlainParquetConfiguration())
                    .withCompressionCodec(CompressionCodecName.ZSTD)
                    .withCodecFactory(new ZstdPageCodec())
                    .build()) {
                while (reader.loadNextBatch()) {
                    support.use(root);
                    for (int i = 0; i < root.getRowCount(); i++) {
                        writer.write(i);
                    }
                }
            }
        }
    }

    /** parquet-java's writer builder for a given write support. */
    private static final class Builder extends ParquetWriter.Builder<Integer, Builder> {
        private final ArrowRowsWriteSupport support;

        Builder(StreamOutputFile file, ArrowRowsWriteSupport support) {
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
