package io.gvl.onnx.internal;

import io.gvl.format.io.JvmOptions;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The predictions as an Arrow IPC file, one record batch per model batch, with the columns of
 * {@link PredictionSchema} (key columns {@code region}, the view's row, {@code sample} and {@code haplotype}, then one
 * column per model output). The schema is fixed by the first batch, whose output widths it takes.
 */
public final class PredictionTable implements PredictionSink {

    private final Path file;
    private final BufferAllocator allocator;
    private FileChannel channel;
    private VectorSchemaRoot root;
    private ArrowFileWriter writer;
    private List<Integer> widths;
    private long rows;

    /**
     * A table to be written to {@code file} (created on the first batch).
     *
     * @param file the destination
     */
    public PredictionTable(Path file) {
        JvmOptions.requireArrowAccess(); // Arrow Java writes the table; reading the dataset did not need it
        this.file = file;
        this.allocator = new RootAllocator();
    }

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
    @Override
    public void append(int[] regions, String[] samples, int[] haplotypes, List<String> names, List<float[]> values,
            List<Integer> widths) throws IOException {
        if (writer == null) {
            open(names, widths);
        }
        int n = regions.length;
        IntVector region = (IntVector) root.getVector(0);
        VarCharVector sample = (VarCharVector) root.getVector(1);
        IntVector hap = (IntVector) root.getVector(2);
        region.allocateNew(n);
        sample.allocateNew(n);
        hap.allocateNew(n);
        for (int i = 0; i < n; i++) {
            region.set(i, regions[i]);
            sample.setSafe(i, samples[i].getBytes(StandardCharsets.UTF_8));
            hap.set(i, haplotypes[i]);
        }
        for (int c = 0; c < names.size(); c++) {
            float[] v = values.get(c);
            FieldVector vector = root.getVector(3 + c);
            if (vector instanceof Float4Vector f) {
                f.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    f.set(i, v[i]);
                }
            } else {
                FixedSizeListVector list = (FixedSizeListVector) vector;
                Float4Vector data = (Float4Vector) list.getDataVector();
                list.allocateNew();
                int w = widths.get(c);
                for (int i = 0; i < n; i++) {
                    list.setNotNull(i);
                    for (int j = 0; j < w; j++) {
                        data.setSafe(i * w + j, v[i * w + j]);
                    }
                }
                data.setValueCount(n * w);
            }
            vector.setValueCount(n);
        }
        region.setValueCount(n);
        sample.setValueCount(n);
        hap.setValueCount(n);
        root.setRowCount(n);
        writer.writeBatch();
        rows += n;
    }

    private void open(List<String> names, List<Integer> outWidths) throws IOException {
        Schema schema = PredictionSchema.of(names, outWidths);
        widths = List.copyOf(outWidths);
        root = VectorSchemaRoot.create(schema, allocator);
        channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        writer = new ArrowFileWriter(root, null, channel);
        writer.start();
    }

    /**
     * The output widths the schema was fixed with.
     *
     * @return the widths, or {@code null} before the first batch
     */
    @Override
    public List<Integer> widths() {
        return widths;
    }

    /**
     * Rows written so far.
     *
     * @return the row count
     */
    @Override
    public long rows() {
        return rows;
    }

    /**
     * Finishes the file (footer; a table with no batch gets the key columns only) and frees the Arrow memory.
     *
     * @throws IOException if the footer cannot be written
     */
    @Override
    public void close() throws IOException {
        try {
            if (writer == null) {
                open(List.of(), List.of());
            }
            if (writer != null) {
                writer.end();
                writer.close();
            }
        } finally {
            if (root != null) {
                root.close();
            }
            if (channel != null) {
                channel.close();
            }
            allocator.close();
        }
    }
}
