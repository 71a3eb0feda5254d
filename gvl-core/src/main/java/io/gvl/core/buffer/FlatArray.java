package io.gvl.core.buffer;

/**
 * What every output array is: a {@link Ragged} (variable-length last axis) or a {@link Dense} (rectangular).
 * Batching code slices outputs along their first axis without knowing which kind they are.
 */
public sealed interface FlatArray extends AutoCloseable permits Ragged, Dense {

    DType dtype();

    /** The dimensions before the last (variable or fixed) axis; the first is the instance axis. */
    long[] leadingShape();

    /** Bytes of data plus, for ragged arrays, the int64 offsets. */
    long byteSize();

    /**
     * Zero-copy view of instances {@code [from, to)} along the first axis, borrowing this array's memory. A
     * ragged view gets its own small offset array when its first row does not start at element 0.
     */
    FlatArray sliceLeading(long from, long to);

    boolean isOpen();

    @Override
    void close();
}
