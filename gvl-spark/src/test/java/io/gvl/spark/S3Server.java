package io.gvl.spark;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;

/**
 * A real S3-compatible server for the object-storage tests: moto's server mode ({@code moto_server} from PyPI,
 * installed into a venv by {@code dev/s3-server}, which {@code dev/test} runs and whose path it passes as
 * {@code GVL_S3_SERVER}). It is started on a free port of 127.0.0.1 and stopped by {@link #close()}. A missing
 * server fails the tests with what to run; it never skips them.
 */
final class S3Server implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("Running on http://127\\.0\\.0\\.1:(\\d+)");

    private final Process process;
    private final String endpoint;

    private S3Server(Process process, String endpoint) {
        this.process = process;
        this.endpoint = endpoint;
    }

    /** Starts the server and waits until it listens (until it says so, or exits). */
    static S3Server start() throws IOException {
        String configured = System.getenv("GVL_S3_SERVER");
        Path bin = configured != null && !configured.isBlank() ? Path.of(configured)
                : Path.of(System.getProperty("user.home"), ".cache/gvl/s3-venv/bin/moto_server");
        if (!Files.isExecutable(bin)) {
            fail("the S3-compatible test server " + bin + " is missing: run dev/s3-server (it makes a venv with"
                    + " moto[server] from PyPI and prints the server's path; dev/test runs it), or set GVL_S3_SERVER"
                    + " to a moto_server executable");
        }
        Process p = new ProcessBuilder(bin.toString(), "-H", "127.0.0.1", "-p", "0").redirectErrorStream(true)
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder said = new StringBuilder();
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            said.append(line).append('\n');
            Matcher m = LISTENING.matcher(line);
            if (m.find()) {
                Thread drain = new Thread(() -> drain(out), "moto-server-output");
                drain.setDaemon(true);
                drain.start();
                return new S3Server(p, "http://127.0.0.1:" + m.group(1));
            }
        }
        fail(bin + " exited before it listened (exit " + waitFor(p) + "):\n" + said);
        throw new AssertionError("unreachable");
    }

    /** Creates a bucket (moto accepts unsigned requests). */
    void createBucket(String bucket) throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(endpoint + "/"
                + bucket)).PUT(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            fail("cannot create bucket " + bucket + " on " + endpoint + ": HTTP " + r.statusCode() + " " + r.body());
        }
    }

    /** Points s3a at this server: endpoint, path-style access, static credentials, plain HTTP. */
    void configure(Configuration conf) {
        conf.set("fs.s3a.endpoint", endpoint);
        conf.set("fs.s3a.endpoint.region", "us-east-1");
        conf.set("fs.s3a.path.style.access", "true");
        conf.set("fs.s3a.connection.ssl.enabled", "false");
        conf.set("fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
        conf.set("fs.s3a.access.key", "gvl-test");
        conf.set("fs.s3a.secret.key", "gvl-test");
    }

    @Override
    public void close() {
        process.destroy();
        waitFor(process);
    }

    private static void drain(BufferedReader out) {
        try {
            while (out.readLine() != null) {
                // moto logs each request; nothing to keep
            }
        } catch (IOException e) {
            // the server was stopped
        }
    }

    private static int waitFor(Process p) {
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new IOException("interrupted while the S3 server stopped", e));
        }
    }
}
