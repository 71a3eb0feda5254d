package io.gvl.core.buffer;

import java.lang.foreign.ValueLayout;

/** Element types of flat output buffers. All multi-byte types are little-endian, as on disk and in GVL. */
public enum DType {
    U8(ValueLayout.JAVA_BYTE),
    I32(ValueLayout.JAVA_INT_UNALIGNED),
    I64(ValueLayout.JAVA_LONG_UNALIGNED),
    F32(ValueLayout.JAVA_FLOAT_UNALIGNED);

    private final ValueLayout layout;

    DType(ValueLayout layout) {
        this.layout = layout;
    }

    /** Size of one element in bytes. */
    public int byteSize() {
        return (int) layout.byteSize();
    }

    /** The (unaligned, native-order) layout used to access one element. */
    public ValueLayout layout() {
        return layout;
    }
}
