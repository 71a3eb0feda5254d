package io.gvl.core.kernel.reference;

import io.gvl.core.internal.kernel.RowFill;
import java.lang.foreign.MemorySegment;

/**
 * One reference row with GVL's N padding ({@code src/reference/mod.rs}), shared by reference fetches and variant
 * windows. A kernel building block, not API: it works on raw row positions and takes the {@link RowFill}
 * implementation the caller's kernel provider chose.
 */
public final class ReferenceRows {
    private ReferenceRows() {
    }

    /**
     * Writes {@code [start, end)} of contig {@code contig} into {@code out[at, at + len)}, where {@code len} is
     * the output row length (normally {@code end - start}). Rows with {@code start >= end} are left untouched;
     * a window ending before 0 is all pad.
     *
     * @param ref the reference
     * @param contig the contig's index in {@code ref}
     * @param start the window start, 0-based; may be negative (padded)
     * @param end the window end, exclusive; may pass the contig end (padded)
     * @param pad the padding byte (GVL's {@code N})
     * @param out the output buffer
     * @param at the row's first byte in {@code out}
     * @param len the row length, {@code end - start} for a non-empty window
     * @param fill the row-fill kernels to pad with
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
}
