package io.gvl.testkit;

import java.util.Arrays;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * Seeds of the property tests, shifted by one knob so a run can explore cases no earlier run saw:
 * {@code mvn verify -Dgvl.test.seedBase=N} adds {@code N} to every seed (default 0, the cases CI keeps). Each test
 * prints the seed it used in its case name; a failure found with a base replays with the same base. The project uses
 * seeded generators rather than a property-testing framework (see docs/testing.md).
 */
public final class Seeds {
    /** The system property that shifts every seed. */
    public static final String BASE_PROPERTY = "gvl.test.seedBase";

    private Seeds() {}

    /** The base added to every seed: {@code -Dgvl.test.seedBase}, 0 when unset. */
    public static long base() {
        return Long.getLong(BASE_PROPERTY, 0L);
    }

    /** The seeds {@code from} (inclusive) to {@code to} (exclusive), each plus {@link #base()}. */
    public static Stream<Long> range(long from, long to) {
        long base = base();
        return LongStream.range(from, to).map(s -> s + base).boxed();
    }

    /** The given seeds, each plus {@link #base()}. */
    public static Stream<Long> of(long... seeds) {
        long base = base();
        return Arrays.stream(seeds).map(s -> s + base).boxed();
    }
}
