package io.gvl.dataset.export;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;

/**
 * One exported array held as the nested Java array jhdf 0.13 writes ({@code byte[][][]}, {@code float[][][][]},
 * ...), filled row by row from query outputs. A row is the last axis, or the last two for one-hot
 * ({@code (N, 4)}), so a dataset row copies in one call. One-hot rows point at five shared, never-modified codes
 * instead of holding a 4-byte array per base (jhdf only reads them), so one-hot costs a reference per base.
 */
final class HeapArrays {
    /** Bytes of an array header and of a reference with compressed oops (the JVM default below 32 GiB heaps). */
    private static final long HEADER = 16;
    static final int REF = 4;
    /** One-hot codes of A, C, G, T and of any other byte. */
    private static final byte[][] CODES = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}, {0, 0, 0, 0}};

    private final int[] shape;
    private final int rowRank;
    private final Object data;

    private HeapArrays(int[] shape, int rowRank, Object data) {
        this.shape = shape.clone();
        this.rowRank = rowRank;
        this.data = data;
    }

    static HeapArrays bytes(int[] shape) {
        return new HeapArrays(shape, 1, Array.newInstance(byte.class, shape));
    }

    static HeapArrays floats(int[] shape) {
        return new HeapArrays(shape, 1, Array.newInstance(float.class, shape));
    }

    /** {@code shape} ends with the axis of 4; the rows ({@code (N, 4)}) are filled by {@link #setOneHot}. */
    static HeapArrays oneHot(int[] shape) {
        return new HeapArrays(shape, 2, Array.newInstance(byte[].class,
                java.util.Arrays.copyOf(shape, shape.length - 1)));
    }

    /** Heap bytes a nested array of {@code shape} with {@code elementSize}-byte elements occupies. */
    static long heapBytes(int[] shape, int elementSize) {
        long total = 0;
        long arrays = 1;
        for (int d = 0; d < shape.length; d++) {
            long each = HEADER + (long) shape[d] * (d < shape.length - 1 ? REF : elementSize);
            total += arrays * ((each + 7) & ~7L);
            arrays *= shape[d];
        }
        return total;
    }

    Object data() {
        return data;
    }

    int[] shape() {
        return shape.clone();
    }

    /** Copies one row of floats from {@code src} (native order, unaligned) into row {@code row}. */
    void setFloats(long row, MemorySegment src) {
        float[] dst = (float[]) rowAt(row);
        MemorySegment.copy(src, ValueLayout.JAVA_FLOAT_UNALIGNED, 0, dst, 0, dst.length);
    }

    /** Copies one row of bytes from {@code src} into row {@code row}. */
    void setBytes(long row, MemorySegment src) {
        byte[] dst = (byte[]) rowAt(row);
        MemorySegment.copy(src, ValueLayout.JAVA_BYTE, 0, dst, 0, dst.length);
    }

    /** Points row {@code row} ({@code (N, 4)}) at the one-hot codes of the bases in {@code src}. */
    void setOneHot(long row, MemorySegment src) {
        byte[][] dst = (byte[][]) rowAt(row);
        for (int i = 0; i < dst.length; i++) {
            dst[i] = CODES[switch (src.get(ValueLayout.JAVA_BYTE, i)) {
                case 'A', 'a' -> 0;
                case 'C', 'c' -> 1;
                case 'G', 'g' -> 2;
                case 'T', 't' -> 3;
                default -> 4;
            }];
        }
    }

    /** The innermost row container for row-major row index {@code row} over the leading axes. */
    private Object rowAt(long row) {
        int lead = shape.length - rowRank;
        long[] stride = new long[lead];
        long s = 1;
        for (int d = lead - 1; d >= 0; d--) {
            stride[d] = s;
            s *= shape[d];
        }
        Object a = data;
        long rest = row;
        for (int d = 0; d < lead; d++) {
            a = ((Object[]) a)[(int) (rest / stride[d])];
            rest %= stride[d];
        }
        return a;
    }
}
