package io.gvl.dataset.internal;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.reference.ReferenceFetch;
import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.dataset.internal.memory.OutputFill;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.io.fasta.Reference;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.BitSet;
import java.util.List;

/**
 * Reference rows of a {@code RefDataset} query ({@code _dataset/_ref.py}): windows are fetched back to back into one
 * buffer (N-padded, minus-strand windows reverse-complemented in place), and consecutive windows form one output row,
 * which is how spliced rows concatenate their elements without a copy. The output length is applied as for datasets.
 */
public final class ReferenceQuery {
    private ReferenceQuery() {
    }

    /** The kernel's view of an open reference (its bases stay owned by the caller). */
    public static ReferenceGenome genome(Reference reference) {
        return OpenedDataset.genome(reference);
    }

    /**
     * Rows {@code rows} of view {@code v}, in a fresh arena that the output owns.
     *
     * @param genome  the reference
     * @param spans   the regions
     * @param v       the view
     * @param rows    row indices of the view; negative rows count from the end
     * @param leading the query's leading shape ({@code rows.length} elements in all)
     * @return the outputs (array {@code "reference"}); the caller must close them
     * @throws IndexOutOfBoundsException if a row is out of range
     */
    public static DatasetOutput query(ReferenceGenome genome, RefSpans spans, RefViewState v, int[] rows,
                                      long[] leading) {
        RefWindows w = RefWindows.of(spans, v, v.positions(rows, spans.size()));
        Arena arena = OutputFill.newSharedArena();
        try {
            List<NamedArray> arrays = fetch(genome, w.query(), w.rc(), w.rowWindows(), v.length(), leading, arena);
            return DatasetOutput.of(arena, leading, arrays);
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Bytes row {@code row} of view {@code v} occupies in a query's outputs, data plus its int64 offset: the fixed
     * length, or the region (widened by the jitter on both sides) or, when spliced, the sum of its elements.
     *
     * @param spans the regions
     * @param v     the view
     * @param row   a row index of the view; negative rows count from the end
     * @return the bytes, never fewer than a ragged or fixed row takes
     * @throws IndexOutOfBoundsException if the row is out of range
     */
    public static long rowBytes(RefSpans spans, RefViewState v, int row) {
        int picked = v.positions(new int[] {row}, spans.size())[0];
        if (v.length() instanceof OutputLength.Fixed f) {
            return f.n() + 8L;
        }
        long bases = 0;
        if (v.splice() == null) {
            bases = (long) spans.ends()[picked] - spans.starts()[picked] + 2L * v.jitter();
        } else {
            for (int e : v.splice().rows(picked)) {
                bases += (long) spans.ends()[e] - spans.starts()[e];
            }
        }
        return bases + 8L;
    }

    /**
     * @param windows    reference contig, start and end of every window, in output order
     * @param rc         windows to reverse-complement
     * @param rowWindows {@code rows + 1} offsets into the windows: row {@code r} is windows
     *                   {@code [rowWindows[r], rowWindows[r+1])}
     * @param leading    the query's leading shape ({@code rows} elements in all)
     */
    public static List<NamedArray> fetch(ReferenceGenome genome, QueryWindows windows, BitSet rc, int[] rowWindows,
                                         OutputLength length, long[] leading, Arena arena) {
        int n = windows.size();
        long[] windowOffsets = new long[n + 1];
        for (int i = 0; i < n; i++) {
            windowOffsets[i + 1] = windowOffsets[i] + (windows.end(i) - windows.start(i));
        }
        MemorySegment data = arena.allocate(Math.max(1, windowOffsets[n]), 8).asSlice(0, windowOffsets[n]);
        Ragged perWindow = Ragged.wrap(DType.U8, new long[] {n}, data, MemorySegment.ofArray(windowOffsets));
        ReferenceFetch.fetch(genome, windows, Reference.PAD, perWindow, rc);
        int rows = rowWindows.length - 1;
        MemorySegment rowOffsets = arena.allocate(8L * (rows + 1), 8);
        for (int r = 0; r <= rows; r++) {
            rowOffsets.setAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG, r, windowOffsets[rowWindows[r]]);
        }
        Ragged out = Ragged.wrap(DType.U8, new long[] {rows}, data, rowOffsets);
        return OutputShaper.shape(List.of(new NamedArray(DatasetOutput.REFERENCE, out)), length, leading, arena);
    }
}
