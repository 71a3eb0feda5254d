package io.gvl.core.kernel.variant;

import java.lang.foreign.MemorySegment;

/**
 * Two-level ragged sequences (GVL's {@code FlatAlleles}): rows of variants ({@code varOffsets}) whose
 * sequences are {@code data[seqOffsets[v], seqOffsets[v+1])}.
 *
 * @param data the sequences of all variants back to back
 * @param varOffsets {@code rows + 1} variant offsets
 * @param seqOffsets {@code variants + 1} element offsets into {@code data}
 */
public record FlatAlleles(MemorySegment data, long[] varOffsets, long[] seqOffsets) {

    /** Copies both offset arrays. */
    public FlatAlleles {
        varOffsets = varOffsets.clone();
        seqOffsets = seqOffsets.clone();
    }

    /**
     * Variant offsets per row, as a copy.
     *
     * @return a new array
     */
    @Override
    public long[] varOffsets() {
        return varOffsets.clone();
    }

    /**
     * Element offsets per variant, as a copy.
     *
     * @return a new array
     */
    @Override
    public long[] seqOffsets() {
        return seqOffsets.clone();
    }
}
