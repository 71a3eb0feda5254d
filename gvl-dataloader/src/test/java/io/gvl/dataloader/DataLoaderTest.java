package io.gvl.dataloader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.Ragged;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DataLoaderTest {

    /** Checks every byte of a batch against the source's definition and returns its flat indices. */
    private static List<Long> checkBatch(Batch batch, int samples) {
        Ragged haps = (Ragged) batch.array("haplotypes").array();
        Dense track = (Dense) batch.array("track").array();
        int[] rs = batch.regions();
        int[] ss = batch.samples();
        assertArrayEquals(new long[] {rs.length, 2}, haps.leadingShape());
        assertArrayEquals(new long[] {rs.length, SyntheticSource.WIDTH}, track.shape());
        List<Long> flat = new ArrayList<>();
        for (int i = 0; i < rs.length; i++) {
            flat.add((long) rs[i] * samples + ss[i]);
            for (int h = 0; h < 2; h++) {
                byte[] row = haps.rowBytes(2L * i + h);
                assertEquals(SyntheticSource.length(rs[i], ss[i], h), row.length);
                for (int k = 0; k < row.length; k++) {
                    assertEquals(SyntheticSource.base(rs[i], ss[i], h, k), row[k]);
                }
            }
            for (int k = 0; k < SyntheticSource.WIDTH; k++) {
                assertEquals(SyntheticSource.value(rs[i], ss[i], k),
                        track.row(i).getAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, k));
            }
        }
        return flat;
    }

    private static List<Long> drain(DataLoader loader, int samples) {
        List<Long> seen = new ArrayList<>();
        for (Batch b : loader) {
            seen.addAll(checkBatch(b, samples));
            b.close();
        }
        return seen;
    }

    static Stream<Arguments> modes() {
        List<Arguments> out = new ArrayList<>();
        for (Mode m : Mode.values()) {
            for (boolean copy : new boolean[] {true, false}) {
                out.add(Arguments.of(m, copy));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "mode={0} copy={1}")
    @MethodSource("modes")
    void everyModeYieldsTheSameBatchesInOrder(Mode mode, boolean copy) {
        SyntheticSource src = new SyntheticSource(13, 3);
        try (DataLoader loader = DataLoader.builder(src).batchSize(4).mode(mode).copy(copy)
                .bufferBytes(2400).heartbeat(Duration.ofMillis(200)).build()) {
            assertEquals(10, loader.batchesPerEpoch());
            List<Long> seen = drain(loader, 3);
            assertEquals(LongStream.range(0, 39).boxed().toList(), seen);
            if (mode != Mode.NONE) {
                assertTrue(src.fetches.get() < 10, "chunks hold several batches: " + src.fetches.get() + " fetches");
            }
        }
    }

    @ParameterizedTest(name = "mode={0}")
    @MethodSource("shuffleModes")
    void shuffledEpochsAreReproduciblePermutationsThatDiffer(Mode mode) {
        List<List<Long>> epochsA = new ArrayList<>();
        List<List<Long>> epochsB = new ArrayList<>();
        try (DataLoader a = DataLoader.builder(new SyntheticSource(9, 4)).batchSize(5).shuffle(true).seed(42)
                .mode(mode).bufferBytes(1 << 12).build();
             DataLoader b = DataLoader.builder(new SyntheticSource(9, 4)).batchSize(5).shuffle(true).seed(42)
                .mode(Mode.NONE).build()) {
            for (int e = 0; e < 3; e++) {
                epochsA.add(drain(a, 4));
                epochsB.add(drain(b, 4));
            }
            assertEquals(3, a.epochs());
        }
        assertEquals(epochsB, epochsA, "same seed, same orders, whatever the mode");
        for (List<Long> epoch : epochsA) {
            assertEquals(LongStream.range(0, 36).boxed().toList(), epoch.stream().sorted().toList());
        }
        assertNotEquals(epochsA.get(0), epochsA.get(1));
        assertNotEquals(epochsA.get(1), epochsA.get(2));
        try (DataLoader other = DataLoader.builder(new SyntheticSource(9, 4)).batchSize(5).shuffle(true).seed(43)
                .build()) {
            assertNotEquals(epochsA.get(0), drain(other, 4));
        }
    }

    static Stream<Mode> shuffleModes() {
        return Stream.of(Mode.BUFFERED, Mode.DOUBLE_BUFFERED);
    }

    @Test
    void dropLastAndExplicitOrder() {
        long[] order = {5, 0, 7, 7, 2, 11, 3};
        try (DataLoader loader = DataLoader.builder(new SyntheticSource(4, 3)).batchSize(3).order(order)
                .dropLast(true).build()) {
            assertEquals(2, loader.batchesPerEpoch());
            assertEquals(List.of(5L, 0L, 7L, 7L, 2L, 11L), drain(loader, 3));
        }
        assertThrows(IllegalArgumentException.class, () -> DataLoader.builder(new SyntheticSource(4, 3))
                .order(new long[] {12}).build().iterator());
    }

    @Test
    void viewsDieWhenTheNextBatchIsRequested() {
        for (Mode mode : Mode.values()) {
            try (DataLoader loader = DataLoader.builder(new SyntheticSource(6, 2)).batchSize(2).mode(mode)
                    .copy(false).bufferBytes(1 << 12).build()) {
                Iterator<Batch> it = loader.iterator();
                Batch first = it.next();
                Ragged haps = (Ragged) first.array("haplotypes").array();
                haps.rowBytes(0);
                it.next();
                assertFalse(first.isOpen());
                assertThrows(IllegalStateException.class, () -> haps.rowBytes(0), mode.toString());
                assertThrows(IllegalStateException.class, first::arrays);
            }
        }
    }

    @Test
    void copiesOutliveTheIterationUntilClosed() {
        List<Batch> kept = new ArrayList<>();
        SyntheticSource src = new SyntheticSource(5, 2);
        try (DataLoader loader = DataLoader.builder(src).batchSize(3).mode(Mode.DOUBLE_BUFFERED)
                .bufferBytes(1 << 10).build()) {
            loader.forEach(kept::add);
        }
        List<Long> seen = new ArrayList<>();
        for (Batch b : kept) {
            seen.addAll(checkBatch(b, 2));
            b.close();
            b.close();
            assertThrows(IllegalStateException.class, () -> b.array("track"));
        }
        assertEquals(LongStream.range(0, 10).boxed().toList(), seen);
    }

    @Test
    void aBatchLargerThanASlotIsAClearError() {
        try (DataLoader loader = DataLoader.builder(new SyntheticSource(5, 2)).batchSize(10).mode(Mode.BUFFERED)
                .bufferBytes(100).build()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, loader::iterator);
            assertTrue(e.getMessage().contains("lower the batch size (10) or raise bufferBytes"), e.getMessage());
        }
    }

    @Test
    void producerFailureReachesTheConsumer() {
        SyntheticSource src = new SyntheticSource(5, 2);
        src.failOnFetch = new IllegalStateException("disk gone");
        for (Mode mode : new Mode[] {Mode.BUFFERED, Mode.DOUBLE_BUFFERED}) {
            try (DataLoader loader = DataLoader.builder(src).batchSize(2).mode(mode).bufferBytes(1 << 12)
                    .heartbeat(Duration.ofMillis(50)).build()) {
                Iterator<Batch> it = loader.iterator();
                assertTrue(it.hasNext());
                DataLoaderException e = assertThrows(DataLoaderException.class, it::next);
                assertEquals("disk gone", e.getCause().getMessage());
            }
        }
    }

    @Test
    void aCustomSourceIsFetchedOnlyOnTheProducerThreadOneCallAtATime() {
        // The consumer fetches chunks itself only from gvl's own dataset sources: a custom source is promised one
        // call at a time, on the producer thread, where a stall can be detected.
        for (Mode mode : new Mode[] {Mode.BUFFERED, Mode.DOUBLE_BUFFERED}) {
            for (boolean copy : new boolean[] {true, false}) {
                SyntheticSource src = new SyntheticSource(23, 3);
                try (DataLoader loader = DataLoader.builder(src).batchSize(2).mode(mode).copy(copy).bufferBytes(900)
                        .build()) {
                    for (int epoch = 0; epoch < 3; epoch++) {
                        for (Batch b : loader) {
                            b.close();
                        }
                    }
                }
                assertTrue(src.fetches.get() > 3, mode + " copy=" + copy + ": several chunks");
                assertEquals(1, src.fetchThreads.size(), mode + " copy=" + copy + ": " + src.fetchThreads);
                assertFalse(src.fetchThreads.contains(Thread.currentThread()), "never the consumer's thread");
            }
        }
    }

    @Test
    void aStalledProducerIsDetectedAndClosingReleasesIt() {
        SyntheticSource src = new SyntheticSource(5, 2);
        src.blockFetch = new java.util.concurrent.CountDownLatch(1);
        try (DataLoader loader = DataLoader.builder(src).batchSize(2).mode(Mode.BUFFERED).bufferBytes(1 << 12)
                .heartbeat(Duration.ofMillis(20)).stallTimeout(Duration.ofMillis(200)).build()) {
            Iterator<Batch> it = loader.iterator();
            DataLoaderException e = assertThrows(DataLoaderException.class, it::next);
            assertTrue(e.getMessage().contains("stalled"), e.getMessage());
            assertTrue(e.getMessage().contains("SyntheticSource") || e.getMessage().contains("await")
                    || e.getMessage().contains("park"), e.getMessage());
            src.blockFetch.countDown();
        }
    }

    @Test
    void closingMidEpochStopsTheProducerAndIsIdempotent() throws Exception {
        SyntheticSource src = new SyntheticSource(50, 4);
        DataLoader loader = DataLoader.builder(src).batchSize(4).mode(Mode.DOUBLE_BUFFERED).bufferBytes(600).build();
        Iterator<Batch> it = loader.iterator();
        it.next().close();
        loader.close();
        loader.close();
        Thread.sleep(100);
        int fetches = src.fetches.get();
        Thread.sleep(200);
        assertEquals(fetches, src.fetches.get(), "no fetches after close");
        assertTrue(Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith("gvl-prefetch") && t.isAlive()));
        assertThrows(IllegalStateException.class, loader::iterator);
    }

    @Test
    void aNewEpochEndsThePreviousOne() {
        try (DataLoader loader = DataLoader.builder(new SyntheticSource(6, 2)).batchSize(2).mode(Mode.BUFFERED)
                .copy(false).bufferBytes(1 << 12).build()) {
            Iterator<Batch> first = loader.iterator();
            Batch b = first.next();
            Iterator<Batch> second = loader.iterator();
            assertFalse(first.hasNext());
            assertFalse(b.isOpen());
            int n = 0;
            while (second.hasNext()) {
                checkBatch(second.next(), 2);
                n++;
            }
            assertEquals(6, n);
        }
    }
}
