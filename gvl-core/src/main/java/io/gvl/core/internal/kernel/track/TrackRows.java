package io.gvl.core.internal.kernel.track;

import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.KernelProvider;
import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.kernel.RowParallelism;
import io.gvl.core.kernel.track.input.Intervals;
import java.lang.foreign.MemorySegment;
import java.util.BitSet;
import java.util.List;

/**
 * Reference-coordinate rows of several tracks painted straight into one instance-major buffer: row
 * {@code b * tracks + t} is track {@code t} of instance {@code b}. Writing every row where the output wants it
 * (rather than one buffer per track and a copy into place) keeps the output written once, in row order.
 */
public final class TrackRows {
    private TrackRows() {
    }

    /**
     * @param tracks the stored intervals of each track
     * @param groups {@code groups[t][b]}: the interval group of instance {@code b} in track {@code t}
     * @param starts the genome position of element 0 of each instance's rows
     * @param out    F32, {@code starts.length * tracks.size()} rows
     * @param reverse instances whose rows are reversed (negative strand), or {@code null}
     */
    public static void paint(List<Intervals> tracks, long[][] groups, int[] starts, Ragged out, BitSet reverse) {
        RowFill fill = KernelProvider.get().rowFill();
        int count = tracks.size();
        Intervals[] itv = tracks.toArray(Intervals[]::new);
        MemorySegment data = out.data();
        MemorySegment offsets = out.offsets();
        RowParallelism.forEachRange(out.rows(), out.totalLength() * 4, (from, to) -> {
            for (long r = from; r < to; r++) {
                int b = (int) (r / count);
                int t = (int) (r % count);
                long at = Mem.i64(offsets, r);
                long len = Mem.i64(offsets, r + 1) - at;
                IntervalRows.paintRow(itv[t], groups[t][b], starts[b], data, at, len,
                        reverse != null && reverse.get(b), fill);
            }
        });
    }
}
