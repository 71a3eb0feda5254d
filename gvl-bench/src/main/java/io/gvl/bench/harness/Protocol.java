package io.gvl.bench.harness;

import java.time.Duration;
import java.util.Arrays;

/**
 * The measurement protocol of every cell: run the workload for {@code warmup} (at least once) so the JIT and
 * caches settle, then time single runs until both {@code minTime} has passed and {@code minReps} runs were made.
 * Each run is one rate sample; the median and quartiles of the samples are reported, so a slow outlier (a GC, a
 * neighbour on the shared machine) moves the spread rather than the figure.
 *
 * @param warmup  untimed running before the first sample
 * @param minTime least total time of the timed runs
 * @param minReps least number of timed runs
 */
public record Protocol(Duration warmup, Duration minTime, int minReps) {
    /** The default: 2 s warm-up (the Vector API paths need it to be compiled), then at least 1.5 s and 3 runs. */
    public static final Protocol DEFAULT = new Protocol(Duration.ofMillis(2000), Duration.ofMillis(1500), 3);
    /** For tests and smoke runs: a short warm-up and at least 3 runs over 50 ms. */
    public static final Protocol QUICK = new Protocol(Duration.ofMillis(20), Duration.ofMillis(50), 3);

    public Protocol {
        if (minReps < 1) {
            throw new IllegalArgumentException("minReps must be >= 1, got " + minReps);
        }
        if (warmup.isNegative() || minTime.isNegative()) {
            throw new IllegalArgumentException("warm-up and minimum time must not be negative");
        }
    }

    /** Measures {@code w} under this protocol. */
    public Stats measure(Workload w) throws Exception {
        long warmEnd = System.nanoTime() + warmup.toNanos();
        do {
            w.run();
        } while (System.nanoTime() < warmEnd);
        double[] rates = new double[64];
        int n = 0;
        long bytes = 0;
        long minNanos = minTime.toNanos();
        long start = System.nanoTime();
        long now = start;
        while (n < minReps || now - start < minNanos) {
            long t0 = System.nanoTime();
            bytes = w.run();
            now = System.nanoTime();
            if (n == rates.length) {
                rates = Arrays.copyOf(rates, n * 2);
            }
            rates[n++] = bytes / (Math.max(1, now - t0) / 1e9);
        }
        return Stats.of(rates, n, bytes, now - start);
    }
}
