package io.gvl.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gvl.testing.SyntheticDataset;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A whole producer run from options, as {@code HandoffMain} and {@code gvl handoff} run it: over pipes and over a
 * Unix socket, sharded between consumers (the shards together send exactly what one producer sends, batch for
 * batch and byte for byte by CRC32), and the option parsing and socket errors a user meets.
 */
class HandoffProducerTest {
    private static final long SEED = 907L;
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path tmp;
    private Path dataset;
    private Path fasta;

    @BeforeEach
    void write() throws Exception {
        SyntheticDataset truth = new SyntheticDataset(SEED, 0);
        dataset = truth.writeDataset(tmp.resolve("ds"));
        fasta = truth.writeFasta(tmp);
    }

    private HandoffOptions options(Shard shard, Optional<Path> listen) {
        HandoffOptions d = HandoffOptions.defaults(dataset);
        return new HandoffOptions(dataset, Optional.of(fasta), tmp.resolve("slots-" + shard.index()), 2, 0, 3, 2,
                true, SEED, d.seqs(), List.of("cov"), OptionalInt.empty(), Duration.ofSeconds(30),
                HandoffOptions.WriterMode.DIRECT, true, Optional.empty(), shard, listen, Duration.ofSeconds(30));
    }

    /** Reads descriptor lines to the end, releasing each batch at once; returns the batch descriptors by "epoch/index". */
    private static Map<String, JsonNode> consume(java.io.InputStream in, OutputStream releases) {
        Map<String, JsonNode> batches = new TreeMap<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                JsonNode m = JSON.readTree(line);
                if (m.get("type").asText().equals("batch")) {
                    batches.put(m.get("epoch").asInt() + "/" + m.get("index").asInt(), m);
                    releases.write(("{\"type\":\"release\",\"slot\":" + m.get("slot").asInt() + "}\n")
                            .getBytes(StandardCharsets.UTF_8));
                    releases.flush();
                }
            }
            return batches;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private Map<String, JsonNode> runOverPipes(Shard shard) throws Exception {
        Pipe descriptors = Pipe.open();
        Pipe releases = Pipe.open();
        CompletableFuture<Map<String, JsonNode>> consumer = CompletableFuture.supplyAsync(() -> consume(
                Channels.newInputStream(descriptors.source()), Channels.newOutputStream(releases.sink())));
        try (OutputStream out = Channels.newOutputStream(descriptors.sink())) {
            HandoffProducer.run(options(shard, Optional.empty()), out, Channels.newInputStream(releases.source()),
                    new PrintStream(OutputStream.nullOutputStream()));
        }
        return consumer.get(60, TimeUnit.SECONDS);
    }

    @ParameterizedTest(name = "shards={0} seed=" + SEED)
    @ValueSource(ints = {2, 3, 7})
    void shardsTogetherSendWhatOneProducerSends(int count) throws Exception {
        Map<String, JsonNode> whole = runOverPipes(Shard.ALL);
        Map<String, JsonNode> union = new TreeMap<>();
        for (int i = 0; i < count; i++) {
            Map<String, JsonNode> part = runOverPipes(new Shard(i, count));
            for (String key : part.keySet()) {
                assertEquals(i, Integer.parseInt(key.split("/")[1]) % count, key + " sent by shard " + i);
                assertTrue(union.put(key, part.get(key)) == null, key + " sent twice");
            }
        }
        assertEquals(whole.keySet(), union.keySet());
        for (String key : whole.keySet()) {
            for (String field : List.of("regions", "samples")) {
                assertEquals(whole.get(key).get(field), union.get(key).get(field), key + " " + field);
            }
            for (int a = 0; a < whole.get(key).get("arrays").size(); a++) {
                JsonNode w = whole.get(key).get("arrays").get(a);
                JsonNode u = union.get(key).get("arrays").get(a);
                assertEquals(w.get("data_crc32"), u.get("data_crc32"), key + " " + w.get("name"));
                assertEquals(w.get("offsets_crc32"), u.get("offsets_crc32"), key + " " + w.get("name"));
            }
        }
        assertFalse(Files.exists(tmp.resolve("slots-0")), "the slot directory is removed");
    }

    @Test
    void aConsumerAttachesOverAUnixSocket() throws Exception {
        Path sock = tmp.resolve("p.sock");
        ByteArrayOutputStream notices = new ByteArrayOutputStream();
        CompletableFuture<Long> producer = CompletableFuture.supplyAsync(() -> {
            try {
                return HandoffProducer.run(options(Shard.ALL, Optional.of(sock)), OutputStream.nullOutputStream(),
                        new ByteArrayInputStream(new byte[0]), new PrintStream(notices, true, StandardCharsets.UTF_8));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        SocketChannel client = connect(sock);
        Map<String, JsonNode> seen;
        try (client) {
            seen = consume(Channels.newInputStream(client), Channels.newOutputStream(client));
        }
        assertEquals((long) seen.size(), producer.get(60, TimeUnit.SECONDS));
        assertTrue(seen.size() > 2, "batches of two epochs");
        assertFalse(Files.exists(sock), "the socket file is gone once the consumer is connected");
        assertTrue(notices.toString(StandardCharsets.UTF_8).contains("waiting for a consumer on " + sock));
    }

    private static SocketChannel connect(Path sock) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                return SocketChannel.open(UnixDomainSocketAddress.of(sock));
            } catch (java.io.IOException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(20);
            }
        }
    }

    @Test
    void aStaleSocketIsReplacedAndAnythingElseAtThePathIsRefused() throws Exception {
        Path stale = tmp.resolve("stale.sock");
        try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            dead.bind(UnixDomainSocketAddress.of(stale));
        }
        assertTrue(Files.exists(stale), "closing a Unix server socket leaves its file");
        HandoffException timeout = assertThrows(HandoffException.class,
                () -> ConsumerSocket.accept(stale, Duration.ofMillis(300)));
        assertTrue(timeout.getMessage().contains("no consumer connected to " + stale + " within"), timeout::getMessage);
        assertFalse(Files.exists(stale));

        Path file = Files.writeString(tmp.resolve("notes.txt"), "x");
        HandoffException notSocket = assertThrows(HandoffException.class,
                () -> ConsumerSocket.accept(file, Duration.ofSeconds(1)));
        assertTrue(notSocket.getMessage().contains("is not a socket"), notSocket::getMessage);
        assertEquals("x", Files.readString(file), "a file that is not a socket is left alone");

        Path live = tmp.resolve("live.sock");
        try (ServerSocketChannel other = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            other.bind(UnixDomainSocketAddress.of(live));
            HandoffException taken = assertThrows(HandoffException.class,
                    () -> ConsumerSocket.accept(live, Duration.ofSeconds(1)));
            assertTrue(taken.getMessage().contains("another producer is listening on " + live), taken::getMessage);
        }
    }

    @Test
    void theCommandLineTakesTheDatasetFirstOrAsAnOption() {
        HandoffOptions first = HandoffMain.parse(new String[] {"my.gvl", "--shard", "1/4", "--listen", "/tmp/s",
            "--length", "128", "--seqs", "Reference"});
        assertEquals(Path.of("my.gvl"), first.dataset());
        assertEquals(new Shard(1, 4), first.shard());
        assertEquals(Optional.of(Path.of("/tmp/s")), first.listen());
        assertEquals(OptionalInt.of(128), first.length());
        assertEquals(io.gvl.dataset.settings.SeqKind.REFERENCE, first.seqs());
        assertEquals(Path.of("my.gvl"), HandoffMain.parse(new String[] {"--dataset", "my.gvl"}).dataset());
        assertEquals(Shard.ALL, HandoffMain.parse(new String[] {"my.gvl"}).shard());
    }

    @Test
    void badOptionsNameTheOption() {
        Map<String, String[]> cases = Map.of(
                "--dataset DIR is required", new String[] {"--shuffle"},
                "a shard is I/N", new String[] {"d", "--shard", "4/4"},
                "--shard 0/2 needs --mode direct", new String[] {"d", "--shard", "0/2", "--mode", "buffered"},
                "--mode fast is not one of", new String[] {"d", "--mode", "fast"},
                "--batch-size must be >= 1", new String[] {"d", "--batch-size", "0"},
                "--epochs needs an integer", new String[] {"d", "--epochs", "many"},
                "--slots 99999999999 is out of range", new String[] {"d", "--slots", "99999999999"},
                "unknown or incomplete option '--frobnicate'", new String[] {"d", "--frobnicate"});
        cases.forEach((message, args) -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HandoffMain.parse(args));
            assertTrue(e.getMessage().contains(message), () -> message + " in " + e.getMessage());
        });
    }

    @Test
    void shardsPartitionEveryEpochSeed907() {
        SplittableRandom random = new SplittableRandom(SEED);
        for (int trial = 0; trial < 500; trial++) {
            int count = 1 + random.nextInt(9);
            int batches = random.nextInt(40);
            List<Integer> owners = new ArrayList<>();
            long total = 0;
            for (int i = 0; i < count; i++) {
                Shard s = new Shard(i, count);
                total += s.batchesOf(batches);
                long owned = 0;
                for (int b = 0; b < batches; b++) {
                    if (s.owns(b)) {
                        owned++;
                        owners.add(b);
                    }
                }
                assertEquals(owned, s.batchesOf(batches), s + " of " + batches);
            }
            assertEquals(batches, total);
            assertEquals(batches, owners.stream().distinct().count());
        }
        assertEquals(new Shard(2, 5), Shard.parse(" 2 / 5 "));
    }
}
