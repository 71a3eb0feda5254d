package io.gvl.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * An external command-line program that tests compare against. Every test that runs one goes through here, so a
 * missing program is handled the same way everywhere: a failure under CI, a skip naming the program elsewhere (see
 * {@link OracleEnvironment} and {@link Oracles}).
 */
public enum Oracle {
    BCFTOOLS("bcftools", "bcftools"),
    SAMTOOLS("samtools", "samtools"),
    BGZIP("bgzip", "tabix"),
    TABIX("tabix", "tabix"),
    H5DUMP("h5dump", "hdf5-tools"),
    PLINK2("plink2", "plink2");

    private final String executable;
    private final String debianPackage;

    Oracle(String executable, String debianPackage) {
        this.executable = executable;
        this.debianPackage = debianPackage;
    }

    /** The program's name as looked up on {@code PATH}. */
    public String executable() {
        return executable;
    }

    /** The Debian package that installs the program. */
    public String debianPackage() {
        return debianPackage;
    }

    /**
     * The program's location on {@code PATH}; when it is missing, fails the test under CI and skips it otherwise
     * (both name the program and the command that installs it).
     */
    public Path require() {
        return Oracles.require(this).getFirst();
    }

    /** Runs the program with {@code args} and returns its standard output; a non-zero exit fails the test. */
    public String run(String... args) {
        return run(List.of(args));
    }

    /** As {@link #run(String...)}. */
    public String run(List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(require().toString());
        command.addAll(args);
        String shown = executable + " " + String.join(" ", args);
        try {
            Process p = new ProcessBuilder(command).start();
            CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> drain(p));
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int rc = p.waitFor();
            if (rc != 0) {
                throw new AssertionError("oracle command failed (exit " + rc + "): " + shown + "\n"
                        + new String(err.join(), StandardCharsets.UTF_8).strip());
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("could not run oracle command: " + shown, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running: " + shown, e);
        }
    }

    private static byte[] drain(Process p) {
        try {
            return p.getErrorStream().readAllBytes();
        } catch (IOException e) {
            return e.toString().getBytes(StandardCharsets.UTF_8);
        }
    }
}
