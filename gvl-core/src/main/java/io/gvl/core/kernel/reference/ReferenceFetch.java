package io.gvl.core.kernel.reference;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.KernelProvider;
import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.kernel.ReverseComplement;
import io.gvl.core.kernel.RowParallelism;
import io.gvl.core.kernel.reference.ReferenceRows;
import java.lang.foreign.MemorySegment;
import java.util.BitSet;

/**
 * Reference windows with GVL's padding: positions before the contig start or past its end become the pad byte
 * ({@code N}). Reference-mode rows, and the flank windows of variant outputs, are this fetch.
 */
public final class ReferenceFetch {
    private ReferenceFetch() {
    }

    /**
     * Fills every row {@code i} of {@code out} (U8, one row per region) with region {@code i}'s window, then
     * reverse-complements the rows set in {@code rc} (null: none). Rows run through {@link RowParallelism}.
     *
     * @param ref the reference genome
     * @param regions one window per row
     * @param pad the byte written outside the contig
     * @param out the destination, one row per region, each as long as its window
     * @param rc the rows to reverse-complement, or {@code null} for none
     * @throws IllegalArgumentException if {@code out} is not {@link DType#U8} or its rows do not fit the windows
     */
    public static void fetch(ReferenceGenome ref, QueryWindows regions, byte pad, Ragged out, BitSet rc) {
        if (out.dtype() != DType.U8) {
            throw new IllegalArgumentException("out must be U8, got " + out.dtype());
        }
        if (out.rows() != regions.size()) {
            throw new IllegalArgumentException("out has " + out.rows() + " rows but regions has " + regions.size());
        }
        RowFill fill = KernelProvider.get().rowFill();
        ReverseComplement rcKernel = KernelProvider.get().reverseComplement();
        MemorySegment data = out.data();
        MemorySegment offsets = out.offsets();
        RowParallelism.forEachRange(regions.size(), out.totalLength(), (from, to) -> {
            for (int i = (int) from; i < to; i++) {
                long at = Mem.i64(offsets, i);
                long len = Mem.i64(offsets, i + 1) - at;
                ReferenceRows.fetchRow(ref, regions.contig(i), regions.start(i), regions.end(i), pad, data, at, len, fill);
                if (rc != null && rc.get(i)) {
                    rcKernel.inPlace(data, at, len);
                }
            }
        });
    }
}
