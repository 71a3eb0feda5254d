package io.gvl.core.kernel.track.input;

import io.gvl.core.internal.kernel.Mem;
import java.lang.foreign.MemorySegment;

/**
 * Stored track intervals, struct-of-arrays as GVL's format 2.0 keeps them: absolute 0-based half-open
 * coordinates and float32 values, grouped (per-sample tracks: one group per dataset instance; annotation tracks:
 * one per region) and sorted by start within a group. Memory is borrowed (typically mapped).
 *
 * @param starts  int32 interval starts
 * @param ends    int32 interval ends
 * @param values  float32 values
 * @param offsets int64, {@code groups + 1} entries
 */
public record Intervals(MemorySegment starts, MemorySegment ends, MemorySegment values, MemorySegment offsets) {

    /** Checks that starts, ends and values hold the same number of intervals. */
    public Intervals {
        long n = starts.byteSize() / 4;
        if (ends.byteSize() / 4 != n || values.byteSize() / 4 != n) {
            throw new IllegalArgumentException("starts, ends and values differ in length: " + n + ", "
                    + ends.byteSize() / 4 + ", " + values.byteSize() / 4);
        }
    }

    /**
     * The number of groups.
     *
     * @return the group count
     */
    public long groups() {
        return offsets.byteSize() / 8 - 1;
    }

    /**
     * First interval of a group.
     *
     * @param group group index
     * @return the interval index, inclusive
     */
    public long groupStart(long group) {
        return Mem.i64(offsets, group);
    }

    /**
     * End interval of a group.
     *
     * @param group group index
     * @return the interval index, exclusive
     */
    public long groupEnd(long group) {
        return Mem.i64(offsets, group + 1);
    }

    /**
     * Start of interval {@code i}.
     *
     * @param i interval index
     * @return the 0-based start
     */
    public int start(long i) {
        return Mem.i32(starts, i);
    }

    /**
     * End of interval {@code i}.
     *
     * @param i interval index
     * @return the exclusive end
     */
    public int end(long i) {
        return Mem.i32(ends, i);
    }

    /**
     * Value of interval {@code i}.
     *
     * @param i interval index
     * @return the value
     */
    public float value(long i) {
        return Mem.f32(values, i);
    }
}
