package io.gvl.core.internal.kernel;

import java.lang.foreign.MemorySegment;

/** Element-at-a-time {@link RowFill}; the reference the vector path is tested against. */
final class ScalarRowFill implements RowFill {
    static final ScalarRowFill INSTANCE = new ScalarRowFill();

    private ScalarRowFill() {
    }

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public void fillU8(MemorySegment dst, long at, long n, byte value) {
        for (long i = 0; i < n; i++) {
            dst.set(Mem.U8, at + i, value);
        }
    }

    @Override
    public void fillI32(MemorySegment dst, long at, long n, int value) {
        for (long i = 0; i < n; i++) {
            dst.setAtIndex(Mem.I32, at + i, value);
        }
    }

    @Override
    public long paintRuns(int[] starts, int[] ends, int[] bits, int m, long shift, long lo, long hi, long cursor,
                          boolean mirrored, MemorySegment dst) {
        for (int i = 0; i < m; i++) {
            long from = Math.max(starts[i] + shift, lo);
            long to = Math.min(ends[i] + shift, hi);
            if (to <= from) {
                continue;
            }
            if (from > cursor) {
                fillI32(dst, mirrored ? lo + hi - from : cursor, from - cursor, 0);
            }
            fillI32(dst, mirrored ? lo + hi - to : from, to - from, bits[i]);
            cursor = Math.max(cursor, to);
        }
        return cursor;
    }

    @Override
    public void fillF32(MemorySegment dst, long at, long n, float value) {
        for (long i = 0; i < n; i++) {
            dst.setAtIndex(Mem.F32, at + i, value);
        }
    }

    @Override
    public long firstAbove(MemorySegment src, long from, long to, int bound) {
        for (long i = from; i < to; i++) {
            if (src.getAtIndex(Mem.I32, i) > bound) {
                return i;
            }
        }
        return to;
    }

    @Override
    public void rampI32(MemorySegment dst, long at, long n, int first) {
        for (long i = 0; i < n; i++) {
            dst.setAtIndex(Mem.I32, at + i, first + (int) i);
        }
    }

    @Override
    public void reverseI32(MemorySegment dst, long at, long n) {
        for (long lo = at, hi = at + n - 1; lo < hi; lo++, hi--) {
            int a = dst.getAtIndex(Mem.I32, lo);
            dst.setAtIndex(Mem.I32, lo, dst.getAtIndex(Mem.I32, hi));
            dst.setAtIndex(Mem.I32, hi, a);
        }
    }

    @Override
    public void reverseF32(MemorySegment dst, long at, long n) {
        // Raw int bits so NaN payloads move unchanged.
        reverseI32(dst, at, n);
    }
}
