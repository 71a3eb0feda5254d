package io.gvl.handoff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataloader.Batch;
import io.gvl.dataloader.BatchSource;
import io.gvl.dataloader.DataLoader;
import io.gvl.dataloader.DatasetSource;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The slot-ring protocol without Python: a consumer thread in this JVM follows docs/handoff.md (maps the slot file
 * named by each descriptor, checks every buffer's CRC32, releases the slot), and every batch it reads equals a
 * direct query of the same instances byte for byte; a consumer that stops releasing, closes its stream or sends a
 * bad line makes the writer fail with a typed error instead of hanging.
 */
class HandoffWriterTest {
    private static final long SEED = 401L;
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path tmp;
    private Reference ref;
    private Dataset ds;

    @BeforeEach
    void open() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(SEED, 0);
        Path dir = truth.writeDataset(tmp.resolve("ds"));
        ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
        ds = Dataset.open(dir, ref);
    }

    @AfterEach
    void close() {
        ds.close();
        ref.close();
    }

    /** What the consumer saw: one entry per batch descriptor, plus the control lines. */
    private record Seen(List<JsonNode> batches, List<String> types, int sharedOffsets) {
    }

    @ParameterizedTest(name = "fixedLength={0} seed=" + SEED)
    @ValueSource(booleans = {false, true})
    void everyBatchReadFromItsSlotEqualsADirectQuery(boolean fixedLength) throws Exception {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withTracks("cov");
        if (fixedLength) {
            view = view.withLen(OutputLength.fixed(24));
        }
        Dataset checked = view;
        Path slots = tmp.resolve("slots");
        Pipe descriptors = Pipe.open();
        Pipe releases = Pipe.open();
        long written;
        CompletableFuture<Seen> consumer;
        // Initial slot files of the minimum size (1 MiB); SlotRingTest covers growing them.
        try (SlotRing ring = SlotRing.create(slots, 2, 0);
             DataLoader loader = DataLoader.builder(view).batchSize(3).shuffle(true).seed(SEED).copy(false)
                     .build()) {
            consumer = CompletableFuture.supplyAsync(() -> consume(descriptors.source(), releases.sink(), slots,
                    checked));
            HandoffWriter w = new HandoffWriter(ring, Channels.newOutputStream(descriptors.sink()),
                    Channels.newInputStream(releases.source()), Duration.ofSeconds(30));
            written = w.run(loader, 2);
            Seen seen = consumer.get();
            assertEquals(written, seen.batches().size());
            assertEquals(2L * loader.batchesPerEpoch(), written);
            assertEquals(List.of("hello", "epoch_end", "epoch_end", "done"), seen.types());
            if (!fixedLength) {
                assertEquals(written, seen.sharedOffsets(), "tracks point at the haplotypes' offsets");
            }
            assertTrue(Files.exists(slots.resolve(SlotRing.fileName(1))));
        }
        assertFalse(Files.exists(slots.resolve(SlotRing.fileName(0))), "closing the ring deletes its files");
    }

    @ParameterizedTest(name = "fixedLength={0} seed=" + SEED)
    @ValueSource(booleans = {false, true})
    void batchesProducedStraightIntoTheSlotsEqualADirectQuery(boolean fixedLength) throws Exception {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withTracks("cov");
        if (fixedLength) {
            view = view.withLen(OutputLength.fixed(24));
        }
        Dataset checked = view;
        Path slots = tmp.resolve("slots");
        Pipe descriptors = Pipe.open();
        Pipe releases = Pipe.open();
        try (SlotRing ring = SlotRing.create(slots, 2, 0)) {
            CompletableFuture<Seen> consumer = CompletableFuture.supplyAsync(() -> consume(descriptors.source(),
                    releases.sink(), slots, checked));
            HandoffWriter w = new HandoffWriter(ring, Channels.newOutputStream(descriptors.sink()),
                    Channels.newInputStream(releases.source()), Duration.ofSeconds(30), true);
            long written = w.run(new DatasetSource(view), 3, true, SEED, 2);
            Seen seen = consumer.get();
            assertEquals(written, seen.batches().size());
            assertEquals(2L * Math.ceilDiv(view.size(), 3), written);
            assertEquals(List.of("hello", "epoch_end", "epoch_end", "done"), seen.types());
            if (!fixedLength) {
                assertEquals(written, seen.sharedOffsets(), "tracks point at the haplotypes' offsets");
            }
            // Every instance once per epoch, and the two epochs in different orders.
            List<List<Long>> orders = List.of(new ArrayList<>(), new ArrayList<>());
            for (JsonNode d : seen.batches()) {
                int[] r = JSON.treeToValue(d.get("regions"), int[].class);
                int[] smp = JSON.treeToValue(d.get("samples"), int[].class);
                for (int i = 0; i < r.length; i++) {
                    orders.get(d.get("epoch").asInt()).add((long) r[i] * view.sampleCount() + smp[i]);
                }
            }
            for (List<Long> order : orders) {
                assertEquals(java.util.stream.LongStream.range(0, view.size()).boxed().toList(),
                        order.stream().sorted().toList());
            }
            assertFalse(orders.get(0).equals(orders.get(1)), "each epoch is shuffled anew");
        }
    }

    @Test
    void withoutChecksumsTheDescriptorsCarryNoCrcAndTheSameBytes() throws Exception {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks();
        Path slots = tmp.resolve("slots");
        Pipe descriptors = Pipe.open();
        Pipe releases = Pipe.open();
        try (SlotRing ring = SlotRing.create(slots, 3, 0)) {
            CompletableFuture<Seen> consumer = CompletableFuture.supplyAsync(() -> consume(descriptors.source(),
                    releases.sink(), slots, view));
            HandoffWriter w = new HandoffWriter(ring, Channels.newOutputStream(descriptors.sink()),
                    Channels.newInputStream(releases.source()), Duration.ofSeconds(30), false);
            long written = w.run(new DatasetSource(view), 4, false, SEED, 1);
            Seen seen = consumer.get();
            assertEquals(written, seen.batches().size());
            for (JsonNode d : seen.batches()) {
                for (JsonNode a : d.get("arrays")) {
                    assertFalse(a.has("data_crc32") || a.has("offsets_crc32"), a.toString());
                }
            }
        }
    }

    @Test
    void aSourceThatOutgrowsItsSlotIsCopiedThereAndTheSlotGrows() throws Exception {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks();
        // A source that allocates 3 MiB of scratch from the arena before its outputs, more than it announces.
        BatchSource greedy = new BatchSource() {
            private final DatasetSource inner = new DatasetSource(view);

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
                return inner.fetch(regions, samples);
            }

            @Override
            public List<NamedArray> fetch(int[] regions, int[] samples, Arena arena) {
                arena.allocate(3L << 20, 64);
                return inner.fetch(regions, samples, arena);
            }
        };
        Path slots = tmp.resolve("slots");
        Pipe descriptors = Pipe.open();
        Pipe releases = Pipe.open();
        try (SlotRing ring = SlotRing.create(slots, 2, 0)) {
            CompletableFuture<Seen> consumer = CompletableFuture.supplyAsync(() -> consume(descriptors.source(),
                    releases.sink(), slots, view));
            HandoffWriter w = new HandoffWriter(ring, Channels.newOutputStream(descriptors.sink()),
                    Channels.newInputStream(releases.source()), Duration.ofSeconds(30), true);
            long written = w.run(greedy, 5, false, SEED, 1);
            Seen seen = consumer.get();
            assertEquals(written, seen.batches().size());
            assertTrue(seen.batches().size() >= 3, "more batches than slots: " + seen.batches().size());
            // The first batch in each slot was copied (after its scratch overflowed); the slot then grew to fit.
            assertTrue(seen.batches().get(seen.batches().size() - 1).get("file_bytes").asLong() >= 4L << 20,
                    seen.batches().get(seen.batches().size() - 1).toString());
        }
    }

    private static Seen consume(Pipe.SourceChannel in, Pipe.SinkChannel out, Path dir, Dataset view) {
        List<JsonNode> batches = new ArrayList<>();
        List<String> types = new ArrayList<>();
        int shared = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(Channels.newInputStream(in),
                StandardCharsets.UTF_8)); OutputStream release = Channels.newOutputStream(out)) {
            for (String line; (line = r.readLine()) != null; ) {
                JsonNode d = JSON.readTree(line);
                String type = d.get("type").asText();
                if (!type.equals("batch")) {
                    types.add(type);
                    if (type.equals("done")) {
                        break;
                    }
                    continue;
                }
                batches.add(d);
                shared += check(d, dir, view);
                release.write(("{\"type\":\"release\",\"slot\":" + d.get("slot").asInt() + "}\n")
                        .getBytes(StandardCharsets.UTF_8));
                release.flush();
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return new Seen(batches, types, shared);
    }

    /** Checks one batch in its slot against a direct query; returns 1 if its second array reuses offsets. */
    private static int check(JsonNode d, Path dir, Dataset view) throws Exception {
        int[] regions = JSON.treeToValue(d.get("regions"), int[].class);
        int[] samples = JSON.treeToValue(d.get("samples"), int[].class);
        try (Arena arena = Arena.ofConfined();
             FileChannel ch = FileChannel.open(dir.resolve(d.get("file").asText()));
             DatasetOutput direct = view.get(regions, samples)) {
            MemorySegment slot = ch.map(FileChannel.MapMode.READ_ONLY, 0, d.get("file_bytes").asLong(), arena);
            JsonNode arrays = d.get("arrays");
            assertEquals(direct.arrays().size(), arrays.size());
            for (JsonNode a : arrays) {
                FlatArray want = direct.get(a.get("name").asText());
                MemorySegment data = slot.asSlice(a.get("data_offset").asLong(), a.get("data_bytes").asLong());
                if (a.has("data_crc32")) {
                    assertEquals(a.get("data_crc32").asLong(), crc(data));
                }
                MemorySegment wantData = want instanceof Ragged r ? r.data() : ((Dense) want).data();
                assertArrayEquals(wantData.toArray(ValueLayout.JAVA_BYTE), data.toArray(ValueLayout.JAVA_BYTE));
                assertEquals(want instanceof Ragged ? "ragged" : "dense", a.get("kind").asText());
                if (want instanceof Ragged r) {
                    MemorySegment offs = slot.asSlice(a.get("offsets_offset").asLong(),
                            a.get("offsets_bytes").asLong());
                    if (a.has("offsets_crc32")) {
                        assertEquals(a.get("offsets_crc32").asLong(), crc(offs));
                    }
                    assertArrayEquals(r.offsets().toArray(ValueLayout.JAVA_BYTE),
                            offs.toArray(ValueLayout.JAVA_BYTE));
                }
            }
            boolean reused = arrays.size() == 2 && arrays.get(1).has("offsets_offset")
                    && arrays.get(1).get("offsets_offset").asLong() == arrays.get(0).get("offsets_offset").asLong();
            return reused ? 1 : 0;
        }
    }

    private static long crc(MemorySegment s) {
        CRC32 c = new CRC32();
        c.update(s.toArray(ValueLayout.JAVA_BYTE));
        return c.getValue();
    }

    @Test
    void aConsumerThatNeverReleasesMakesTheWriterFailAfterTheTimeout() throws Exception {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks();
        Pipe releases = Pipe.open();
        try (SlotRing ring = SlotRing.create(tmp.resolve("slots"), 2, 1 << 16);
             DataLoader loader = DataLoader.builder(view).batchSize(2).copy(false).build()) {
            HandoffWriter w = new HandoffWriter(ring, OutputStream.nullOutputStream(),
                    Channels.newInputStream(releases.source()), Duration.ofMillis(200));
            Iterator<Batch> it = loader.iterator();
            try (Batch a = it.next()) {
                assertEquals(0, w.write(0, a));
            }
            try (Batch b = it.next()) {
                assertEquals(1, w.write(0, b));
            }
            try (Batch c = it.next()) {
                HandoffException e = assertThrows(HandoffException.class, () -> w.write(0, c));
                assertTrue(e.getMessage().contains("no release from the consumer"), e.getMessage());
                assertTrue(e.getMessage().contains("all 2 in"), e.getMessage());
            }
        }
    }

    @Test
    void aConsumerMayHoldAllButOneSlotAndReleaseThemInAnyOrder() throws Exception {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks();
        Pipe releases = Pipe.open();
        try (SlotRing ring = SlotRing.create(tmp.resolve("slots"), 3, 1 << 16);
             DataLoader loader = DataLoader.builder(view).batchSize(1).copy(false).build();
             OutputStream release = Channels.newOutputStream(releases.sink())) {
            HandoffWriter w = new HandoffWriter(ring, OutputStream.nullOutputStream(),
                    Channels.newInputStream(releases.source()), Duration.ofSeconds(30));
            Iterator<Batch> it = loader.iterator();
            List<Integer> used = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                try (Batch b = it.next()) {
                    used.add(w.write(0, b));
                }
            }
            assertEquals(List.of(0, 1, 2), used, "round-robin while every slot is free");
            // Slots 0 and 1 stay held; releasing only the newest slot lets the writer go on, into that slot.
            release.write("{\"type\":\"release\",\"slot\":2}\n".getBytes(StandardCharsets.UTF_8));
            release.flush();
            try (Batch b = it.next()) {
                assertEquals(2, w.write(0, b));
            }
            release.write("{\"type\":\"release\",\"slot\":1}\n".getBytes(StandardCharsets.UTF_8));
            release.flush();
            try (Batch b = it.next()) {
                assertEquals(1, w.write(0, b));
            }
        }
    }

    @Test
    void aClosedReleaseStreamWhileASlotIsInUseFailsAtOnce() throws Exception {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks();
        Pipe releases = Pipe.open();
        try (SlotRing ring = SlotRing.create(tmp.resolve("slots"), 1, 1 << 16);
             DataLoader loader = DataLoader.builder(view).batchSize(2).copy(false).build()) {
            HandoffWriter w = new HandoffWriter(ring, OutputStream.nullOutputStream(),
                    Channels.newInputStream(releases.source()), Duration.ofSeconds(30));
            Iterator<Batch> it = loader.iterator();
            try (Batch a = it.next()) {
                w.write(0, a);
            }
            releases.sink().close();
            long start = System.nanoTime();
            try (Batch b = it.next()) {
                HandoffException e = assertThrows(HandoffException.class, () -> w.write(0, b));
                assertTrue(e.getMessage().contains("closed its release stream"), e.getMessage());
            }
            assertTrue(System.nanoTime() - start < Duration.ofSeconds(20).toNanos(), "no wait for the timeout");
        }
    }

    @Test
    void aBadReleaseLineIsRefusedNamingIt() throws Exception {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withoutTracks();
        Pipe releases = Pipe.open();
        try (SlotRing ring = SlotRing.create(tmp.resolve("slots"), 1, 1 << 16);
             DataLoader loader = DataLoader.builder(view).batchSize(2).copy(false).build()) {
            HandoffWriter w = new HandoffWriter(ring, OutputStream.nullOutputStream(),
                    Channels.newInputStream(releases.source()), Duration.ofSeconds(30));
            Iterator<Batch> it = loader.iterator();
            try (Batch a = it.next()) {
                w.write(0, a);
            }
            try (OutputStream out = Channels.newOutputStream(releases.sink())) {
                out.write("{\"type\":\"release\",\"slot\":7}\n".getBytes(StandardCharsets.UTF_8));
            }
            try (Batch b = it.next()) {
                HandoffException e = assertThrows(HandoffException.class, () -> w.write(0, b));
                assertTrue(e.getMessage().contains("release line 1"), e.getMessage());
                assertTrue(e.getMessage().contains("\"slot\":7"), e.getMessage());
            }
        }
    }
}
