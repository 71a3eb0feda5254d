package io.gvl.core.kernel.reference;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.kernel.ReverseComplement;
import io.gvl.core.kernel.RowParallelism;
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
     * Writes {@code [start, end)} of contig {@code contig} into {@code out[at, at + len)}, where {@code len} is
     * the output row length (normally {@code end - start}). Rows with {@code start >= end} are left untouched;
     * a window ending before 0 is all pad.
     *
     * @throws IllegalArgumentException if the window starts past the contig end (GVL's kernel panics there)
     */
    public static void fetchRow(ReferenceGenome ref, int contig, long start, long end, byte pad,
                                MemorySegment out, long at, long len, RowFill fill) {
        if (start >= end) {
            return;
        }
        if (end < 0) {
            fill.fillU8(out, at, len, pad);
            return;
        }
        long base = ref.contigStart(contig);
        long n = ref.contigLength(contig);
        long padLeft = Math.max(0, -start);
        long padRight = Math.max(0, end - n);
        if (padLeft == 0 && start > n) {
            throw new IllegalArgumentException("window [" + start + ", " + end + ") starts past the end of contig "
                    + contig + " (length " + n + ")");
        }
        if (len != end - start) {
            throw new IllegalArgumentException("output row length " + len + " differs from window length "
                    + (end - start) + " for [" + start + ", " + end + ")");
        }
        fill.fillU8(out, at, padLeft, pad);
        long from = Math.max(start, 0);
        long to = Math.min(end, n);
        MemorySegment.copy(ref.bytes(), base + from, out, at + padLeft, to - from);
        fill.fillU8(out, at + padLeft + (to - from), padRight, pad);
    }

    /**
     * Fills every row {@code i} of {@code out} (U8, one row per region) with region {@code i}'s window, then
     * reverse-complements the rows set in {@code rc} (null: none). Rows run through {@link RowParallelism}.
     */
    public static void fetch(ReferenceGenome ref, Regions regions, byte pad, Ragged out, BitSet rc) {
        if (out.dtype() != DType.U8) {
            throw new IllegalArgumentException("out must be U8, got " + out.dtype());
        }
        if (out.rows() != regions.size()) {
            throw new IllegalArgumentException("out has " + out.rows() + " rows but regions has " + regions.size());
        }
        RowFill fill = RowFill.best();
        ReverseComplement rcKernel = ReverseComplement.best();
        MemorySegment data = out.data();
        MemorySegment offsets = out.offsets();
        RowParallelism.forEachRange(regions.size(), out.totalLength(), (from, to) -> {
            for (int i = (int) from; i < to; i++) {
                long at = Mem.i64(offsets, i);
                long len = Mem.i64(offsets, i + 1) - at;
                fetchRow(ref, regions.contig(i), regions.start(i), regions.end(i), pad, data, at, len, fill);
                if (rc != null && rc.get(i)) {
                    rcKernel.inPlace(data, at, len);
                }
            }
        });
    }
}
