package io.gvl.core.kernel.track;

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

    public Intervals {
        long n = starts.byteSize() / 4;
        if (ends.byteSize() / 4 != n || values.byteSize() / 4 != n) {
            throw new IllegalArgumentException("starts, ends and values differ in length: " + n + ", "
                    + ends.byteSize() / 4 + ", " + values.byteSize() / 4);
        }
    }

    public long groups() {
        return offsets.byteSize() / 8 - 1;
    }

    public long groupStart(long group) {
        return Mem.i64(offsets, group);
    }

    public long groupEnd(long group) {
        return Mem.i64(offsets, group + 1);
    }

    public int start(long i) {
        return Mem.i32(starts, i);
    }

    public int end(long i) {
        return Mem.i32(ends, i);
    }

    public float value(long i) {
        return Mem.f32(values, i);
    }
}
