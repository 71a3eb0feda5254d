package io.gvl.core.internal.kernel;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * Element access to little-endian flat buffers by element index, in one place so kernels read like the
 * algorithms they implement. Unaligned layouts: heap segments over {@code byte[]} and mapped files are both fine.
 *
 * <p>The accessors go through constant {@link VarHandle}s rather than {@code MemorySegment.getAtIndex}: that is an
 * interface call whose receiver profile, kept in these shared methods, turns megamorphic once heap, native and
 * mapped segments have all passed through, after which the JIT stops inlining it and every access pays for
 * layout and alignment checks it would otherwise fold away (measured: most of the time of the variant-allele
 * gather). A constant handle carries its layout, so those checks fold whatever segments the JVM has seen.
 */
public final class Mem {
    public static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED;
    public static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED;
    public static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED;
    public static final ValueLayout.OfDouble F64 = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    public static final ValueLayout.OfByte U8 = ValueLayout.JAVA_BYTE;

    private static final VarHandle I32_AT = I32.arrayElementVarHandle();
    private static final VarHandle I64_AT = I64.arrayElementVarHandle();
    private static final VarHandle F32_AT = F32.arrayElementVarHandle();
    private static final VarHandle U8_AT = U8.arrayElementVarHandle();

    private Mem() {
    }

    public static int i32(MemorySegment s, long i) {
        return (int) I32_AT.get(s, 0L, i);
    }

    public static long i64(MemorySegment s, long i) {
        return (long) I64_AT.get(s, 0L, i);
    }

    public static float f32(MemorySegment s, long i) {
        return (float) F32_AT.get(s, 0L, i);
    }

    public static byte u8(MemorySegment s, long i) {
        return (byte) U8_AT.get(s, 0L, i);
    }

    public static boolean bool(MemorySegment s, long i) {
        return (byte) U8_AT.get(s, 0L, i) != 0;
    }

    public static void setI32(MemorySegment s, long i, int v) {
        I32_AT.set(s, 0L, i, v);
    }

    public static void setI64(MemorySegment s, long i, long v) {
        I64_AT.set(s, 0L, i, v);
    }

    public static void setF32(MemorySegment s, long i, float v) {
        F32_AT.set(s, 0L, i, v);
    }

    public static void setU8(MemorySegment s, long i, byte v) {
        U8_AT.set(s, 0L, i, v);
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
