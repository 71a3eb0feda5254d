package io.gvl.core.internal.dataset;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Lays per-track rows out instance-major, {@code (B, T[, P], ~L)}, so that row {@code (b, t, p)} holds track
 * {@code t} of instance {@code b}. (GVL writes the data track-major but computes instance-major offsets, which
 * scrambles rows when there are at least two tracks and two instances; gvl returns the intended layout.)
 */
final class TrackLayout {
    private TrackLayout() {
    }

    /**
     * @param perTrack one buffer per track with {@code instances * inner} rows in (instance, inner) order
     * @param inner    rows per instance and track: the ploidy for realigned tracks, 1 otherwise
     */
    static Ragged instanceMajor(List<Ragged> perTrack, int instances, int inner, Arena arena) {
        int tracks = perTrack.size();
        long[] shape = inner == 1 ? new long[] {instances, tracks} : new long[] {instances, tracks, inner};
        if (tracks == 1) {
            Ragged only = perTrack.get(0);
            return Ragged.wrap(DType.F32, shape, only.data(), only.offsets());
        }
        long[] lengths = new long[instances * tracks * inner];
        int row = 0;
        for (int b = 0; b < instances; b++) {
            for (int t = 0; t < tracks; t++) {
                for (int p = 0; p < inner; p++) {
                    lengths[row++] = perTrack.get(t).length((long) b * inner + p);
                }
            }
        }
        Ragged out = Ragged.allocate(arena, DType.F32, shape, lengths);
        MemorySegment dst = out.data();
        row = 0;
        for (int b = 0; b < instances; b++) {
            for (int t = 0; t < tracks; t++) {
                for (int p = 0; p < inner; p++) {
                    MemorySegment src = perTrack.get(t).row((long) b * inner + p);
                    MemorySegment.copy(src, 0, dst, out.offset(row) * 4L, src.byteSize());
                    row++;
                }
            }
        }
        return out;
    }
}
