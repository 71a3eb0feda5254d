package io.gvl.demo;

import io.gvl.core.buffer.NamedArray;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Locale;

/**
 * The demo's throughput line: every instance of a view once per pass, in batches, each row its region's own length;
 * a second of untimed passes lets the JIT compile the kernels, then the median of five timed passes is printed in
 * MB/s of output. A rough figure for a first look; the benchmark harness ({@code gvl bench}) is the measurement.
 */
public final class DemoThroughput {
    /** Instances per query. */
    public static final int BATCH = 64;
    private static final long WARMUP_NANOS = 1_000_000_000L;
    private static final int TIMED_PASSES = 5;

    private DemoThroughput() {
    }

    /**
     * Measures {@code view} and prints one line labelled {@code what}.
     *
     * @param out where the line goes
     * @param view the view to read (its length setting is replaced by ragged rows)
     * @param what the label
     */
    public static void print(PrintWriter out, Dataset view, String what) {
        Dataset v = view.withLen(OutputLength.ragged());
        long warm = System.nanoTime() + WARMUP_NANOS;
        while (System.nanoTime() < warm) {
            pass(v);
        }
        double[] rates = new double[TIMED_PASSES];
        long bytes = 0;
        for (int i = 0; i < TIMED_PASSES; i++) {
            long t0 = System.nanoTime();
            bytes = pass(v);
            rates[i] = bytes / (Math.max(1, System.nanoTime() - t0) / 1e9);
        }
        Arrays.sort(rates);
        out.printf(Locale.ROOT, "%-30s %,d instances (2-16 kb), batches of %d: %,.1f MB per pass, median %,.0f MB/s"
                + " (%d passes)%n", what, v.regionCount() * v.sampleCount(), BATCH, bytes / 1e6,
                rates[TIMED_PASSES / 2] / 1e6, TIMED_PASSES);
    }

    /** One pass over every instance; returns the output bytes produced. */
    private static long pass(Dataset v) {
        int samples = v.sampleCount();
        int n = v.regionCount() * samples;
        long bytes = 0;
        for (int from = 0; from < n; from += BATCH) {
            int size = Math.min(BATCH, n - from);
            int[] r = new int[size];
            int[] s = new int[size];
            for (int i = 0; i < size; i++) {
                r[i] = (from + i) / samples;
                s[i] = (from + i) % samples;
            }
            try (DatasetOutput o = v.get(r, s)) {
                for (NamedArray a : o.arrays()) {
                    bytes += a.array().byteSize();
                }
            }
        }
        return bytes;
    }
}
