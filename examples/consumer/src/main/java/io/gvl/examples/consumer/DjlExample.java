package io.gvl.examples.consumer;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import io.gvl.core.buffer.Dense;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.djl.GvlDjlDataset;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;

/**
 * A few DJL mini-batches of one-hot haplotypes from a gvl dataset ({@code GvlDjlDataset}) on the PyTorch CPU
 * engine. PyTorch reduces each batch (sum and argmax over the one-hot channels), and the results must equal the
 * bases of a direct gvl query of the same instances. Exits with status 1 on any difference.
 *
 * <p>Usage: {@code DjlExample DATASET FASTA} (the dataset the quickstart wrote, and its reference).
 */
public final class DjlExample {
    private static final int LENGTH = 1_000;
    private static final int BATCH = 8;
    private static final int BATCHES = 3;

    private DjlExample() {
    }

    public static void main(String[] args) {
        try {
            run(Path.of(args[0]), Path.of(args[1]));
        } catch (Exception | AssertionError e) {
            e.printStackTrace();
            System.exit(1); // also when a library thread would keep the JVM alive
        }
    }

    // DJL's batch iteration declares IOException and TranslateException.
    static void run(Path dataset, Path fasta) throws Exception {
        try (Dataset ds = Dataset.open(dataset, fasta);
             NDManager manager = NDManager.newBaseManager(Device.cpu(), "PyTorch")) {
            Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(LENGTH));
            int batches = 0;
            try (GvlDjlDataset data = GvlDjlDataset.builder(view).oneHot(true).setSampling(BATCH, false).build()) {
                for (Batch batch : data.getData(manager)) {
                    try (batch) {
                        checkBatch(view, batch);
                    }
                    if (++batches == BATCHES) {
                        break;
                    }
                }
            }
            check(batches == BATCHES, "expected " + BATCHES + " batches, got " + batches);
            System.out.printf("djl: %d batches of one-hot haplotypes %s on %s %s equal direct gvl queries%n",
                    batches, new Shape(BATCH, 2, 4, LENGTH), manager.getEngine().getEngineName(),
                    Engine.getEngine("PyTorch").getVersion());
        }
    }

    /** The batch's one-hot haplotypes, reduced by PyTorch, against the bases of the same instances queried directly. */
    private static void checkBatch(Dataset view, Batch batch) {
        NDArray x = batch.getData().singletonOrThrow();
        check(x.getDataType() == DataType.FLOAT32, "one-hot data type " + x.getDataType());
        check(x.getShape().equals(new Shape(BATCH, 2, 4, LENGTH)), "one-hot shape " + x.getShape());
        float[] hot = x.sum(new int[] {2}).toFloatArray(); // [B, 2, L]: 1 at A/C/G/T, 0 elsewhere
        long[] channel = x.argMax(2).toLongArray();         // [B, 2, L]: which of A, C, G, T

        // Instances are the view's (region, sample) grid in C order.
        List<?> indices = batch.getIndices();
        int[] regions = new int[indices.size()];
        int[] samples = new int[indices.size()];
        for (int i = 0; i < regions.length; i++) {
            long flat = (Long) indices.get(i);
            regions[i] = (int) (flat / view.sampleCount());
            samples[i] = (int) (flat % view.sampleCount());
        }
        try (DatasetOutput direct = view.get(regions, samples)) {
            byte[] bases = ((Dense) direct.sequences()).data().toArray(ValueLayout.JAVA_BYTE);
            check(bases.length == hot.length, "direct query has " + bases.length + " bases, batch " + hot.length);
            for (int i = 0; i < bases.length; i++) {
                int want = "ACGT".indexOf(Character.toUpperCase((char) bases[i]));
                boolean ok = want < 0 ? hot[i] == 0f : hot[i] == 1f && channel[i] == want;
                check(ok, "batch " + batch.getIndices() + " base " + i + " is '" + (char) bases[i]
                        + "' but the one-hot sum is " + hot[i] + " and argmax " + channel[i]);
            }
        }
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new AssertionError("djl: " + message);
        }
    }
}
