package io.gvl.onnx;

import java.util.Locale;

/**
 * What one {@link OnnxPredictor#predict} run did and where its time went: in gvl (the batched queries, one-hot
 * included), in ONNX Runtime ({@code session.run}, the copy of the outputs included) and in writing the table.
 *
 * @param instances (region, sample) instances predicted
 * @param rows table rows written ((instance, haplotype) pairs)
 * @param gvlNanos wall time in gvl queries
 * @param runtimeNanos wall time in ONNX Runtime
 * @param writeNanos wall time writing the Arrow table
 * @param totalNanos wall time of the whole run
 */
public record PredictionStats(long instances, long rows, long gvlNanos, long runtimeNanos, long writeNanos,
        long totalNanos) {

    /**
     * Throughput of the whole run.
     *
     * @return instances per second of wall time (0 for an empty run)
     */
    public double instancesPerSecond() {
        return totalNanos == 0 ? 0 : instances * 1e9 / totalNanos;
    }

    /**
     * One line for people: throughput and the share of time in gvl, ONNX Runtime, writing and the rest (opening
     * the file, per-batch arenas, keys).
     *
     * @return e.g. {@code 384 instances (768 rows) in 0.41 s: 936 instances/s; gvl 21 %, ONNX Runtime 64 %,
     *     write 9 %, other 6 %}
     */
    public String summary() {
        long other = Math.max(0, totalNanos - gvlNanos - runtimeNanos - writeNanos);
        return String.format(Locale.ROOT, "%d instances (%d rows) in %.3f s: %.0f instances/s; gvl %.0f %%,"
                + " ONNX Runtime %.0f %%, write %.0f %%, other %.0f %%", instances, rows, totalNanos / 1e9,
                instancesPerSecond(), share(gvlNanos), share(runtimeNanos), share(writeNanos), share(other));
    }

    private double share(long nanos) {
        return totalNanos == 0 ? 0 : 100.0 * nanos / totalNanos;
    }
}
