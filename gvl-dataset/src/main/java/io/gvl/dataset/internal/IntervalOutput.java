package io.gvl.dataset.internal;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.kernel.track.input.Intervals;
import io.gvl.dataset.output.DatasetOutput;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Set;

/**
 * Interval-form track output: the stored intervals of each (instance, track) copied as they are, instance-major
 * {@code (B, T, ~I)}, as GVL 0.43.1's {@code RaggedIntervals}. GVL applies neither jitter nor reverse complement to
 * intervals and ignores the output length for them, so this is a gather of stored groups and nothing more.
 */
final class IntervalOutput {
    /** The three arrays of interval-form tracks. */
    static final Set<String> NAMES = Set.of(DatasetOutput.INTERVAL_STARTS, DatasetOutput.INTERVAL_ENDS,
            DatasetOutput.INTERVAL_VALUES);

    private IntervalOutput() {
    }

    /** Starts, ends and values of {@code tracks} for {@code inst}, sharing one offsets segment, in {@code arena}. */
    static List<NamedArray> gather(OpenedDataset ds, List<String> tracks, Instances inst, Arena arena) {
        int n = inst.size();
        int t = tracks.size();
        long[] from = new long[n * t];
        long[] lengths = new long[n * t];
        Intervals[] stored = new Intervals[t];
        for (int k = 0; k < t; k++) {
            OpenedDataset.Track track = ds.tracks().get(tracks.get(k));
            stored[k] = track.intervals();
            for (int b = 0; b < n; b++) {
                long group = track.perSample() ? inst.cells()[b] : inst.trackRegions()[b];
                from[b * t + k] = stored[k].groupStart(group);
                lengths[b * t + k] = stored[k].groupEnd(group) - from[b * t + k];
            }
        }
        long[] shape = {n, t};
        Ragged starts = Ragged.allocate(arena, DType.I32, shape, lengths);
        long bytes = starts.data().byteSize();
        MemorySegment ends = arena.allocate(bytes, 8);
        MemorySegment values = arena.allocate(bytes, 8);
        for (int row = 0; row < n * t; row++) {
            Intervals src = stored[row % t];
            long at = starts.offset(row) * 4L;
            long len = lengths[row] * 4L;
            MemorySegment.copy(src.starts(), from[row] * 4L, starts.data(), at, len);
            MemorySegment.copy(src.ends(), from[row] * 4L, ends, at, len);
            MemorySegment.copy(src.values(), from[row] * 4L, values, at, len);
        }
        return List.of(new NamedArray(DatasetOutput.INTERVAL_STARTS, starts),
                new NamedArray(DatasetOutput.INTERVAL_ENDS, Ragged.wrap(DType.I32, shape, ends, starts.offsets())),
                new NamedArray(DatasetOutput.INTERVAL_VALUES, Ragged.wrap(DType.F32, shape, values, starts.offsets())));
    }

    /**
     * Bytes one instance's intervals occupy: 12 per interval, and per track one int64 offset in each of the arrays.
     * {@code cell} and {@code trackRegion} address it in the stores ({@link Instances}).
     */
    static long bytes(OpenedDataset ds, List<String> tracks, int trackRegion, long cell) {
        long total = 0;
        for (String name : tracks) {
            OpenedDataset.Track track = ds.tracks().get(name);
            long group = track.perSample() ? cell : trackRegion;
            total += 12L * (track.intervals().groupEnd(group) - track.intervals().groupStart(group)) + 3 * 8L;
        }
        return total;
    }
}
