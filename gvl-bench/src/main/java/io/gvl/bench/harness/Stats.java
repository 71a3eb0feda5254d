package io.gvl.bench.harness;

/**
 * Throughput of the timed repetitions of one workload: the median and quartiles of per-repetition bytes per
 * second, the fastest and slowest repetition, and how long the timed phase took.
 *
 * @param reps        timed repetitions
 * @param bytesPerRep output bytes of the last repetition
 * @param median      median bytes per second
 * @param p25         first quartile, bytes per second
 * @param p75         third quartile, bytes per second
 * @param min         slowest repetition, bytes per second
 * @param max         fastest repetition, bytes per second
 * @param timedNanos  wall time of the timed phase
 */
public record Stats(int reps, long bytesPerRep, double median, double p25, double p75, double min, double max,
                    long timedNanos) {

    /** Interquartile range relative to the median (0.05 = the middle half of reps lie within 5 %). */
    public double spread() {
        return median == 0 ? 0 : (p75 - p25) / median;
    }

    /** Median in GB/s (10^9 bytes). */
    public double gbPerSecond() {
        return median / 1e9;
    }

    /** Median in MiB/s. */
    public double mibPerSecond() {
        return median / (1 << 20);
    }

    /** Stats of per-repetition rates {@code rates} (sorted in place). */
    static Stats of(double[] rates, int n, long bytesPerRep, long timedNanos) {
        java.util.Arrays.sort(rates, 0, n);
        return new Stats(n, bytesPerRep, quantile(rates, n, 0.5), quantile(rates, n, 0.25), quantile(rates, n, 0.75),
                rates[0], rates[n - 1], timedNanos);
    }

    private static double quantile(double[] sorted, int n, double q) {
        double pos = q * (n - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(n - 1, lo + 1);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }
}
