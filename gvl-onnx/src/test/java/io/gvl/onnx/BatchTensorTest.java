package io.gvl.onnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import io.gvl.core.buffer.Dense;
import io.gvl.dataloader.Batch;
import io.gvl.dataloader.DataLoader;
import io.gvl.dataloader.Mode;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.memory.MemoryBudget;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tensor over a loader batch holds a retained view: the batch may be closed and later batches produced while the
 * tensor is fed to the model, which still reads the batch's own bytes; closing the tensor releases the memory.
 */
class BatchTensorTest {
    private static final long SEED = 61L;
    private static final int LENGTH = 12;
    private static final byte RELEASED = (byte) 0xDB;

    @TempDir
    Path tmp;
    private Reference ref;
    private Dataset ds;
    private Dataset view;

    @BeforeEach
    void open() throws Exception {
        OnnxRuntimeCheck.require();
        SyntheticDataset truth = new SyntheticDataset(SEED, 0);
        ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
        ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), ref);
        view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks().withLen(OutputLength.fixed(LENGTH));
    }

    @AfterEach
    void close() {
        System.clearProperty(MemoryBudget.DEBUG_PROPERTY);
        ds.close();
        ref.close();
    }

    private DataLoader smallChunks() {
        // A small buffer: several chunks per epoch, so the first batch's slot is refilled unless it is held.
        return DataLoader.builder(view).batchSize(2).mode(Mode.BUFFERED).copy(false).bufferBytes(1 << 10).build();
    }

    @Test
    void aTensorUsedAfterItsBatchIsClosedReadsThatBatchSeed61() throws Exception {
        // Debug mode poisons recycled slot memory, so a tensor over released memory would read 0xDB bytes.
        System.setProperty(MemoryBudget.DEBUG_PROPERTY, "true");
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (DataLoader loader = smallChunks();
             OrtSession sums = env.createSession(OnnxPredictorTest.model("byte-sum.onnx").toString())) {
            Iterator<Batch> it = loader.iterator();
            Batch first = it.next();
            Dense haps = (Dense) first.array("haplotypes").array();
            byte[] want = haps.data().toArray(ValueLayout.JAVA_BYTE);
            int rows = want.length / LENGTH;
            BatchTensor t = BatchTensor.of(env, first, "haplotypes", new long[] {rows, LENGTH});
            first.close();
            int later = 0;
            while (it.hasNext()) {
                it.next().close();
                later++;
            }
            assertTrue(later >= 3, "the epoch must span several chunks, got " + later + " later batches");
            try (t; OrtSession.Result r = sums.run(Map.of("reference", t.tensor()))) {
                float[][] got = (float[][]) r.get(0).getValue();
                for (int row = 0; row < rows; row++) {
                    long sum = 0;
                    for (int l = 0; l < LENGTH; l++) {
                        sum += want[row * LENGTH + l] & 0xFF;
                    }
                    assertArrayEquals(new float[] {sum}, got[row], "row " + row);
                }
                assertTrue(t.isOpen());
            }
            assertFalse(t.isOpen());
        }
    }

    @Test
    void theTensorReadsTheBatchInPlaceAndClosingItReleasesTheMemorySeed61() throws Exception {
        System.setProperty(MemoryBudget.DEBUG_PROPERTY, "true");
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        // One chunk per epoch: once the batch and the tensor are closed the slot is recycled, not refilled.
        try (DataLoader loader = DataLoader.builder(view).batchSize(2).mode(Mode.BUFFERED).copy(false)
                .bufferBytes(64L << 20).build()) {
            Iterator<Batch> it = loader.iterator();
            Batch first = it.next();
            byte[] want = ((Dense) first.array("haplotypes").array()).data().toArray(ValueLayout.JAVA_BYTE);
            BatchTensor t = BatchTensor.of(env, first, "haplotypes");
            OnnxTensor tensor = t.tensor();
            assertArrayEquals(new long[] {2, 2, LENGTH}, tensor.getInfo().getShape());
            ByteBuffer raw = ((ByteBuffer) tensor.getBufferRef().orElseThrow()).duplicate();
            assertTrue(raw.isDirect(), "the tensor reads the batch's off-heap memory");
            byte[] seen = new byte[raw.remaining()];
            raw.duplicate().get(seen);
            assertArrayEquals(want, seen);
            first.close();
            assertArrayEquals(want, tensor.getByteBuffer().array(), "the held memory keeps its bytes");
            t.close();
            t.close();
            while (it.hasNext()) {
                it.next().close();
            }
            raw.duplicate().get(seen);
            for (byte b : seen) {
                assertEquals(RELEASED, b, "closing the tensor released the batch memory (poisoned in debug mode)");
            }
        }
    }

    @Test
    void refusesRaggedOutputsAndShapesOfAnotherSizeSeed61() {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (DataLoader ragged = DataLoader.builder(view.withLen(OutputLength.ragged())).batchSize(2).copy(false)
                .build();
             DataLoader fixed = smallChunks()) {
            try (Batch b = ragged.iterator().next()) {
                PredictionException e = assertThrows(PredictionException.class,
                        () -> BatchTensor.of(env, b, "haplotypes"));
                assertTrue(e.getMessage().contains("fixed length"), e.getMessage());
            }
            try (Batch b = fixed.iterator().next()) {
                PredictionException e = assertThrows(PredictionException.class,
                        () -> BatchTensor.of(env, b, "haplotypes", new long[] {3, LENGTH}));
                assertTrue(e.getMessage().contains("same element count"), e.getMessage());
            }
        }
    }
}
