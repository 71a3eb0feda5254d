package io.gvl.core.buffer;

/**
 * What every output array is: a {@link Ragged} (variable-length last axis) or a {@link Dense} (rectangular).
 * Batching code slices outputs along their first axis without knowing which kind they are.
 */
public sealed interface FlatArray extends AutoCloseable permits Ragged, Dense {

    /**
     * The element type.
     *
     * @return the element type
     */
    DType dtype();

    /**
     * The dimensions before the last (variable or fixed) axis; the first is the instance axis.
     *
     * @return a copy of the leading dimensions
     */
    long[] leadingShape();

    /**
     * Bytes of data plus, for ragged arrays, the int64 offsets.
     *
     * @return the size in bytes
     */
    long byteSize();

    /**
     * Zero-copy view of instances {@code [from, to)} along the first axis, borrowing this array's memory. A
     * ragged view gets its own small offset array when its first row does not start at element 0.
     *
     * @param from first instance, inclusive
     * @param to last instance, exclusive
     * @return a view valid while this array's memory is
     * @throws IndexOutOfBoundsException unless {@code 0 <= from <= to <=} the first dimension
     */
    FlatArray sliceLeading(long from, long to);

    /**
     * Whether the memory can still be read: not closed, and the arena still alive.
     *
     * @return {@code true} while the memory is valid
     */
    boolean isOpen();

    @Override
    void close();
}
