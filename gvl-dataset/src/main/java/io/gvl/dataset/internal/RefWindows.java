package io.gvl.dataset.internal;

import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SpliceMap;
import java.util.BitSet;

/**
 * Windows of one {@code RefDataset} query: contig, start, end per window, which to reverse-complement, windows per
 * row. Unspliced rows draw their jitter and random shifts here.
 *
 * @param contigs    reference contig index of each window
 * @param starts     start of each window
 * @param ends       end of each window
 * @param rc         the windows to reverse-complement
 * @param rowWindows {@code rows + 1} offsets into the windows
 */
record RefWindows(int[] contigs, int[] starts, int[] ends, BitSet rc, int[] rowWindows) {

    /** The windows of {@code rows} (region positions, or spliced-row positions when spliced) of view {@code v}. */
    static RefWindows of(RefSpans spans, RefViewState v, int[] rows) {
        return v.splice() == null ? unspliced(spans, v, rows) : spliced(spans, v.splice(), rows, v.rcNeg());
    }

    /** The windows as the reference kernel takes them. */
    QueryWindows query() {
        return new QueryWindows(contigs, starts, ends);
    }

    /** GVL's draw: one array-bound shift in {@code [0, extra + 2 * jitter]} per row, in row order. */
    private static RefWindows unspliced(RefSpans spans, RefViewState v, int[] rows) {
        int n = rows.length;
        int jitter = v.jitter();
        int[] outLen = new int[n];
        int[] maxShift = new int[n];
        for (int i = 0; i < n; i++) {
            int len = spans.length(rows[i]);
            outLen[i] = v.length() instanceof OutputLength.Fixed f ? f.n() : len;
            maxShift[i] = (v.deterministic() ? 0 : Math.max(len - outLen[i], 0)) + 2 * jitter;
        }
        int[] shift = v.rng().integersUpTo(maxShift);
        int[] c = new int[n];
        int[] s = new int[n];
        int[] e = new int[n];
        BitSet rc = new BitSet(n);
        int[] rowWindows = new int[n + 1];
        for (int i = 0; i < n; i++) {
            c[i] = spans.contigs()[rows[i]];
            s[i] = spans.starts()[rows[i]] + shift[i] - jitter;
            e[i] = s[i] + outLen[i];
            if (v.rcNeg() && spans.minus().get(rows[i])) {
                rc.set(i);
            }
            rowWindows[i + 1] = i + 1;
        }
        return new RefWindows(c, s, e, rc, rowWindows);
    }

    /** Each spliced row's regions in splice order; each minus-strand element reverse-complemented on its own. */
    private static RefWindows spliced(RefSpans spans, SpliceMap map, int[] groups, boolean rcNeg) {
        int[] rowWindows = new int[groups.length + 1];
        for (int i = 0; i < groups.length; i++) {
            rowWindows[i + 1] = Math.addExact(rowWindows[i], map.elementCount(groups[i]));
        }
        int n = rowWindows[groups.length];
        int[] c = new int[n];
        int[] s = new int[n];
        int[] e = new int[n];
        BitSet rc = new BitSet(n);
        for (int i = 0, k = 0; i < groups.length; i++) {
            for (int row : map.rows(groups[i])) {
                c[k] = spans.contigs()[row];
                s[k] = spans.starts()[row];
                e[k] = spans.ends()[row];
                if (rcNeg && spans.minus().get(row)) {
                    rc.set(k);
                }
                k++;
            }
        }
        return new RefWindows(c, s, e, rc, rowWindows);
    }
}
