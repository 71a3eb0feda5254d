package io.gvl.format.array;

import io.gvl.format.DatasetFormatException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * One array read from an NPY file: its NumPy dtype descriptor (e.g. {@code <i4}, {@code |u1}, {@code |b1}),
 * shape, memory order and raw little-endian element bytes.
 *
 * @param source      file (and entry) the array came from, for error messages
 * @param descr       the NumPy dtype descriptor string
 * @param shape       dimensions
 * @param fortranOrder whether elements are stored in column-major order
 * @param data        the element bytes; heap-backed or memory-mapped
 */
public record NpyArray(String source, String descr, long[] shape, boolean fortranOrder, MemorySegment data) {

    /** Copies the shape so the record is not affected by later changes to the caller's array. */
    public NpyArray {
        shape = shape.clone();
    }

    /**
     * The dimensions, as a copy.
     *
     * @return a new array of the dimensions
     */
    @Override
    public long[] shape() {
        return shape.clone();
    }

    /**
     * Number of elements (product of the shape; 1 for a 0-d array).
     *
     * @return the element count
     * @throws ArithmeticException if the product overflows {@code long}
     */
    public long size() {
        long n = 1;
        for (long d : shape) {
            n = Math.multiplyExact(n, d);
        }
        return n;
    }

    /**
     * Size in bytes of one element, from the descriptor.
     *
     * @return 1, 2, 4 or 8
     */
    public int itemSize() {
        return Npy.itemSize(descr, source);
    }

    private void require(String... accepted) {
        for (String a : accepted) {
            if (a.equals(descr)) {
                return;
            }
        }
        throw new DatasetFormatException(source + ": expected dtype " + String.join(" or ", accepted)
                + " but the array is " + descr);
    }

    /**
     * Elements as bytes ({@code |u1}, {@code |i1}, {@code |b1}, {@code |S1}).
     *
     * @return a new heap array of the elements
     * @throws DatasetFormatException if the descriptor is not one of those listed
     */
    public byte[] toByteArray() {
        require("|u1", "|i1", "|b1", "|S1");
        return data.toArray(ValueLayout.JAVA_BYTE);
    }

    /**
     * Elements as ints ({@code <i4}).
     *
     * @return a new heap array of the elements
     * @throws DatasetFormatException if the descriptor is not {@code <i4}
     */
    public int[] toIntArray() {
        require("<i4");
        return data.toArray(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN));
    }

    /**
     * Elements as longs ({@code <i8}, or {@code <u8} read as raw 64-bit patterns).
     *
     * @return a new heap array of the elements
     * @throws DatasetFormatException if the descriptor is not {@code <i8} or {@code <u8}
     */
    public long[] toLongArray() {
        require("<i8", "<u8");
        return data.toArray(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN));
    }

    /**
     * Elements as floats ({@code <f4}).
     *
     * @return a new heap array of the elements
     * @throws DatasetFormatException if the descriptor is not {@code <f4}
     */
    public float[] toFloatArray() {
        require("<f4");
        return data.toArray(ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN));
    }

    /**
     * Elements as doubles ({@code <f8}).
     *
     * @return a new heap array of the elements
     * @throws DatasetFormatException if the descriptor is not {@code <f8}
     */
    public double[] toDoubleArray() {
        require("<f8");
        return data.toArray(ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN));
    }

    /**
     * Elements as booleans ({@code |b1}: any non-zero byte is true).
     *
     * @return a new heap array of the elements
     * @throws DatasetFormatException if the descriptor is not {@code |b1}
     */
    public boolean[] toBooleanArray() {
        require("|b1");
        byte[] b = data.toArray(ValueLayout.JAVA_BYTE);
        boolean[] out = new boolean[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = b[i] != 0;
        }
        return out;
    }

    @Override
    public String toString() {
        return "NpyArray[" + source + ", " + descr + ", shape=" + Arrays.toString(shape)
                + (fortranOrder ? ", F order" : "") + "]";
    }
}
