package io.gvl.core.kernel.variant;

import io.gvl.core.internal.kernel.KernelProvider;
import io.gvl.core.kernel.ReverseComplement;
import java.lang.foreign.MemorySegment;
import java.util.BitSet;

/**
 * Negative-strand {@code "variants"} output: each allele of a flagged (instance, ploid) row is
 * reverse-complemented on its own, in place; variant order and every other field stay as they are.
 */
public final class AlleleReverseComplement {
    private AlleleReverseComplement() {
    }

    /**
     * Reverse-complements each allele of the flagged rows in place.
     *
     * @param bytes      allele bytes, modified in place
     * @param seqOffsets per-variant byte offsets
     * @param varOffsets per-row variant offsets
     * @param rows       rows whose alleles to reverse-complement
     */
    public static void inPlace(MemorySegment bytes, long[] seqOffsets, long[] varOffsets, BitSet rows) {
        ReverseComplement rc = KernelProvider.get().reverseComplement();
        for (int g = rows.nextSetBit(0); g >= 0 && g < varOffsets.length - 1; g = rows.nextSetBit(g + 1)) {
            for (long a = varOffsets[g]; a < varOffsets[g + 1]; a++) {
                long s = seqOffsets[(int) a];
                rc.inPlace(bytes, s, seqOffsets[(int) a + 1] - s);
            }
        }
    }
}
