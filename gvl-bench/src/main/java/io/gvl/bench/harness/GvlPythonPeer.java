package io.gvl.bench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * GenVarLoader running in a Python process of its own, driven over JSON lines (the script ships in this jar as
 * {@code io/gvl/bench/peer/gvl_peer.py}). One process per thread count, because GenVarLoader fixes its thread pool
 * at import ({@code GVL_NUM_THREADS}); it stays up for a whole suite so cells can alternate between the JVM and
 * Python without a start-up in between. Timings are taken inside Python, around the GenVarLoader call only.
 */
final class GvlPythonPeer implements AutoCloseable {
    private static final String SCRIPT = "/io/gvl/bench/peer/gvl_peer.py";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final Writer in;
    private final BufferedReader out;
    private final Path script;
    private String version = "?";
    private boolean closed;

    private GvlPythonPeer(Process process, Path script) {
        this.process = process;
        this.script = script;
        this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /**
     * Starts {@code python} with {@code threads} GenVarLoader threads and opens {@code dataset}; Python's stderr
     * goes to {@code stderrLog}.
     */
    static GvlPythonPeer start(Path python, int threads, Path dataset, Path reference, Path stderrLog) {
        if (!Files.isExecutable(python)) {
            throw new IllegalArgumentException("--peer-python " + python + " is not an executable file; give a Python"
                    + " that has genvarloader 0.43.1 (python -m venv V && V/bin/pip install genvarloader==0.43.1"
                    + " torch)");
        }
        Path script = extractScript();
        ProcessBuilder pb = new ProcessBuilder(python.toString(), "-u", script.toString());
        pb.environment().put("GVL_NUM_THREADS", Integer.toString(threads));
        pb.redirectError(ProcessBuilder.Redirect.appendTo(stderrLog.toFile()));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + python, e);
        }
        GvlPythonPeer peer = new GvlPythonPeer(p, script);
        try {
            ObjectNode open = JSON.createObjectNode().put("op", "open").put("dataset", dataset.toString())
                    .put("reference", reference.toString());
            peer.version = peer.call(open).path("version").asText("?");
            return peer;
        } catch (RuntimeException e) {
            peer.close();
            throw e;
        }
    }

    /** GenVarLoader's version as the peer reports it. */
    String version() {
        return version;
    }

    /** Seconds of each {@code ds[r, s]} call, one per batch ({@code batches.get(i)[0]} regions, {@code [1]} samples). */
    double[] query(PeerView view, List<int[][]> batches) {
        ObjectNode cmd = JSON.createObjectNode().put("op", "query");
        cmd.set("view", view.json(JSON));
        ArrayNode bs = cmd.putArray("batches");
        for (int[][] b : batches) {
            ArrayNode pair = bs.addArray();
            ArrayNode r = pair.addArray();
            for (int v : b[0]) {
                r.add(v);
            }
            ArrayNode s = pair.addArray();
            for (int v : b[1]) {
                s.add(v);
            }
        }
        return seconds(call(cmd));
    }

    /**
     * Seconds of each of {@code epochs} epochs of GenVarLoader's {@code to_dataloader} over the whole view, in
     * {@code mode} ({@code none}, {@code buffered} or {@code double_buffered}); the loader is built once per
     * distinct request and kept, so only the first request of a cell pays for building it.
     */
    double[] epochs(PeerView view, int batch, String mode, boolean copy, long bufferBytes, int epochs) {
        ObjectNode cmd = JSON.createObjectNode().put("op", "epoch").put("batch", batch).put("mode", mode)
                .put("copy", copy).put("buffer_bytes", bufferBytes).put("epochs", epochs);
        cmd.set("view", view.json(JSON));
        return seconds(call(cmd));
    }

    /** Closes every loader the peer keeps (a double-buffered one holds a producer process). */
    void dropLoaders() {
        call(JSON.createObjectNode().put("op", "drop_loaders"));
    }

    private static double[] seconds(JsonNode answer) {
        JsonNode s = answer.path("seconds");
        double[] out = new double[s.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = s.get(i).asDouble();
        }
        return out;
    }

    private JsonNode call(ObjectNode cmd) {
        if (closed) {
            throw new IllegalStateException("the GenVarLoader peer was closed");
        }
        String line;
        try {
            in.write(JSON.writeValueAsString(cmd));
            in.write('\n');
            in.flush();
            line = out.readLine();
        } catch (IOException e) {
            line = null; // a peer that died mid-command closes its pipes: reported as an exit below
        }
        if (line == null) {
            throw new IllegalStateException("the GenVarLoader peer exited (see its stderr log) while answering "
                    + cmd.path("op").asText());
        }
        JsonNode answer;
        try {
            answer = JSON.readTree(line);
        } catch (IOException e) {
            throw new IllegalStateException("the GenVarLoader peer answered " + cmd.path("op").asText()
                    + " with a line that is not JSON: " + line, e);
        }
        if (!answer.path("ok").asBoolean(false)) {
            throw new IllegalStateException("the GenVarLoader peer refused " + cmd.path("op").asText() + ": "
                    + answer.path("error").asText(line));
        }
        return answer;
    }

    private static Path extractScript() {
        try (InputStream s = GvlPythonPeer.class.getResourceAsStream(SCRIPT)) {
            if (s == null) {
                throw new IllegalStateException(SCRIPT + " is missing from the bench jar");
            }
            Path tmp = Files.createTempFile("gvl-peer", ".py");
            Files.copy(s, tmp, StandardCopyOption.REPLACE_EXISTING);
            return tmp;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract the GenVarLoader peer script", e);
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            in.write("{\"op\": \"quit\"}\n");
            in.flush();
        } catch (IOException ignored) {
            // the process is gone already; destroy below covers it
        }
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Files.deleteIfExists(script);
        } catch (IOException ignored) {
            // a temporary file left behind is harmless
        }
    }
}
