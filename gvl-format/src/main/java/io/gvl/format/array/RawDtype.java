package io.gvl.format.array;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/** Element types of the header-less little-endian arrays in a dataset, with their NumPy descriptor. */
public enum RawDtype {
    /** Signed 32-bit integer, little-endian. */
    INT32(4, "<i4"),
    /** Signed 64-bit integer, little-endian. */
    INT64(8, "<i8"),
    /** IEEE 754 32-bit float, little-endian. */
    FLOAT32(4, "<f4");

    static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong LE_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfFloat LE_FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final int size;
    private final String descr;

    RawDtype(int size, String descr) {
        this.size = size;
        this.descr = descr;
    }

    /**
     * Bytes per element.
     *
     * @return 4 or 8
     */
    public int size() {
        return size;
    }

    /**
     * NumPy descriptor, e.g. {@code <i4}.
     *
     * @return the descriptor, also used in NPY headers
     */
    public String descr() {
        return descr;
    }
}
