package io.gvl.core.buffer;

import java.lang.foreign.ValueLayout;

/** Element types of flat output buffers. All multi-byte types are little-endian, as on disk and in GVL. */
public enum DType {
    /** Unsigned 8-bit: sequence bases and tokens (ASCII), flags. */
    U8(ValueLayout.JAVA_BYTE),
    /** Signed 32-bit integer: variant indices, coordinates, lengths, wide tokens. */
    I32(ValueLayout.JAVA_INT_UNALIGNED),
    /** Signed 64-bit integer: offsets. */
    I64(ValueLayout.JAVA_LONG_UNALIGNED),
    /** IEEE 754 32-bit float: track values, dosages, INFO fields. */
    F32(ValueLayout.JAVA_FLOAT_UNALIGNED);

    private final ValueLayout layout;

    DType(ValueLayout layout) {
        this.layout = layout;
    }

    /**
     * Size of one element in bytes.
     *
     * @return 1, 4 or 8
     */
    public int byteSize() {
        return (int) layout.byteSize();
    }

    /**
     * The (unaligned, native-order) layout used to access one element.
     *
     * @return the layout
     */
    public ValueLayout layout() {
        return layout;
    }
}
