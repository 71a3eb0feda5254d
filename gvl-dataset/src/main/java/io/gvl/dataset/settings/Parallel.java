package io.gvl.dataset.settings;

/**
 * A view's parallelism policy (GVL 0.43's {@code with_settings(parallel=True|False|"auto")}). Precedence, as GVL
 * has it: an explicit {@link #TRUE}/{@link #FALSE} wins; {@link #AUTO} defers to the process-wide switches (the
 * {@code gvl.parallel} system property, then the environment variable {@code GVL_FORCE_PARALLEL} set to
 * {@code 1}/{@code true}/{@code yes}/{@code on}, read on every query) and finally to the size gate: a batch is
 * split over threads when its output is at least 1 MiB (an absolute floor, whatever the thread count). Serial and
 * parallel runs give identical bytes.
 */
public enum Parallel {
    /** Split every query's rows over threads. */
    TRUE,
    /** Run every query on the calling thread. */
    FALSE,
    /** Decide per query: process-wide switches, then the 1 MiB size gate. */
    AUTO
}
