package io.gvl.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataloader.Batch;
import io.gvl.dataloader.BatchView;
import io.gvl.dataloader.DataLoader;
import io.gvl.dataloader.Mode;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Iterator;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrow views of loader batches are the batch's own memory (same addresses), read back through Arrow's own
 * accessors as the values of a direct query, survive a C Data export and re-import at the same address, and keep a
 * slot alive after the batch closes until Arrow releases it, after which the loader's memory returns to zero.
 */
class ArrowBatchesTest {
    private static final long SEED = 307L;
    @TempDir
    Path tmp;
    private Reference ref;
    private Dataset ds;
    private BufferAllocator allocator;

    @BeforeEach
    void open() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(SEED, 0);
        Path dir = truth.writeDataset(tmp.resolve("ds"));
        ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
        ds = Dataset.open(dir, ref);
        allocator = new RootAllocator();
    }

    @AfterEach
    void close() {
        assertEquals(0, allocator.getAllocatedMemory(), "every Arrow buffer is released");
        allocator.close();
        ds.close();
        ref.close();
    }

    @Test
    void raggedHaplotypesAndTracksAreTheBatchMemoryAndShareOffsets() {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withTracks("cov");
        int batches = 0;
        int sharedOffsets = 0;
        int copiedOffsets = 0;
        DataLoader loader = DataLoader.builder(view).batchSize(3).mode(Mode.BUFFERED).copy(false).build();
        try (loader) {
            for (Batch b : loader) {
                try (b; DatasetOutput direct = view.get(b.regions(), b.samples());
                     VectorSchemaRoot root = ArrowBatches.wrap(b, allocator)) {
                    assertEquals(b.size(), root.getRowCount());
                    assertEquals(2, root.getFieldVectors().size());
                    for (NamedArray a : b.arrays()) {
                        Ragged r = (Ragged) a.array();
                        LargeListVector list = assertInstanceOf(LargeListVector.class, leaf(root.getVector(a.name())));
                        assertEquals(r.data().address(), list.getDataVector().getDataBuffer().memoryAddress(),
                                a.name() + " data is not copied");
                        // The first ragged output's offsets are Arrow's; later equal offsets reuse that buffer.
                        if (a == b.arrays().getFirst() && r.offsets().isNative()) {
                            assertEquals(r.offsets().address(), list.getOffsetBuffer().memoryAddress());
                        } else if (!r.offsets().isNative()) {
                            copiedOffsets++;
                        }
                        assertSameValues(new NamedArray(a.name(), direct.get(a.name())), root.getVector(a.name()));
                    }
                    ArrowBuf hapOffsets = ((LargeListVector) leaf(root.getVector(DatasetOutput.HAPLOTYPES)))
                            .getOffsetBuffer();
                    ArrowBuf trackOffsets = ((LargeListVector) leaf(root.getVector(DatasetOutput.TRACKS)))
                            .getOffsetBuffer();
                    if (((Ragged) b.array(DatasetOutput.HAPLOTYPES).array()).offsets()
                            .mismatch(((Ragged) b.array(DatasetOutput.TRACKS).array()).offsets()) == -1) {
                        assertEquals(hapOffsets.memoryAddress(), trackOffsets.memoryAddress());
                        sharedOffsets++;
                    }
                }
                batches++;
            }
        }
        assertEquals(0, loader.memory().used(), "the loader's memory is back to zero at close");
        assertTrue(batches >= 3, "several batches, got " + batches);
        assertEquals(batches, sharedOffsets, "haplotypes and their realigned tracks have equal offsets");
        assertTrue(copiedOffsets > 0, "batches cut from a chunk carry heap offsets, which are copied");
    }

    @Test
    void fixedLengthOutputsAreFixedSizeListsWithoutOffsets() {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withTracks("cov").withLen(OutputLength.fixed(30));
        int batches = 0;
        try (DataLoader loader = DataLoader.builder(view).batchSize(4).mode(Mode.DOUBLE_BUFFERED).copy(false)
                .build()) {
            for (Batch b : loader) {
                try (b; DatasetOutput direct = view.get(b.regions(), b.samples());
                     VectorSchemaRoot root = ArrowBatches.wrap(b, allocator)) {
                    for (NamedArray a : b.arrays()) {
                        Dense d = assertInstanceOf(Dense.class, a.array());
                        FixedSizeListVector fixed = assertInstanceOf(FixedSizeListVector.class,
                                leaf(root.getVector(a.name())));
                        assertEquals(30, fixed.getListSize());
                        assertEquals(d.data().address(), fixed.getDataVector().getDataBuffer().memoryAddress());
                        assertSameValues(new NamedArray(a.name(), direct.get(a.name())), root.getVector(a.name()));
                    }
                }
                batches++;
            }
        }
        assertTrue(batches >= 2);
    }

    @Test
    void cDataExportAndReimportReadTheSameAddressAndBytes() {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withTracks("cov");
        try (DataLoader loader = DataLoader.builder(view).batchSize(4).copy(false).build()) {
            Iterator<Batch> it = loader.iterator();
            Batch b = it.next();
            BatchView held = b.retain();
            long dataAddress = ((Ragged) held.array(DatasetOutput.HAPLOTYPES).array()).data().address();
            byte[] want = bytes(((Ragged) held.array(DatasetOutput.HAPLOTYPES).array()).data());
            try (ArrowArray array = ArrowArray.allocateNew(allocator);
                 ArrowSchema schema = ArrowSchema.allocateNew(allocator)) {
                try (VectorSchemaRoot root = ArrowBatches.wrap(held, allocator)) {
                    ArrowBatches.exportToC(root, allocator, array, schema);
                }
                b.close();
                assertTrue(held.isOpen(), "the exported struct still holds the view");
                try (VectorSchemaRoot back = Data.importVectorSchemaRoot(allocator, array, schema, null)) {
                    LargeListVector list = (LargeListVector) leaf(back.getVector(DatasetOutput.HAPLOTYPES));
                    ArrowBuf data = list.getDataVector().getDataBuffer();
                    assertEquals(dataAddress, data.memoryAddress(), "the consumer reads the batch's own bytes");
                    byte[] got = new byte[want.length];
                    data.getBytes(0, got);
                    assertArrayEquals(want, got);
                }
                assertFalse(held.isOpen(), "the consumer's release closes the view");
            }
            long pooled = loader.memory().used();
            try (Batch next = it.next()) {
                assertTrue(next.size() > 0);
                assertEquals(pooled, loader.memory().used(),
                        "the released block is back in the pool: the next batch reuses it, nothing new is charged");
            }
        }
    }

    @Test
    void aReleaseAfterTheBatchClosedReadsTheRightBytesAndThenReturnsTheSlot() {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks();
        DataLoader loader = DataLoader.builder(view).batchSize(2).mode(Mode.DOUBLE_BUFFERED).copy(false)
                .bufferBytes(1 << 12).build();
        Iterator<Batch> it = loader.iterator();
        Batch first = it.next();
        byte[] want;
        try (DatasetOutput direct = view.get(first.regions(), first.samples())) {
            want = bytes(((Ragged) direct.get(DatasetOutput.HAPLOTYPES)).data());
        }
        BatchView held = first.retain();
        VectorSchemaRoot root = ArrowBatches.wrap(held, allocator);
        first.close();
        int later = 0;
        while (it.hasNext()) {
            Batch b = it.next();
            later++;
            b.close();
        }
        assertTrue(later >= 4, "later chunks refill the other slots, got " + later + " later batches");
        LargeListVector list = (LargeListVector) leaf(root.getVector(DatasetOutput.HAPLOTYPES));
        byte[] got = new byte[want.length];
        list.getDataVector().getDataBuffer().getBytes(0, got);
        assertArrayEquals(want, got, "the Arrow view still reads its own batch");
        assertTrue(held.isOpen());
        assertTrue(loader.memory().used() > 0);
        root.close();
        assertFalse(held.isOpen(), "Arrow's release closes the view");
        loader.close();
        assertEquals(0, loader.memory().used());
    }

    /** The list vector under the FixedSizeList levels of the leading axes (or the fixed-size row list). */
    private static FieldVector leaf(FieldVector v) {
        while (v instanceof FixedSizeListVector f && f.getDataVector() instanceof FixedSizeListVector
                || v instanceof FixedSizeListVector f2 && f2.getDataVector() instanceof LargeListVector) {
            v = ((FixedSizeListVector) v).getDataVector();
        }
        return v;
    }

    /** Compares through Arrow's own offsets and buffers, row by row, with an independently computed array. */
    private static void assertSameValues(NamedArray want, FieldVector top) {
        FlatArray w = want.array();
        FieldVector v = leaf(top);
        int size = w.dtype().byteSize();
        switch (w) {
            case Ragged r -> {
                LargeListVector list = (LargeListVector) v;
                assertEquals(r.rows(), list.getValueCount(), want.name() + " rows");
                ArrowBuf data = list.getDataVector().getDataBuffer();
                for (int row = 0; row < r.rows(); row++) {
                    long start = list.getElementStartIndex(row);
                    long end = list.getElementEndIndex(row);
                    assertEquals(r.length(row), end - start, want.name() + " row " + row + " length");
                    byte[] got = new byte[Math.toIntExact((end - start) * size)];
                    data.getBytes(start * size, got);
                    assertArrayEquals(bytes(r.row(row)), got, want.name() + " row " + row);
                }
            }
            case Dense d -> {
                FixedSizeListVector fixed = (FixedSizeListVector) v;
                assertEquals(d.rows(), fixed.getValueCount());
                byte[] got = new byte[Math.toIntExact(d.byteSize())];
                fixed.getDataVector().getDataBuffer().getBytes(0, got);
                assertArrayEquals(bytes(d.data()), got, want.name());
            }
        }
    }

    private static byte[] bytes(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }
}
