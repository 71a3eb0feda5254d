package io.gvl.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Runs an external oracle (bcftools, bgzip, python3) and returns its standard output. */
public final class Procs {
    private Procs() {
    }

    public static String run(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).start();
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return e.toString();
                }
            });
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int rc = p.waitFor();
            if (rc != 0) {
                throw new IllegalStateException(cmd + " exited " + rc + ": " + err.join());
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
