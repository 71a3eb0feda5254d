package io.gvl.djl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import io.gvl.core.buffer.Ragged;
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
import java.nio.file.Path;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * NDArrays over a loader batch hold a retained view: the batch may be closed and later chunks produced while the
 * arrays are still computed on, and they read the batch's own bytes; closing them releases the memory. Debug mode
 * poisons recycled slot memory, so arrays over released memory would read {@code 0xDB} bytes.
 */
class BatchNDArraysTest {
    private static final long SEED = 71L;

    @TempDir
    Path tmp;
    private Reference ref;
    private Dataset ds;

    @BeforeEach
    void open() throws Exception {
        System.setProperty(MemoryBudget.DEBUG_PROPERTY, "true");
        SyntheticDataset truth = new SyntheticDataset(SEED, 0);
        ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
        ds = Dataset.open(truth.writeDataset(tmp.resolve("ds")), ref);
    }

    @AfterEach
    void close() {
        System.clearProperty(MemoryBudget.DEBUG_PROPERTY);
        ds.close();
        ref.close();
    }

    private static long byteSum(byte[] bytes) {
        long s = 0;
        for (byte b : bytes) {
            s += b & 0xFF;
        }
        return s;
    }

    @ParameterizedTest(name = "length={0} seed=" + SEED)
    @ValueSource(ints = {12, 0})
    void arraysUsedAfterTheirBatchIsClosedReadThatBatch(int length) {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks()
                .withLen(length > 0 ? OutputLength.fixed(length) : OutputLength.ragged());
        try (NDManager manager = PyTorch.manager();
             DataLoader loader = DataLoader.builder(view).batchSize(2).mode(Mode.BUFFERED).copy(false)
                     .bufferBytes(1 << 10).build()) {
            Iterator<Batch> it = loader.iterator();
            Batch first = it.next();
            byte[] want;
            long[] offsets = null;
            if (first.array("haplotypes").array() instanceof Ragged r) {
                want = r.data().asSlice(0, r.totalLength()).toArray(ValueLayout.JAVA_BYTE);
                offsets = r.offsets().toArray(ValueLayout.JAVA_LONG);
            } else {
                want = ((io.gvl.core.buffer.Dense) first.array("haplotypes").array()).data()
                        .toArray(ValueLayout.JAVA_BYTE);
            }
            BatchNDArrays arrays = BatchNDArrays.of(manager, first);
            first.close();
            int later = 0;
            while (it.hasNext()) {
                it.next().close();
                later++;
            }
            assertTrue(later >= 3, "the epoch must span several chunks, got " + later + " later batches");
            NDArray haps = arrays.get("haplotypes");
            assertEquals(DataType.UINT8, haps.getDataType());
            assertArrayEquals(want, haps.toByteArray(), "the arrays still read their own batch");
            assertEquals(byteSum(want), haps.toType(DataType.INT64, false).sum().getLong(), "computed on the bytes");
            if (offsets != null) {
                assertArrayEquals(offsets, arrays.get("haplotypes.offsets").toLongArray());
            } else {
                assertArrayEquals(new long[] {2, 2, length}, haps.getShape().getShape());
                assertThrows(NoSuchElementException.class, () -> arrays.get("haplotypes.offsets"));
            }
            assertTrue(arrays.isOpen());
            arrays.close();
            arrays.close();
            assertFalse(arrays.isOpen());
            assertTrue(haps.isReleased(), "the arrays are closed with the view");
        }
    }
}
