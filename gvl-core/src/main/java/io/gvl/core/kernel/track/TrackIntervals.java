package io.gvl.core.kernel.track;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.kernel.track.input.Intervals;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Dense track rows back to run-length intervals (GVL's {@code tracks_to_intervals}): one interval per maximal run
 * of equal values (compared with float {@code !=}, so every NaN is its own run), in absolute coordinates from each
 * row's start. The inverse of {@link IntervalPainter} for the write path and for interval output.
 */
public final class TrackIntervals {
    private TrackIntervals() {
    }

    /**
     * Converts each dense row into its run-length intervals, one interval group per row.
     *
     * @param arena  the arena the intervals are allocated in (they borrow it)
     * @param starts genome position of element 0 of each row
     * @param tracks F32 rows
     * @return intervals with one group per row, allocated in {@code arena}
     */
    public static Intervals fromTracks(Arena arena, int[] starts, Ragged tracks) {
        if (tracks.dtype() != DType.F32) {
            throw new IllegalArgumentException("tracks must be F32, got " + tracks.dtype());
        }
        int rows = Math.toIntExact(tracks.rows());
        if (starts.length != rows) {
            throw new IllegalArgumentException("starts has " + starts.length + " entries, tracks has " + rows + " rows");
        }
        MemorySegment data = tracks.data();
        long[] offsets = new long[rows + 1];
        for (int r = 0; r < rows; r++) {
            offsets[r + 1] = offsets[r] + runs(data, tracks.offset(r), tracks.offset(r + 1));
        }
        long n = offsets[rows];
        MemorySegment s = alloc(arena, n * 4);
        MemorySegment e = alloc(arena, n * 4);
        MemorySegment v = alloc(arena, n * 4);
        MemorySegment o = alloc(arena, (rows + 1L) * 8);
        for (int r = 0; r <= rows; r++) {
            Mem.setI64(o, r, offsets[r]);
        }
        for (int r = 0; r < rows; r++) {
            long from = tracks.offset(r);
            long to = tracks.offset(r + 1);
            long w = offsets[r];
            for (long i = from; i < to; i++) {
                if (i == from || Mem.f32(data, i - 1) != Mem.f32(data, i)) {
                    if (i != from) {
                        Mem.setI32(e, w - 1, (int) (i - from) + starts[r]);
                    }
                    Mem.setI32(s, w, (int) (i - from) + starts[r]);
                    Mem.setF32(v, w, Mem.f32(data, i));
                    w++;
                }
            }
            if (to > from) {
                Mem.setI32(e, w - 1, (int) (to - from) + starts[r]);
            }
        }
        return new Intervals(s, e, v, o);
    }

    private static long runs(MemorySegment data, long from, long to) {
        long n = 0;
        for (long i = from; i < to; i++) {
            if (i == from || Mem.f32(data, i - 1) != Mem.f32(data, i)) {
                n++;
            }
        }
        return n;
    }

    private static MemorySegment alloc(Arena arena, long bytes) {
        return arena.allocate(Math.max(1, bytes), 8).asSlice(0, bytes);
    }
}
