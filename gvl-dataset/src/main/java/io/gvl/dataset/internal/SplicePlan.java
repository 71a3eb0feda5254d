package io.gvl.dataset.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Where every element row of a spliced query lands (GVL's {@code SplicePlan}, {@code _dataset/_splice.py}). Kernel rows are
 * ordered (pair, inner, element), inner being the ploid or track, so that consecutive rows of one output cell are
 * adjacent: a kernel writing row {@code r} at {@code rowOffsets[r]} puts every element straight into its final place,
 * and the same data read with {@link #cellOffsets} is the spliced output. Memory is proportional to the number of
 * rows, never to the output.
 *
 * @param inner       rows per element instance (1, ploidy or tracks)
 * @param rowElement  element instance of each kernel row
 * @param rowInner    inner index (ploid or track) of each kernel row
 * @param rowOffsets  {@code rows + 1} element offsets of the kernel rows
 * @param cellOffsets {@code pairs * inner + 1} element offsets of the output cells (a subset of {@code rowOffsets})
 */
record SplicePlan(int inner, int[] rowElement, int[] rowInner, long[] rowOffsets, long[] cellOffsets) {

    /**
     * @param lengths     per element instance and inner index, {@code lengths[q * inner + e]}
     * @param pairOffsets element instances of each pair
     */
    static SplicePlan build(long[] lengths, int inner, int[] pairOffsets) {
        int pairs = pairOffsets.length - 1;
        int rows = Math.multiplyExact(pairOffsets[pairs], inner);
        if (lengths.length != rows) {
            throw new IllegalArgumentException("got " + lengths.length + " lengths for " + rows + " element rows");
        }
        int[] element = new int[rows];
        int[] in = new int[rows];
        long[] rowOffsets = new long[rows + 1];
        long[] cellOffsets = new long[pairs * inner + 1];
        int r = 0;
        for (int p = 0; p < pairs; p++) {
            for (int e = 0; e < inner; e++) {
                for (int q = pairOffsets[p]; q < pairOffsets[p + 1]; q++) {
                    element[r] = q;
                    in[r] = e;
                    rowOffsets[r + 1] = rowOffsets[r] + lengths[q * inner + e];
                    r++;
                }
                cellOffsets[p * inner + e + 1] = rowOffsets[r];
            }
        }
        return new SplicePlan(inner, element, in, rowOffsets, cellOffsets);
    }

    int rows() {
        return rowElement.length;
    }

    long total() {
        return rowOffsets[rowOffsets.length - 1];
    }

    /** The kernel rows' offsets as a heap segment: bookkeeping for the kernels, not part of the output. */
    MemorySegment rowOffsetSegment() {
        return MemorySegment.ofArray(rowOffsets);
    }

    /** The output cells' offsets in {@code arena}, where the outputs live. */
    MemorySegment cellOffsetSegment(Arena arena) {
        MemorySegment seg = arena.allocate(8L * cellOffsets.length, 8);
        MemorySegment.copy(cellOffsets, 0, seg, ValueLayout.JAVA_LONG_UNALIGNED, 0, cellOffsets.length);
        return seg;
    }
}
