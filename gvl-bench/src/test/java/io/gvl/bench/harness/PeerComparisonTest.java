package io.gvl.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PeerComparisonTest {
    @Test
    void fasterCellsGetMoreRepetitionsWithinTheBounds() {
        assertEquals(PeerComparison.MAX_REPS, PeerComparison.repetitions(0.001, 3), "a 1 ms cell is capped");
        assertEquals(4, PeerComparison.repetitions(0.010, 3), "40 ms of a 10 ms cell");
        assertEquals(3, PeerComparison.repetitions(0.5, 3), "a slow cell keeps the minimum");
        assertEquals(1, PeerComparison.repetitions(0.001, 1), "the quick suite keeps one repetition");
    }
}
