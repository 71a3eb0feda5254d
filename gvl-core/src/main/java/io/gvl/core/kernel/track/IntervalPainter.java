package io.gvl.core.kernel.track;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.track.TrackRows;
import io.gvl.core.kernel.track.input.Intervals;
import java.util.BitSet;
import java.util.List;

/**
 * Dense float32 track rows from stored intervals (GVL's {@code intervals_to_tracks}): zero, then paint each
 * interval's value over its overlap with the row in stored order (later intervals win), stopping at the first
 * interval that starts past the row. Painting is constant runs, which the row-fill kernels vectorize; a row finds
 * its first interval by a binary search over the starts (and a vector scan of the ends before it), not by walking
 * its group from the start.
 */
public final class IntervalPainter {
    private IntervalPainter() {
    }

    /**
     * Reference-coordinate track rows: row {@code i} of {@code out} (F32) paints group {@code groups[i]} from
     * genome position {@code starts[i]}; rows flagged in {@code reverse} (negative strand) are then reversed.
     *
     * @param itv the stored intervals
     * @param groups the interval group of each row
     * @param starts the genome position of element 0 of each row
     * @param out the destination, F32, one row per entry of {@code groups}
     * @param reverse rows to reverse, or {@code null} for none
     * @throws IllegalArgumentException if {@code out} is not {@link DType#F32}
     */
    public static void paint(Intervals itv, long[] groups, int[] starts, Ragged out, BitSet reverse) {
        if (out.dtype() != DType.F32) {
            throw new IllegalArgumentException("out must be F32, got " + out.dtype());
        }
        if (groups.length != starts.length || out.rows() != starts.length) {
            throw new IllegalArgumentException("groups (" + groups.length + "), starts (" + starts.length
                    + ") and out rows (" + out.rows() + ") differ");
        }
        TrackRows.paint(List.of(itv), new long[][] {groups}, starts, out, reverse);
    }
}
