package io.gvl.bench.kernels;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Output bytes written per benchmark call, reported by JMH as a rate next to the score: with throughput mode the
 * {@code bytes} column is output bytes per second (divide by 1e9 for GB/s). Kernel and baseline methods count the
 * same bytes, so their rates compare directly.
 */
@AuxCounters(AuxCounters.Type.OPERATIONS)
@State(Scope.Thread)
public class OutputBytes {
    public long bytes;

    @Setup(Level.Iteration)
    public void reset() {
        bytes = 0;
    }
}
