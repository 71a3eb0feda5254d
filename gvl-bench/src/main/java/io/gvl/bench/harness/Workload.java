package io.gvl.bench.harness;

/**
 * One timed unit of work: produces output and returns how many bytes it produced. Workloads that hold
 * resources (a data loader, a dataset view's buffers) release them in {@link #close()}.
 */
@FunctionalInterface
public interface Workload extends AutoCloseable {
    /** Does the work once and returns the output bytes it produced. */
    long run() throws Exception;

    @Override
    default void close() {
    }
}
