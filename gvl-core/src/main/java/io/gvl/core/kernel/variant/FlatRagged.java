package io.gvl.core.kernel.variant;

import io.gvl.core.buffer.DType;
import java.lang.foreign.MemorySegment;

/**
 * The one variable-length result shape of the variant kernels: typed data plus int64 row offsets counted in
 * <em>rows of {@code inner} elements</em> (1 for scalar fields; a fixed per-variant width for fixed-size fields),
 * GVL's {@code FlatRagged}. A row is a group's variants for per-group fields and one variant's sequence for
 * alleles and token windows; the second level (variants per group) then travels as the caller's {@code long[]}
 * group offsets, so no two-level type is needed inside the kernels. The data lives in the arena the kernel was
 * given; the read API wraps it in its public two-level view.
 *
 * @param dtype the element type
 * @param data the elements, in the kernel's arena
 * @param offsets {@code rows + 1} offsets, in units of {@code inner} elements
 */
public record FlatRagged(DType dtype, MemorySegment data, long[] offsets) {

    /** Copies the offsets. */
    public FlatRagged {
        offsets = offsets.clone();
    }

    /**
     * The row offsets, as a copy.
     *
     * @return a new array
     */
    @Override
    public long[] offsets() {
        return offsets.clone();
    }

    /**
     * The number of rows.
     *
     * @return the row count
     */
    public long rows() {
        return offsets.length - 1;
    }
}
