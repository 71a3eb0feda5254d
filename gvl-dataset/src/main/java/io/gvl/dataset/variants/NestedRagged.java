package io.gvl.dataset.variants;

import io.gvl.core.buffer.DType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Two ragged levels over one flat buffer (GVL's {@code FlatAlleles} / {@code _FlatWindow}): group {@code g} holds
 * variants {@code [groupOffsets[g], groupOffsets[g+1])}; variant {@code v} holds elements
 * {@code [itemOffsets[v], itemOffsets[v+1])} of {@code data}. All three segments are views of the query's memory
 * (no copies) and die with its {@code DatasetOutput}.
 *
 * @param dtype        element type (U8 for allele bytes, U8 or I32 for tokens)
 * @param data         the elements, back to back
 * @param itemOffsets  int64, {@code variants + 1} element offsets
 * @param groupOffsets int64, {@code groups + 1} variant offsets
 */
public record NestedRagged(DType dtype, MemorySegment data, MemorySegment itemOffsets, MemorySegment groupOffsets) {
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED;

    /**
     * The number of groups.
     *
     * @return the group count
     */
    public long groups() {
        return groupOffsets.byteSize() / 8 - 1;
    }

    /**
     * The number of variants over all groups.
     *
     * @return the variant count
     */
    public long variants() {
        return itemOffsets.byteSize() / 8 - 1;
    }

    /**
     * First variant of group {@code g}.
     *
     * @param g group index
     * @return the variant index
     */
    public long groupStart(long g) {
        return groupOffsets.getAtIndex(I64, g);
    }

    /**
     * Number of variants in group {@code g}.
     *
     * @param g group index
     * @return the variant count
     */
    public long groupSize(long g) {
        return groupOffsets.getAtIndex(I64, g + 1) - groupOffsets.getAtIndex(I64, g);
    }

    /**
     * The elements of variant {@code v} (a zero-copy slice).
     *
     * @param v variant index
     * @return a slice, valid while the output is open
     */
    public MemorySegment item(long v) {
        long from = itemOffsets.getAtIndex(I64, v);
        long to = itemOffsets.getAtIndex(I64, v + 1);
        return data.asSlice(from * dtype.byteSize(), (to - from) * dtype.byteSize());
    }

    /**
     * The bytes of variant {@code v} copied out (for U8 data such as alleles).
     *
     * @param v variant index
     * @return a new array
     */
    public byte[] itemBytes(long v) {
        return item(v).toArray(ValueLayout.JAVA_BYTE);
    }

    /**
     * The data as a little-endian direct {@link ByteBuffer} view (no copy).
     *
     * @return a view of the data, valid while the output is open
     */
    public ByteBuffer dataBuffer() {
        return data.asByteBuffer().order(ByteOrder.nativeOrder());
    }
}
