package io.gvl.dataset.internal;

import io.gvl.core.internal.kernel.KernelProvider;
import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.internal.kernel.track.IntervalRows;
import io.gvl.core.kernel.RowParallelism;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Paints reference-coordinate track rows of a spliced query straight into their spliced places: plan row
 * {@code r} is track {@code rowInner[r]} of element {@code rowElement[r]}, written at {@code rowOffsets[r]} and
 * reversed when its element is on the minus strand. The rows of different tracks interleave in the output, which is
 * why this cannot reuse {@link io.gvl.core.kernel.track.IntervalPainter#paint}'s one-buffer-per-track form.
 */
final class SplicedTrackPainter {
    private SplicedTrackPainter() {
    }

    static void paint(List<OpenedDataset.Track> tracks, Instances elements, int[] starts, boolean[] minus,
                      SplicePlan plan, MemorySegment data) {
        RowFill fill = KernelProvider.get().rowFill();
        long[] offsets = plan.rowOffsets();
        RowParallelism.forEachRange(plan.rows(), plan.total() * 4, (from, to) -> {
            for (int r = (int) from; r < to; r++) {
                int q = plan.rowElement()[r];
                OpenedDataset.Track t = tracks.get(plan.rowInner()[r]);
                long group = t.perSample() ? elements.cells()[q] : elements.trackRegions()[q];
                long at = offsets[r];
                long len = offsets[r + 1] - at;
                IntervalRows.paintRow(t.intervals(), group, starts[q], data, at, len, minus[q], fill);
            }
        });
    }
}
