package io.gvl.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Locates the shared read-only test data and runs the command-line oracles (samtools, bcftools). */
public final class TestData {
    private TestData() {}

    public static Path shared() {
        return Path.of(System.getProperty("gvl.shared.data"));
    }

    public static Path real(String relative) {
        return shared().resolve("real").resolve(relative);
    }

    public static Path fixture(String relative) {
        return shared().resolve("gvl-fixtures").resolve(relative);
    }

    /** Whether {@code tool} is an executable on PATH. */
    public static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    /** Runs a command and returns its standard output; a non-zero exit fails the test. */
    public static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new AssertionError("command failed: " + command);
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Copies {@code files} into {@code dir} (writable copies, so tests may index or corrupt them). */
    public static Path copy(Path dir, Path... files) {
        try {
            Path first = null;
            for (Path f : files) {
                Path dst = dir.resolve(f.getFileName().toString());
                Files.copy(f, dst);
                dst.toFile().setWritable(true);
                if (first == null) {
                    first = dst;
                }
            }
            return first;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
