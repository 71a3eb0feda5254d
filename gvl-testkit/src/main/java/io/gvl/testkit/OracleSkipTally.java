package io.gvl.testkit;

import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/** Counts tests skipped for missing oracles, per oracle, and words the one summary line. */
public final class OracleSkipTally {
    private final Map<Oracle, Integer> perOracle = new EnumMap<>(Oracle.class);
    private int tests;

    /** Records {@code count} skipped tests that missed {@code missing}. */
    public synchronized void add(List<Oracle> missing, int count) {
        tests += count;
        for (Oracle o : new LinkedHashSet<>(missing)) {
            perOracle.merge(o, count, Integer::sum);
        }
    }

    public synchronized int tests() {
        return tests;
    }

    public synchronized int tests(Oracle oracle) {
        return perOracle.getOrDefault(oracle, 0);
    }

    /**
     * {@code "12 oracle tests skipped: install bcftools hdf5-tools (bcftools: 10, h5dump: 2): apt-get install -y
     * --no-install-recommends bcftools hdf5-tools, or run dev/test as root"}; empty when nothing was skipped.
     */
    public synchronized String summary() {
        if (tests == 0) {
            return "";
        }
        Set<String> packages = new LinkedHashSet<>();
        StringJoiner counts = new StringJoiner(", ");
        perOracle.forEach((o, n) -> {
            packages.add(o.debianPackage());
            counts.add(o.executable() + ": " + n);
        });
        return tests + " oracle test" + (tests == 1 ? "" : "s") + " skipped: install " + String.join(" ", packages)
                + " (" + counts + "): " + Oracles.installCommand(List.copyOf(perOracle.keySet()))
                + ", or run dev/test as root";
    }
}
