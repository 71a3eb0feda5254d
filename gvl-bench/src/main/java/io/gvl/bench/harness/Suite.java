package io.gvl.bench.harness;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * A named set of cells and how to run each. The harness measures every cell's workload and its arraycopy
 * baseline, then each peer comparison.
 */
public interface Suite extends AutoCloseable {
    String name();

    /** The grid; {@code quick} gives a one- or few-cell grid for tests and smoke runs. */
    List<Cell> cells(boolean quick);

    /** A fresh workload for {@code cell}; the harness closes it. */
    Workload workload(Cell cell);

    /** Peer tools doing the same work, each with the gvl workload it is compared with (none by default). */
    default List<PeerRun> peers(boolean quick) {
        return List.of();
    }

    /**
     * Called once after every cell, memory probe and peer was measured: a suite that reports more than the
     * per-cell rates (wall time, records per second, ratios between cells) prints it here, JSON lines to
     * {@code out} and readable lines to {@code log}. Nothing by default.
     *
     * @param results    the measured rows, in order
     * @param peakRssKib per cell, the peak RSS of one run in a fresh JVM (empty unless the suite is
     *                   {@link PeakRssProbed})
     */
    default void summarize(List<CellResult> results, Map<Cell, Long> peakRssKib, PrintWriter out, PrintWriter log) {
    }

    /**
     * Rounds in which the cells are measured interleaved, or 0 (the default) to measure each cell on its own with
     * the protocol. With {@code n > 0} every cell is warmed up first, then each round runs every cell in turn (at
     * least the protocol's repetitions and a share of its time), so drift on a shared machine hits every cell alike
     * and cells can be compared with one another.
     *
     * @return the number of rounds
     */
    default int interleavedRounds() {
        return 0;
    }

    /** Releases what the suite opened beyond its workloads (nothing by default). */
    @Override
    default void close() {
    }

    /** A peer comparison: on {@code cell}, {@code gvl} and the peer tool {@code name} produce the same output. */
    record PeerRun(Cell cell, String name, Workload gvl, Workload peer) {}
}
