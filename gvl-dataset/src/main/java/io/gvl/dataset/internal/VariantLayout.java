package io.gvl.dataset.internal;

import java.util.BitSet;

/**
 * How the stored per-(instance, ploid) variant groups of one query become output rows ({@code _dataset/_rag_variants.py}, {@code _dataset/_splice.py}).
 * Stored groups are gathered in {@code groupIdx} order and consecutive runs of them form one output row, so the
 * unspliced output (one group per row, or a sample's ploids per row under {@code unphased_union}) and the spliced
 * one (a transcript's exons in splice order per row) share one selection and one fill/reverse-complement pass.
 *
 * @param groupIdx      store group ({@code cell * ploidy + ploid}, {@link Instances#cells()}) of each gathered group,
 *                      in output order
 * @param groupInstance instance (index into the query's instances) each gathered group belongs to
 * @param rowGroups     {@code rows + 1} offsets into the gathered groups: row {@code r} concatenates groups
 *                      {@code [rowGroups[r], rowGroups[r+1])}
 * @param ploidy        output rows per leading cell (1 under {@code unphased_union})
 * @param rowRc         output rows whose alleles are reverse-complemented
 */
record VariantLayout(long[] groupIdx, int[] groupInstance, int[] rowGroups, int ploidy, BitSet rowRc) {

    int rows() {
        return rowGroups.length - 1;
    }

    /** One row per (instance, ploid), or per instance under {@code union}; {@code rc} is per instance. */
    static VariantLayout unspliced(long[] cells, int storedPloidy, boolean union, BitSet rc) {
        int n = cells.length;
        long[] groups = new long[n * storedPloidy];
        int[] instance = new int[groups.length];
        for (int i = 0; i < n; i++) {
            for (int h = 0; h < storedPloidy; h++) {
                groups[i * storedPloidy + h] = cells[i] * storedPloidy + h;
                instance[i * storedPloidy + h] = i;
            }
        }
        int per = union ? storedPloidy : 1;
        int ploidy = union ? 1 : storedPloidy;
        int rows = groups.length / per;
        int[] rowGroups = new int[rows + 1];
        BitSet rowRc = new BitSet(rows);
        for (int r = 0; r < rows; r++) {
            rowGroups[r + 1] = (r + 1) * per;
            if (rc.get(r / ploidy)) {
                rowRc.set(r);
            }
        }
        return new VariantLayout(groups, instance, rowGroups, ploidy, rowRc);
    }

    /**
     * One row per (pair, ploid) concatenating the pair's elements in splice order; under {@code union} one row per
     * pair holding, element by element, each element's ploids in turn (GVL folds the ploids of every element before
     * splicing). {@code pairRc} is per pair.
     */
    static VariantLayout spliced(long[] elementCells, int[] pairOffsets, int storedPloidy, boolean union,
                                 BitSet pairRc) {
        int pairs = pairOffsets.length - 1;
        int p = storedPloidy;
        long[] groups = new long[elementCells.length * p];
        int[] instance = new int[groups.length];
        int ploidy = union ? 1 : p;
        int[] rowGroups = new int[pairs * ploidy + 1];
        BitSet rowRc = new BitSet();
        int g = 0;
        int r = 0;
        for (int pair = 0; pair < pairs; pair++) {
            for (int h = 0; h < ploidy; h++) {
                for (int q = pairOffsets[pair]; q < pairOffsets[pair + 1]; q++) {
                    for (int k = union ? 0 : h; k < (union ? p : h + 1); k++) {
                        groups[g] = elementCells[q] * p + k;
                        instance[g++] = q;
                    }
                }
                rowGroups[++r] = g;
                if (pairRc.get(pair)) {
                    rowRc.set(r - 1);
                }
            }
        }
        return new VariantLayout(groups, instance, rowGroups, ploidy, rowRc);
    }
}
