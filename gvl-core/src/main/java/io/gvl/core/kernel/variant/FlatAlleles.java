package io.gvl.core.kernel.variant;

import java.lang.foreign.MemorySegment;

/**
 * Two-level ragged sequences (GVL's {@code FlatAlleles}): rows of variants ({@code varOffsets}) whose
 * sequences are {@code data[seqOffsets[v], seqOffsets[v+1])}.
 */
public record FlatAlleles(MemorySegment data, long[] varOffsets, long[] seqOffsets) {

    public FlatAlleles {
        varOffsets = varOffsets.clone();
        seqOffsets = seqOffsets.clone();
    }

    @Override
    public long[] varOffsets() {
        return varOffsets.clone();
    }

    @Override
    public long[] seqOffsets() {
        return seqOffsets.clone();
    }
}
