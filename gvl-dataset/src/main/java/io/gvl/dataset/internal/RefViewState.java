package io.gvl.dataset.internal;

import io.gvl.core.kernel.rng.NumpyGenerator;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SpliceMap;

/**
 * Everything a {@code RefDataset} view decides, immutable. The generator object is shared by views derived from one
 * another, so drawing through any of them advances the same stream.
 *
 * @param subset        region positions (spliced-row positions when spliced) in view order, or null for all
 * @param jitter        the largest random shift of every window, in bp
 * @param length        ragged, variable or fixed output length
 * @param deterministic whether fixed-length rows take the left part of each region instead of a random window
 * @param rcNeg         whether minus-strand rows (and spliced elements) are reverse-complemented
 * @param rng           the generator of jitter and random shifts
 * @param splice        the spliced rows, or null when unspliced
 */
public record RefViewState(int[] subset, int jitter, OutputLength length, boolean deterministic, boolean rcNeg,
                           NumpyGenerator rng, SpliceMap splice) {

    /**
     * GVL's initial view: ragged, no jitter, deterministic, minus strands reverse-complemented, seed 0, unspliced.
     *
     * @return the initial state
     */
    public static RefViewState initial() {
        return new RefViewState(null, 0, OutputLength.ragged(), true, true, NumpyGenerator.seeded(0), null);
    }

    /**
     * This view over other rows.
     *
     * @param rows region (or spliced-row) positions in view order, or null for all
     * @return the new state
     */
    public RefViewState withSubset(int[] rows) {
        return new RefViewState(rows, jitter, length, deterministic, rcNeg, rng, splice);
    }

    /**
     * This view with another output length.
     *
     * @param l the output length
     * @return the new state
     */
    public RefViewState withLength(OutputLength l) {
        return new RefViewState(subset, jitter, l, deterministic, rcNeg, rng, splice);
    }

    /**
     * This view with other settings.
     *
     * @param j   the jitter
     * @param g   the generator
     * @param det the deterministic flag
     * @param rc  the rcNeg flag
     * @return the new state
     */
    public RefViewState withSettings(int j, NumpyGenerator g, boolean det, boolean rc) {
        return new RefViewState(subset, j, length, det, rc, g, splice);
    }

    /**
     * Spliced by {@code map} (null: unspliced); the subset is dropped, since its indices change meaning.
     *
     * @param map the splice map, or null
     * @return the new state
     */
    public RefViewState withSplice(SpliceMap map) {
        return new RefViewState(null, jitter, length, deterministic, rcNeg, rng, map);
    }

    /**
     * Rows of the view: regions, or spliced rows when spliced.
     *
     * @param regions the number of regions
     * @return the row count
     */
    public int size(int regions) {
        if (subset != null) {
            return subset.length;
        }
        return splice == null ? regions : splice.size();
    }

    /**
     * Region (or spliced-row) positions of view rows; negative rows count from the end.
     *
     * @param rows    row indices of this view
     * @param regions the number of regions
     * @return the positions, one per row
     * @throws IndexOutOfBoundsException if a row is out of range
     */
    public int[] positions(int[] rows, int regions) {
        int n = size(regions);
        int[] out = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            int j = wrap(rows[i], n);
            out[i] = subset == null ? j : subset[j];
        }
        return out;
    }

    private static int wrap(int i, int n) {
        int j = i < 0 ? i + n : i;
        if (j < 0 || j >= n) {
            throw new IndexOutOfBoundsException("row " + i + " is out of range for " + n + " rows");
        }
        return j;
    }
}
