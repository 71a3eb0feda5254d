package io.gvl.testkit;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The policy for tests that need external programs. A program missing from {@code PATH} is, under CI
 * ({@code CI=true}), a test failure whose one-line message names the program and the install command; anywhere
 * else it is a skip ({@link OracleSkipped}) whose reason names them, counted by {@link OracleSummaryListener}.
 */
public final class Oracles {
    private Oracles() {}

    /** The locations of {@code oracles} on {@code PATH}, in the order given; fails or skips if any is missing. */
    public static List<Path> require(Oracle... oracles) {
        OracleEnvironment env = OracleEnvironment.current();
        List<Path> found = new ArrayList<>();
        List<Oracle> missing = new ArrayList<>();
        for (Oracle o : oracles) {
            env.locate(o.executable()).ifPresentOrElse(found::add, () -> missing.add(o));
        }
        if (missing.isEmpty()) {
            return found;
        }
        if (env.ci()) {
            throw new OracleMissingError(missingMessage(missing) + " (CI=true: a missing oracle fails the test)");
        }
        throw new OracleSkipped(missing, missingMessage(missing) + " (skipped; under CI=true this fails)");
    }

    /** {@code "bcftools is not on PATH; install it with: apt-get install -y --no-install-recommends bcftools"}. */
    static String missingMessage(List<Oracle> missing) {
        String names = missing.stream().map(Oracle::executable).collect(Collectors.joining(", "));
        return names + (missing.size() == 1 ? " is" : " are") + " not on PATH; install "
                + (missing.size() == 1 ? "it" : "them") + " with: " + installCommand(missing)
                + " (or run dev/test as root)";
    }

    /** The one command that installs {@code oracles} on Debian. */
    public static String installCommand(List<Oracle> oracles) {
        Set<String> packages = new LinkedHashSet<>();
        oracles.forEach(o -> packages.add(o.debianPackage()));
        return "apt-get install -y --no-install-recommends " + String.join(" ", packages);
    }
}
