package io.gvl.testkit;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The two environment variables the oracle policy reads, {@code PATH} and {@code CI}, as a value: tests of the
 * policy run a sample test under a made-up environment (a {@code PATH} without bcftools, {@code CI} on or off)
 * through {@link #during(Runnable)} instead of changing the real process environment.
 */
public record OracleEnvironment(String path, boolean ci) {
    private static final InheritableThreadLocal<OracleEnvironment> OVERRIDE = new InheritableThreadLocal<>();

    public OracleEnvironment {
        path = path == null ? "" : path;
    }

    /** From a variable map: {@code CI} counts as on when it is {@code true} (any case) or {@code 1}. */
    public static OracleEnvironment of(Map<String, String> env) {
        String ci = env.getOrDefault("CI", "");
        return new OracleEnvironment(env.get("PATH"), ci.equalsIgnoreCase("true") || ci.equals("1"));
    }

    /** The environment in effect on this thread: an override from {@link #during}, else the process environment. */
    public static OracleEnvironment current() {
        OracleEnvironment o = OVERRIDE.get();
        return o != null ? o : of(System.getenv());
    }

    /** Runs {@code action} with this environment current on this thread (and threads it starts). */
    public void during(Runnable action) {
        OracleEnvironment previous = OVERRIDE.get();
        OVERRIDE.set(this);
        try {
            action.run();
        } finally {
            if (previous == null) {
                OVERRIDE.remove();
            } else {
                OVERRIDE.set(previous);
            }
        }
    }

    /** This environment with every {@code PATH} entry that holds {@code executable} removed. */
    public OracleEnvironment without(String executable) {
        StringBuilder kept = new StringBuilder();
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && !isExecutable(Path.of(dir, executable))) {
                kept.append(kept.isEmpty() ? "" : File.pathSeparator).append(dir);
            }
        }
        return new OracleEnvironment(kept.toString(), ci);
    }

    /** This environment with {@code CI} set as given. */
    public OracleEnvironment withCi(boolean on) {
        return new OracleEnvironment(path, on);
    }

    /** The first executable file named {@code executable} in a {@code PATH} directory. */
    public Optional<Path> locate(String executable) {
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, executable);
                if (isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    private static boolean isExecutable(Path p) {
        return Files.isRegularFile(p) && Files.isExecutable(p);
    }
}
