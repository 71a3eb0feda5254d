package io.gvl.bench.harness;

import java.util.List;

/**
 * A named set of cells and how to run each. The harness measures every cell's workload and its arraycopy
 * baseline, then each peer comparison.
 */
public interface Suite {
    String name();

    /** The grid; {@code quick} gives a one- or few-cell grid for tests and smoke runs. */
    List<Cell> cells(boolean quick);

    /** A fresh workload for {@code cell}; the harness closes it. */
    Workload workload(Cell cell);

    /** Peer tools doing the same work, each with the gvl workload it is compared with (none by default). */
    default List<PeerRun> peers(boolean quick) {
        return List.of();
    }

    /** A peer comparison: on {@code cell}, {@code gvl} and the peer tool {@code name} produce the same output. */
    record PeerRun(Cell cell, String name, Workload gvl, Workload peer) {}
}
