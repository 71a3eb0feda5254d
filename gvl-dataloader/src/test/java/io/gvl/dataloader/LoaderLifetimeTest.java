package io.gvl.dataloader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataloader.internal.LoaderMemory;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.memory.MemoryBudget;
import io.gvl.dataset.memory.MemoryLimitException;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Iterator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The lifetime rules of loader memory: a retained view keeps its bytes while later chunks are produced, released
 * memory is poisoned in debug mode, unclosed batches are reported and reclaimed at close, budgets return to zero,
 * caps refuse with the typed error, and slots are opened once per loader rather than per batch.
 */
class LoaderLifetimeTest {
    private static final long SEED = 211L;
    @TempDir
    Path tmp;
    private Reference ref;
    private Dataset ds;
    private Dataset view;

    @BeforeEach
    void open() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(SEED, 0);
        Path dir = truth.writeDataset(tmp.resolve("ds"));
        ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
        ds = Dataset.open(dir, ref);
        view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks();
    }

    @AfterEach
    void close() {
        System.clearProperty(MemoryBudget.DEBUG_PROPERTY);
        ds.close();
        ref.close();
    }

    private static byte[] data(NamedArray a) {
        return ((Ragged) a.array()).data().toArray(ValueLayout.JAVA_BYTE);
    }

    @ParameterizedTest(name = "mode={0} seed=" + SEED)
    @EnumSource(value = Mode.class, names = {"BUFFERED", "DOUBLE_BUFFERED"})
    void aRetainedViewKeepsItsBytesWhileLaterChunksAreProduced(Mode mode) {
        // A small buffer: several chunks per epoch, so both slots are refilled while the view is held.
        try (DataLoader loader = DataLoader.builder(view).batchSize(2).mode(mode).copy(false).bufferBytes(1 << 12)
                .build()) {
            Iterator<Batch> it = loader.iterator();
            Batch first = it.next();
            byte[] want;
            try (DatasetOutput direct = view.get(first.regions(), first.samples())) {
                want = data(direct.arrays().get(0));
            }
            try (BatchView held = first.retain()) {
                first.close();
                int later = 0;
                while (it.hasNext()) {
                    try (Batch b = it.next()) {
                        later++;
                        assertTrue(b.size() > 0);
                    }
                }
                assertTrue(later >= 4, "the epoch must span several chunks, got " + later + " later batches");
                assertArrayEquals(want, data(held.arrays().get(0)), "the held view still reads its own batch");
            }
        }
    }

    @Test
    void aClosedViewRefusesItsArrays() {
        try (DataLoader loader = DataLoader.builder(view).batchSize(2).mode(Mode.BUFFERED).copy(false).build()) {
            Iterator<Batch> it = loader.iterator();
            try (Batch b = it.next()) {
                BatchView v = b.retain();
                v.close();
                v.close();
                assertFalse(v.isOpen());
                assertThrows(IllegalStateException.class, v::arrays);
            }
        }
    }

    @Test
    void debugModePoisonsReleasedSlotMemory() {
        System.setProperty(MemoryBudget.DEBUG_PROPERTY, "true");
        // One chunk per epoch: once its batches and views are closed the slot is recycled and not refilled.
        try (DataLoader loader = DataLoader.builder(view).batchSize(2).mode(Mode.BUFFERED).copy(false)
                .bufferBytes(64L << 20).build()) {
            Iterator<Batch> it = loader.iterator();
            Batch first = it.next();
            ByteBuffer raw;
            byte[] want;
            try (BatchView v = first.retain()) {
                String name = v.arrays().get(0).name();
                raw = v.data(name);
                want = new byte[raw.remaining()];
                raw.duplicate().get(want);
                assertArrayEquals(data(v.arrays().get(0)), want);
            }
            first.close();
            while (it.hasNext()) {
                it.next().close();
            }
            byte[] after = new byte[raw.remaining()];
            raw.duplicate().get(after);
            for (byte x : after) {
                assertEquals(LoaderMemory.POISON, x, "released slot memory is overwritten in debug mode");
            }
            assertTrue(want.length > 0);
        }
    }

    @Test
    void anUnclosedViewIsReportedAndReclaimedAtClose() {
        DataLoader loader = DataLoader.builder(view).batchSize(2).mode(Mode.BUFFERED).copy(false).build();
        Batch batch = loader.iterator().next();
        BatchView kept = batch.retain();
        batch.close();
        assertTrue(loader.memory().used() > 0);
        loader.close();
        assertTrue(loader.lastLeakReport().contains("were not closed"), loader.lastLeakReport());
        assertFalse(kept.isOpen(), "the loader reclaims views of its slots");
        assertThrows(IllegalStateException.class, kept::arrays);
        assertEquals(0, loader.memory().used());
        loader.close();
    }

    @Test
    void aBatchOfTheLoadersSlotsLeftOpenIsClosedWithTheEpoch() {
        DataLoader loader = DataLoader.builder(view).batchSize(2).mode(Mode.BUFFERED).copy(false).build();
        Batch kept = loader.iterator().next();
        loader.close();
        assertFalse(kept.isOpen(), "with copy=false a batch lives only as long as its epoch");
        assertEquals(0, loader.memory().used());
    }

    @Test
    void aCopiedBatchOutlivesTheLoaderAndIsReported() {
        DataLoader loader = DataLoader.builder(view).batchSize(2).mode(Mode.BUFFERED).copy(true).build();
        Batch kept = loader.iterator().next();
        byte[] before = data(kept.arrays().get(0));
        loader.close();
        assertTrue(loader.lastLeakReport().contains("copied batches are still open"), loader.lastLeakReport());
        assertTrue(kept.isOpen(), "a copied batch owns its memory");
        assertArrayEquals(before, data(kept.arrays().get(0)));
        kept.close();
    }

    @Test
    void everyClosedEpochLeavesNothingChargedAndOpensNoArenaPerBatch() {
        try (DataLoader loader = DataLoader.builder(view).batchSize(2).mode(Mode.BUFFERED).copy(false)
                .bufferBytes(1 << 12).build()) {
            int batches = 0;
            for (Batch b : loader) {
                b.close();
                batches++;
            }
            long afterFirst = loader.arenasCreated();
            for (Batch b : loader) {
                b.close();
            }
            assertEquals(afterFirst, loader.arenasCreated(), "a second epoch reuses the slots");
            assertTrue(afterFirst < batches, afterFirst + " arenas for " + batches + " batches");
        }
        assertEquals(0, ds.memory().used(), "the loader's charges leave the dataset's budget at close");
    }

    @ParameterizedTest(name = "mode={0} seed=" + SEED)
    @EnumSource(Mode.class)
    void aLoaderCapRefusesWithTheTypedError(Mode mode) {
        try (DataLoader loader = DataLoader.builder(view).batchSize(4).mode(mode).memoryLimit(64).build()) {
            MemoryLimitException e = assertThrows(MemoryLimitException.class, () -> loader.iterator().next());
            assertTrue(e.getMessage().contains("limit is 64"), e.getMessage());
        }
        assertEquals(0, ds.memory().used());
    }

    @Test
    void queryOutputsAreChargedToTheDatasetUntilClosedAndACapRefusesThem() {
        long bytes;
        try (DatasetOutput out = view.get(new int[] {0, 1}, new int[] {0, 1})) {
            bytes = out.arrays().stream().mapToLong(a -> a.array().byteSize()).sum();
            assertEquals(bytes, ds.memory().used());
            assertEquals(1, ds.memory().outstanding());
            assertTrue(ds.memory().leakReport().orElseThrow().contains("query output"));
        }
        assertEquals(0, ds.memory().used());
        assertTrue(ds.memory().leakReport().isEmpty());
        ds.memory().setLimit(bytes - 1);
        MemoryLimitException e = assertThrows(MemoryLimitException.class,
                () -> view.get(new int[] {0, 1}, new int[] {0, 1}));
        assertTrue(e.getMessage().contains("raise the limit"), e.getMessage());
        assertEquals(0, ds.memory().used(), "a refused query charges nothing");
    }
}
