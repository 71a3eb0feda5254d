package io.gvl.examples.consumer;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.gvl.core.buffer.Dense;
import io.gvl.dataloader.Batch;
import io.gvl.dataloader.DataLoader;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.onnx.BatchTensor;
import io.gvl.onnx.OnnxPredictor;
import io.gvl.onnx.PredictionStats;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;

/**
 * ONNX Runtime over a gvl dataset with a model that sums the bytes of each sequence ({@code byte-sum.onnx}: input
 * {@code reference} uint8 {@code [N, L]}, output {@code total} float32 {@code [N, 1]}).
 * <ol>
 *   <li>{@code OnnxPredictor} runs the whole reference view into an Arrow IPC table; every row must hold the byte sum
 *       of that (region, sample)'s reference window, queried directly.</li>
 *   <li>{@code BatchTensor} hands loader batches of haplotypes to an ONNX Runtime session without a copy; every
 *       row's sum must equal the sum of that haplotype's bytes.</li>
 * </ol>
 * Exits with status 1 on any difference.
 *
 * <p>Usage: {@code OnnxExample DATASET FASTA MODEL OUT_DIR}.
 */
public final class OnnxExample {
    private static final int LENGTH = 1_000;

    private OnnxExample() {
    }

    public static void main(String[] args) {
        try {
            run(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]), Path.of(args[3]));
        } catch (Exception | AssertionError e) {
            e.printStackTrace();
            System.exit(1); // also when a library thread would keep the JVM alive
        }
    }

    static void run(Path dataset, Path fasta, Path model, Path outDir) throws IOException, OrtException {
        try (Dataset ds = Dataset.open(dataset, fasta)) {
            Dataset reference = ds.withSeqs(SeqKind.REFERENCE).withLen(OutputLength.fixed(LENGTH));
            Path table = outDir.resolve("predictions.arrow");
            PredictionStats stats;
            try (OnnxPredictor predictor = OnnxPredictor.open(model, 1)) {
                stats = predictor.predict(reference, table, 32, true);
            }
            long instances = (long) reference.regionCount() * reference.sampleCount();
            check(stats.rows() == instances, "wrote " + stats.rows() + " rows for " + instances + " instances");
            long read = checkTable(reference, table);
            check(read == instances, "the table has " + read + " rows, expected " + instances);
            System.out.printf("onnx: OnnxPredictor wrote %d rows of %s; each equals the byte sum of a direct query%n",
                    read, model.getFileName());

            int rows = checkBatchTensors(ds.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(LENGTH)), model);
            System.out.printf("onnx: BatchTensor fed %d haplotype rows to ONNX Runtime; each sum equals its bytes%n",
                    rows);
        }
    }

    /** Every row of the predictions table against a direct query of its (region, sample); returns the row count. */
    private static long checkTable(Dataset view, Path table) throws IOException {
        long rows = 0;
        try (RootAllocator allocator = new RootAllocator();
             FileChannel channel = FileChannel.open(table);
             ArrowFileReader reader = new ArrowFileReader(channel, allocator)) {
            while (reader.loadNextBatch()) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                IntVector region = (IntVector) root.getVector("region");
                VarCharVector sample = (VarCharVector) root.getVector("sample");
                IntVector haplotype = (IntVector) root.getVector("haplotype");
                Float4Vector total = (Float4Vector) root.getVector("total");
                for (int i = 0; i < root.getRowCount(); i++, rows++) {
                    String name = new String(sample.get(i), StandardCharsets.UTF_8);
                    check(haplotype.get(i) == 0, "reference rows have haplotype 0, got " + haplotype.get(i));
                    try (DatasetOutput direct = view.get(region.get(i), view.sampleIndex(name))) {
                        float want = byteSum(((Dense) direct.sequences()).data().toArray(ValueLayout.JAVA_BYTE), 0,
                                LENGTH);
                        check(total.get(i) == want, "region " + region.get(i) + " sample " + name + ": model says "
                                + total.get(i) + ", the bytes sum to " + want);
                    }
                }
            }
        }
        return rows;
    }

    /** Two loader batches of haplotypes, as {@code [rows, L]} tensors, through the model; returns the rows checked. */
    private static int checkBatchTensors(Dataset view, Path model) throws OrtException {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        int checked = 0;
        try (OrtSession session = env.createSession(model.toString());
             DataLoader loader = DataLoader.builder(view).batchSize(8).copy(false).build()) {
            int batches = 0;
            for (Batch batch : loader) {
                byte[] bases;
                BatchTensor tensor;
                try (batch) {
                    bases = ((Dense) batch.array("haplotypes").array()).data().toArray(ValueLayout.JAVA_BYTE);
                    tensor = BatchTensor.of(env, batch, "haplotypes", new long[] {bases.length / LENGTH, LENGTH});
                }
                // The tensor holds the batch's memory until it is closed, so the batch may close first.
                try (tensor; OrtSession.Result result = session.run(Map.of("reference", tensor.tensor()))) {
                    float[][] sums = (float[][]) result.get(0).getValue();
                    check(sums.length == bases.length / LENGTH, "model returned " + sums.length + " rows");
                    for (int row = 0; row < sums.length; row++, checked++) {
                        float want = byteSum(bases, row * LENGTH, LENGTH);
                        check(sums[row][0] == want, "batch " + batch.index() + " row " + row + ": model says "
                                + sums[row][0] + ", the bytes sum to " + want);
                    }
                }
                if (++batches == 2) {
                    break;
                }
            }
        }
        check(checked > 0, "no haplotype rows were checked");
        return checked;
    }

    /** Sum of unsigned bytes: exact in float32 for these lengths (at most 255 x 1000 < 2^24). */
    private static float byteSum(byte[] bytes, int from, int length) {
        long sum = 0;
        for (int i = from; i < from + length; i++) {
            sum += bytes[i] & 0xFF;
        }
        return sum;
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new AssertionError("onnx: " + message);
        }
    }
}
