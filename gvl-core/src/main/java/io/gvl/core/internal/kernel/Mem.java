package io.gvl.core.internal.kernel;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Element access to little-endian flat buffers by element index, in one place so kernels read like the
 * algorithms they implement. Unaligned layouts: heap segments over {@code byte[]} and mapped files are both fine.
 */
public final class Mem {
    public static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED;
    public static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED;
    public static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED;
    public static final ValueLayout.OfDouble F64 = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    public static final ValueLayout.OfByte U8 = ValueLayout.JAVA_BYTE;

    private Mem() {
    }

    public static int i32(MemorySegment s, long i) {
        return s.getAtIndex(I32, i);
    }

    public static long i64(MemorySegment s, long i) {
        return s.getAtIndex(I64, i);
    }

    public static float f32(MemorySegment s, long i) {
        return s.getAtIndex(F32, i);
    }

    public static byte u8(MemorySegment s, long i) {
        return s.get(U8, i);
    }

    public static boolean bool(MemorySegment s, long i) {
        return s.get(U8, i) != 0;
    }

    public static void setI32(MemorySegment s, long i, int v) {
        s.setAtIndex(I32, i, v);
    }

    public static void setI64(MemorySegment s, long i, long v) {
        s.setAtIndex(I64, i, v);
    }

    public static void setF32(MemorySegment s, long i, float v) {
        s.setAtIndex(F32, i, v);
    }

    public static void setU8(MemorySegment s, long i, byte v) {
        s.set(U8, i, v);
    }

    /** Number of {@code elementBytes}-sized elements in {@code s}. */
    public static long count(MemorySegment s, long elementBytes) {
        return s.byteSize() / elementBytes;
    }

    /** Copies {@code n} float32 elements. */
    public static void copyF32(MemorySegment src, long srcIdx, MemorySegment dst, long dstIdx, long n) {
        MemorySegment.copy(src, srcIdx * 4, dst, dstIdx * 4, n * 4);
    }

    /** Copies {@code n} bytes. */
    public static void copyU8(MemorySegment src, long srcIdx, MemorySegment dst, long dstIdx, long n) {
        MemorySegment.copy(src, srcIdx, dst, dstIdx, n);
    }
}
