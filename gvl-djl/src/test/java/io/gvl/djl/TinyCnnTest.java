package io.gvl.djl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.Model;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.nn.Blocks;
import ai.djl.nn.LambdaBlock;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.convolutional.Conv1d;
import ai.djl.nn.core.Linear;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.EasyTrain;
import ai.djl.training.ParameterStore;
import ai.djl.training.Trainer;
import ai.djl.training.TrainingResult;
import ai.djl.training.dataset.Batch;
import ai.djl.training.listener.TrainingListener;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import io.gvl.core.buffer.Dense;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tiny CNN on gvl batches through the PyTorch engine: forward against plain Java, then training with EasyTrain. */
class TinyCnnTest {
    private static final int LENGTH = 12;
    private static final int KERNEL = 3;
    private static final int FILTERS = 2;

    @TempDir
    Path tmp;

    /** one-hot haplotypes [B, 2, 4, L] -> [2B, 4, L] -> conv1d(2 filters, k=3) -> flatten -> linear(1). */
    private static SequentialBlock net() {
        return new SequentialBlock()
                .add(new LambdaBlock(x -> new NDList(x.singletonOrThrow().reshape(-1, 4, LENGTH))))
                .add(Conv1d.builder().setKernelShape(new Shape(KERNEL)).setFilters(FILTERS).build())
                .add(Blocks.batchFlattenBlock())
                .add(Linear.builder().setUnits(1).build());
    }

    private static float[] param(Block b, String name) {
        return b.getParameters().get(name).getArray().toFloatArray();
    }

    /** The same network written out in plain Java over one-hot rows [rows, 4, L]. */
    private static float[] reference(float[] x, int rows, float[] w, float[] bias, float[] lw, float[] lb) {
        int out = LENGTH - KERNEL + 1;
        float[] y = new float[rows];
        for (int r = 0; r < rows; r++) {
            double acc = lb[0];
            for (int f = 0; f < FILTERS; f++) {
                for (int t = 0; t < out; t++) {
                    double conv = bias[f];
                    for (int c = 0; c < 4; c++) {
                        for (int k = 0; k < KERNEL; k++) {
                            conv += w[(f * 4 + c) * KERNEL + k] * x[(r * 4 + c) * LENGTH + t + k];
                        }
                    }
                    acc += lw[f * out + t] * conv;
                }
            }
            y[r] = (float) acc;
        }
        return y;
    }

    private Dataset view(Dataset ds) {
        return ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks().withLen(OutputLength.fixed(LENGTH));
    }

    @Test
    void forwardOnAGvlBatchEqualsPlainJavaSeed41() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(41, 0);
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), ref);
             NDManager manager = PyTorch.manager()) {
            Dataset view = view(ds);
            SequentialBlock net = net();
            net.initialize(manager, DataType.FLOAT32, new Shape(4, 2, 4, LENGTH));
            List<Block> layers = net.getChildren().values();
            float[] w = param(layers.get(1), "weight");
            float[] b = param(layers.get(1), "bias");
            float[] lw = param(layers.get(3), "weight");
            float[] lb = param(layers.get(3), "bias");
            List<Long> idx = List.of(3L, 0L, 5L, 1L);
            int n = view.sampleCount();
            int[] regions = idx.stream().mapToInt(i -> (int) (i / n)).toArray();
            int[] samples = idx.stream().mapToInt(i -> (int) (i % n)).toArray();
            try (GvlDjlDataset data = GvlDjlDataset.builder(view).outputs("haplotypes").oneHot(true)
                    .setSampling(4, false).build();
                 Batch batch = data.batch(manager, idx, 0);
                 DatasetOutput direct = view.get(regions, samples)) {
                NDList y = net.forward(new ParameterStore(manager, false), batch.getData(), false);
                byte[] seqs = ((Dense) direct.get("haplotypes")).data().toArray(ValueLayout.JAVA_BYTE);
                float[] want = reference(GvlDjlDatasetTest.oneHot(seqs, 8, LENGTH), 8, w, b, lw, lb);
                assertArrayEquals(new long[] {8, 1}, y.singletonOrThrow().getShape().getShape());
                assertArrayEquals(want, y.singletonOrThrow().toFloatArray(), 1e-5f);
                y.close();
            }
        }
    }

    @Test
    void trainsEndToEndThroughEasyTrainSeed42() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(42, 0);
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), ref);
             Model model = Model.newInstance("tiny-cnn", "PyTorch")) {
            PyTorch.manager().close();
            Dataset view = view(ds);
            model.setBlock(net());
            DefaultTrainingConfig config = new DefaultTrainingConfig(Loss.l2Loss())
                    .optOptimizer(Optimizer.sgd().setLearningRateTracker(Tracker.fixed(0.05f)).build())
                    .addTrainingListeners(TrainingListener.Defaults.basic());
            // One label per instance; the target pipeline repeats it for the instance's two haplotype rows.
            try (GvlDjlDataset data = GvlDjlDataset.builder(view).outputs("haplotypes").oneHot(true)
                    .labels(Labels.of(1, (r, s, out) -> out[0] = (r + s) % 2))
                    .optTargetPipeline(new ai.djl.translate.Pipeline(
                            a -> a.repeat(1, 2).reshape(-1, 1)))
                    .setSampling(3, true).build();
                 Trainer trainer = model.newTrainer(config)) {
                trainer.setMetrics(new ai.djl.metric.Metrics());
                trainer.initialize(new Shape(3, 2, 4, LENGTH));
                float[] before = param(model.getBlock().getChildren().values().get(1), "weight");
                EasyTrain.fit(trainer, 2, data, null);
                TrainingResult result = trainer.getTrainingResult();
                float[] after = param(model.getBlock().getChildren().values().get(1), "weight");
                assertEquals(2, result.getEpoch());
                assertNotNull(result.getTrainLoss());
                assertTrue(Float.isFinite(result.getTrainLoss()), "train loss " + result.getTrainLoss());
                assertFalse(java.util.Arrays.equals(before, after), "the conv weights were updated");
            }
        }
    }
}
