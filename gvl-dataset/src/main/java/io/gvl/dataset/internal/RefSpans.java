package io.gvl.dataset.internal;

import java.util.BitSet;

/**
 * The regions of a {@code RefDataset} as the engine reads them, in input order, resolved against the reference once.
 *
 * @param contigs reference contig index of each region
 * @param starts  0-based start of each region
 * @param ends    exclusive end of each region ({@code >= start})
 * @param minus   the minus-strand regions
 */
public record RefSpans(int[] contigs, int[] starts, int[] ends, BitSet minus) {

    /**
     * The number of regions.
     *
     * @return the region count
     */
    public int size() {
        return starts.length;
    }

    /**
     * The length of region {@code row}.
     *
     * @param row a region position
     * @return {@code end - start}
     */
    public int length(int row) {
        return ends[row] - starts[row];
    }

    /**
     * The shortest region among {@code rows}.
     *
     * @param rows region positions, or null for all
     * @return the shortest length
     */
    public int minLength(int[] rows) {
        int min = Integer.MAX_VALUE;
        int n = rows == null ? size() : rows.length;
        for (int i = 0; i < n; i++) {
            min = Math.min(min, length(rows == null ? i : rows[i]));
        }
        return min;
    }
}
