package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gvl handoff}: the producer a Python reader attaches to over {@code --listen}'s socket sends every batch of
 * every epoch and ends with status 0; bad options are usage errors (2) and a missing dataset a one-line error (1).
 */
class HandoffCommandTest {
    private static final Path DEMO = Path.of("").toAbsolutePath().getParent().resolve("demo-data");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;

    @BeforeAll
    static void writeTheDemoDataset() {
        CliRun r = CliRun.of("write", tmp.resolve("ds.gvl").toString(), "--bed", DEMO.resolve("regions.bed").toString(),
                "--vcf", DEMO.resolve("z_synth16.norm.vcf.gz").toString());
        assertEquals(0, r.exitCode(), r.err());
    }

    @Test
    void aReaderAttachedToTheSocketGetsEveryBatch() throws Exception {
        Path sock = tmp.resolve("h.sock");
        CompletableFuture<CliRun> producer = CompletableFuture.supplyAsync(() -> CliRun.of("handoff",
                tmp.resolve("ds.gvl").toString(), "--reference", DEMO.resolve("z.fa").toString(), "--length", "200",
                "--batch-size", "50", "--epochs", "2", "--shuffle", "--listen", sock.toString(), "--dir",
                tmp.resolve("slots").toString()));
        int instances = 0;
        int epochEnds = 0;
        try (SocketChannel client = connect(sock);
             BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(client),
                     StandardCharsets.UTF_8))) {
            OutputStream releases = Channels.newOutputStream(client);
            for (String line; (line = in.readLine()) != null; ) {
                JsonNode m = JSON.readTree(line);
                switch (m.get("type").asText()) {
                    case "batch" -> {
                        instances += m.get("instances").asInt();
                        assertTrue(Files.exists(tmp.resolve("slots").resolve(m.get("file").asText())));
                        releases.write(("{\"type\":\"release\",\"slot\":" + m.get("slot").asInt() + "}\n")
                                .getBytes(StandardCharsets.UTF_8));
                    }
                    case "epoch_end" -> epochEnds++;
                    default -> { }
                }
            }
        }
        CliRun r = producer.get(2, TimeUnit.MINUTES);
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(2 * 24 * 16, instances, "every instance of the 24 regions x 16 samples, twice");
        assertEquals(2, epochEnds);
        assertFalse(Files.exists(tmp.resolve("slots")), "the slot directory is removed");
        assertFalse(Files.exists(sock), "the socket file is removed");
    }

    private static SocketChannel connect(Path sock) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
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
    void badOptionsAreUsageErrors() {
        CliRun r = CliRun.of("handoff", tmp.resolve("ds.gvl").toString(), "--shard", "2/2");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("a shard is I/N with 0 <= I < N"), r.err());
        CliRun mode = CliRun.of("handoff", tmp.resolve("ds.gvl").toString(), "--mode", "turbo");
        assertEquals(2, mode.exitCode(), mode.err());
        assertTrue(mode.err().contains("--mode turbo is not one of direct, none, buffered, double_buffered"),
                mode.err());
    }

    @Test
    void aMissingDatasetIsOneLineNamingIt() {
        Path missing = tmp.resolve("missing.gvl");
        CliRun r = CliRun.of("handoff", missing.toString(), "--dir", tmp.resolve("slots-missing").toString());
        assertEquals(1, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("gvl handoff: ") && r.err().contains(missing.toString()), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertFalse(Files.exists(tmp.resolve("slots-missing")), "no slot directory for a run that never started");
    }
}
