package io.gvl.dataloader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataloader.internal.ChunkSlotHeader;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * How the loader writes and hands over batches: the producer runs whole chunks ahead while the consumer holds a
 * batch (and no further than its memory allows); after the first epoch no mode opens an arena; no mode copies a
 * dataset view's outputs (the kernels write them once, into the memory the batches are views of); a source that
 * cannot write in place is copied once per prefetched chunk, and counted; and every batch still equals the direct
 * query of its instances.
 */
class PrefetchPipelineTest {
    private static final long SEED = 307L;
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
        ds.close();
        ref.close();
    }

    static Stream<Arguments> everyMode() {
        return Stream.concat(Stream.of(Arguments.of(Mode.NONE, true), Arguments.of(Mode.NONE, false)),
                prefetchModes());
    }

    static Stream<Arguments> prefetchModes() {
        return Stream.of(Arguments.of(Mode.BUFFERED, true), Arguments.of(Mode.BUFFERED, false),
                Arguments.of(Mode.DOUBLE_BUFFERED, true), Arguments.of(Mode.DOUBLE_BUFFERED, false));
    }

    /** A counting source over the view, so a test sees how far the producer got. */
    private static final class Counting implements BatchSource {
        private final DatasetSource inner;
        private final java.util.concurrent.atomic.AtomicInteger fetches = new java.util.concurrent.atomic.AtomicInteger();

        Counting(Dataset view) {
            inner = new DatasetSource(view);
        }

        @Override
        public int regions() {
            return inner.regions();
        }

        @Override
        public int samples() {
            return inner.samples();
        }

        @Override
        public long instanceBytes(int region, int sample) {
            return inner.instanceBytes(region, sample);
        }

        @Override
        public DatasetOutput fetch(int[] regions, int[] samples) {
            fetches.incrementAndGet();
            return inner.fetch(regions, samples);
        }

        @Override
        public List<NamedArray> fetch(int[] regions, int[] samples, java.lang.foreign.Arena arena) {
            fetches.incrementAndGet();
            return inner.fetch(regions, samples, arena);
        }
    }

    @ParameterizedTest(name = "mode={0} copy={1} seed=" + SEED)
    @MethodSource("prefetchModes")
    void theProducerRunsAheadByWholeChunksWhileTheConsumerHoldsABatch(Mode mode, boolean copy) throws Exception {
        // Fixed-length rows, so every batch has the same size, and a buffer of two batches: one batch per chunk.
        Dataset fixed = view.withLen(OutputLength.fixed(32));
        Counting src = new Counting(fixed);
        long batchBytes = 2 * fixed.outputBytes(0, 0);
        try (DataLoader loader = DataLoader.builder(src).batchSize(2).mode(mode).copy(copy).bufferBytes(2 * batchBytes)
                .build()) {
            assertTrue(loader.batchesPerEpoch() >= 6, "the epoch must span several chunks");
            Iterator<Batch> it = loader.iterator();
            // With copy=false batch 0 pins its slot, so the producer fills the other one and stops; with copy=true
            // batch 0 owns its memory, the consumer is past chunk 0, and the producer fills two more.
            int ahead = copy ? 3 : 2;
            try (Batch first = it.next()) {
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (src.fetches.get() < ahead && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                assertEquals(ahead, src.fetches.get(), "while batch 0 is held the next chunks are produced");
                Thread.sleep(200);
                assertEquals(ahead, src.fetches.get(), "and no further: two chunks' memory is all it may hold");
                assertTrue(first.size() > 0);
            }
            int rest = 0;
            while (it.hasNext()) {
                it.next().close();
                rest++;
            }
            assertEquals(loader.batchesPerEpoch() - 1, rest);
            EpochStats st = loader.lastEpochStats().orElseThrow();
            assertEquals(loader.batchesPerEpoch(), st.chunks(), "one chunk per batch with this buffer: " + st.summary());
        }
    }

    @ParameterizedTest(name = "mode={0} copy={1} seed=" + SEED)
    @MethodSource("everyMode")
    void batchesAreWrittenOnceIntoReusedMemoryAndEqualDirectQueries(Mode mode, boolean copy) {
        try (DataLoader loader = DataLoader.builder(view).batchSize(3).mode(mode).copy(copy).bufferBytes(1 << 13)
                .build()) {
            for (int epoch = 0; epoch < 3; epoch++) {
                List<Batch> kept = new ArrayList<>();
                for (Batch b : loader) {
                    try (DatasetOutput direct = view.get(b.regions(), b.samples())) {
                        for (int i = 0; i < direct.arrays().size(); i++) {
                            assertArrayEquals(data(direct.arrays().get(i)), data(b.arrays().get(i)),
                                    "batch " + b.index() + " of epoch " + epoch);
                        }
                    }
                    if (copy) {
                        kept.add(b); // batches that own their memory may be closed in any order
                    } else {
                        b.close();
                    }
                }
                kept.forEach(Batch::close);
                EpochStats st = loader.lastEpochStats().orElseThrow();
                if (epoch > 0) {
                    assertEquals(0, st.arenasCreated(), "epoch " + epoch + " reuses the slots and blocks: " + st.summary());
                }
                assertEquals(0, st.bytesCopied(), "written once, straight into the batches' memory: " + st.summary());
                assertEquals(0, st.copyNanos(), st.summary());
            }
        }
        assertEquals(0, ds.memory().used(), "the loader's charges leave the dataset's budget at close");
    }

    @ParameterizedTest(name = "mode={0} copy={1} seed=" + SEED)
    @MethodSource("prefetchModes")
    void aDatasetClosedUnderAnEpochFailsItsNextChunkWithTheCause(Mode mode, boolean copy) {
        // One batch per chunk, so most chunks are fetched after the close (the producer is at most two ahead).
        // Whichever thread fetches the first failing chunk (the caller or the producer), the caller gets a
        // DataLoaderException whose cause is the dataset's own refusal.
        Dataset fixed = view.withLen(OutputLength.fixed(32));
        long batchBytes = 2 * fixed.outputBytes(0, 0);
        try (DataLoader loader = DataLoader.builder(fixed).batchSize(2).mode(mode).copy(copy)
                .bufferBytes(2 * batchBytes).build()) {
            assertTrue(loader.batchesPerEpoch() >= 6, "the epoch must span several chunks");
            Iterator<Batch> it = loader.iterator();
            ds.close();
            DataLoaderException e = org.junit.jupiter.api.Assertions.assertThrows(DataLoaderException.class, () -> {
                while (it.hasNext()) {
                    it.next().close();
                }
            });
            assertTrue(e.getCause() instanceof IllegalStateException, "cause: " + e.getCause());
        }
    }

    @ParameterizedTest(name = "mode={0}")
    @org.junit.jupiter.params.provider.EnumSource(value = Mode.class, names = {"BUFFERED", "DOUBLE_BUFFERED"})
    void slotsHoldTheLargestChunkAnEpochCanPlanNotHalfTheBuffer(Mode mode) {
        // The default buffer is 2 GiB; chunks are about 16 MiB, so two slots of 1 GiB would be mostly idle memory
        // (or /dev/shm space) charged to the budget.
        try (DataLoader loader = DataLoader.builder(view).batchSize(3).mode(mode).copy(false).build()) {
            for (int epoch = 0; epoch < 2; epoch++) {
                int n = 0;
                for (Batch b : loader) {
                    b.close();
                    n++;
                }
                assertEquals(loader.batchesPerEpoch(), n);
            }
            long peak = loader.memory().peak();
            assertTrue(peak >= 2 * (16L << 20) && peak <= 2 * (17L << 20), "two slots of about 16 MiB: " + peak);
        }
    }

    @ParameterizedTest(name = "mode={0} copy={1}")
    @MethodSource("everyMode")
    void aSourceThatCannotWriteInPlaceIsCopiedOncePerChunkAndCounted(Mode mode, boolean copy) {
        SyntheticSource src = new SyntheticSource(13, 3); // inherits the copying fetch(regions, samples, arena)
        try (DataLoader loader = DataLoader.builder(src).batchSize(4).mode(mode).copy(copy).bufferBytes(2400)
                .build()) {
            // Several epochs: the producer starts copying as soon as an epoch starts, and each epoch's count must
            // still hold all of its copies (it once missed a first chunk copied before the count was read).
            for (int epoch = 0; epoch < 12; epoch++) {
                checkCopiesCounted(loader, mode);
            }
        }
    }

    /** Runs one epoch and checks that its statistics count each chunk's copy once (NONE: none). */
    private static void checkCopiesCounted(DataLoader loader, Mode mode) {
        long data = 0;
        for (Batch b : loader) {
            try (b) {
                for (NamedArray a : b.arrays()) {
                    data += a.array().byteSize();
                }
            }
        }
        EpochStats st = loader.lastEpochStats().orElseThrow();
        if (mode == Mode.NONE) {
            assertEquals(0, st.bytesCopied(), "NONE hands out the source's own outputs: " + st.summary());
            return;
        }
        // Chunks hold whole batches; a batch cut from a chunk has one more offset per ragged array than its share of
        // the chunk's, so the chunk copies are at most the batches' bytes, and less by at most 8 bytes per batch.
        assertTrue(st.bytesCopied() > 0 && st.bytesCopied() <= data,
                "each chunk copied once: " + st.summary() + ", batch bytes " + data);
        assertTrue(st.bytesCopied() >= data - 8L * st.batches(), st.summary() + ", batch bytes " + data);
    }

    @org.junit.jupiter.api.Test
    void doubleBufferedBatchesThatOwnTheirMemoryLieInSharedMemoryFilesRemovedOnceClosed() throws Exception {
        Set<Path> before = blockFiles();
        Batch first;
        try (DataLoader loader = DataLoader.builder(view).batchSize(3).mode(Mode.DOUBLE_BUFFERED).copy(true)
                .bufferBytes(1 << 13).build()) {
            first = loader.iterator().next();
            Set<Path> files = blockFiles();
            files.removeAll(before);
            assertFalse(files.isEmpty(), "the chunks are written into shared-memory block files");
            // Batch 0 starts its chunk: the block whose header says chunk 0 holds its bytes at the front.
            byte[] want = data(first.arrays().get(0));
            boolean found = false;
            for (Path f : files) {
                try (Arena arena = Arena.ofConfined(); FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
                    MemorySegment seg = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
                    if (seg.byteSize() < 8 || seg.get(ValueLayout.JAVA_LONG_UNALIGNED, 0) != ChunkSlotHeader.MAGIC) {
                        continue; // a block the producer has created for the next chunk but not filled yet
                    }
                    ChunkSlotHeader.Contents c = ChunkSlotHeader.read(seg);
                    if (c.sequence() == 0) {
                        byte[] chunk = data(c.arrays().get(0));
                        assertTrue(c.instances() >= first.size());
                        assertArrayEquals(want, Arrays.copyOf(chunk, want.length), f.toString());
                        found = true;
                    }
                }
            }
            assertTrue(found, "a block file holds chunk 0: " + files);
        }
        assertTrue(first.isOpen(), "a batch that owns its memory outlives the loader");
        Set<Path> held = blockFiles();
        held.removeAll(before);
        assertFalse(held.isEmpty(), "its block stays until it is closed");
        first.close();
        Set<Path> after = blockFiles();
        after.removeAll(before);
        assertEquals(Set.of(), after, "no block file is left once the loader and its batches are closed");
    }

    /** This JVM's shared-memory block files. */
    private static Set<Path> blockFiles() throws java.io.IOException {
        Path shm = Path.of("/dev/shm");
        Path dir = Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
        String prefix = "gvl-slot-" + ProcessHandle.current().pid() + "-";
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith(prefix)
                    && p.getFileName().toString().contains("-block")).collect(Collectors.toCollection(HashSet::new));
        }
    }

    private static byte[] data(NamedArray a) {
        return ((Ragged) a.array()).data().toArray(ValueLayout.JAVA_BYTE);
    }
}
