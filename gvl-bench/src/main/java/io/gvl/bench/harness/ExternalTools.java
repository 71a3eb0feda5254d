package io.gvl.bench.harness;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Command-line tools a suite needs to prepare its inputs (bcftools, plink2). A missing tool stops the suite with
 * one message naming every missing tool and the command that installs them, rather than a failure halfway through.
 */
final class ExternalTools {
    private ExternalTools() {
    }

    /** Throws if any of {@code tools} is not on the PATH; the message names them and the Debian install command. */
    static void require(String... tools) {
        List<String> missing = new ArrayList<>();
        for (String t : tools) {
            if (!onPath(t)) {
                missing.add(t);
            }
        }
        if (!missing.isEmpty()) {
            String names = String.join(" ", missing);
            throw new IllegalStateException("this suite needs " + String.join(" and ", tools) + " on the PATH; missing: "
                    + names + ". Install with: apt-get install -y --no-install-recommends " + names);
        }
    }

    static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    /** Runs {@code command} in {@code dir}; throws with the tool's output if it exits non-zero. */
    static void run(Path dir, String... command) {
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed (exit " + p.exitValue() + "):\n"
                        + text);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command[0], e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command[0], e);
        }
    }
}
