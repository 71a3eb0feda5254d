package io.gvl.format;

/**
 * The permutation between the user's (input) region order and the sorted on-disk order. {@code inputToSorted} is
 * GVL's {@code r_idx_map} column of {@code input_regions.arrow}.
 *
 * @param sortedToInput on-disk row {@code k} holds input row {@code sortedToInput[k]}
 * @param inputToSorted input row {@code i} is stored at on-disk row {@code inputToSorted[i]}
 */
public record RegionOrder(int[] sortedToInput, int[] inputToSorted) {

    /** Checks that both halves have the same length and copies them. */
    public RegionOrder {
        if (sortedToInput.length != inputToSorted.length) {
            throw new IllegalArgumentException("permutation halves differ in length");
        }
        sortedToInput = sortedToInput.clone();
        inputToSorted = inputToSorted.clone();
    }

    /**
     * Builds both directions from the on-disk → input direction, checking it is a permutation.
     *
     * @param sortedToInput on-disk row {@code k} holds input row {@code sortedToInput[k]}
     * @return both directions of the permutation
     * @throws IllegalArgumentException if the array is not a permutation of {@code 0..n-1}
     */
    public static RegionOrder fromSortedToInput(int[] sortedToInput) {
        return new RegionOrder(sortedToInput, invert(sortedToInput, "sorted-to-input order"));
    }

    /**
     * Builds both directions from an {@code r_idx_map}, checking it is a permutation.
     *
     * @param rIdxMap input row {@code i} is stored at on-disk row {@code rIdxMap[i]}
     * @param source the file the map came from, named in errors
     * @return both directions of the permutation
     * @throws DatasetFormatException if the map is not a permutation of {@code 0..n-1}
     */
    public static RegionOrder fromInputToSorted(long[] rIdxMap, String source) {
        int[] map = new int[rIdxMap.length];
        for (int i = 0; i < map.length; i++) {
            if (rIdxMap[i] < 0 || rIdxMap[i] >= map.length) {
                throw new DatasetFormatException(source + ": r_idx_map[" + i + "] = " + rIdxMap[i]
                        + " is outside 0.." + (map.length - 1) + "; the region map is corrupt, rewrite the dataset");
            }
            map[i] = (int) rIdxMap[i];
        }
        return new RegionOrder(invert(map, source + " r_idx_map"), map);
    }

    private static int[] invert(int[] perm, String what) {
        int[] inv = new int[perm.length];
        java.util.Arrays.fill(inv, -1);
        for (int k = 0; k < perm.length; k++) {
            int v = perm[k];
            if (v < 0 || v >= perm.length || inv[v] != -1) {
                throw new DatasetFormatException(what + ": not a permutation (value " + v + " at " + k
                        + " is out of range or repeated)");
            }
            inv[v] = k;
        }
        return inv;
    }

    /**
     * The on-disk to input direction, as a copy.
     *
     * @return a new array; element {@code k} is the input row stored at on-disk row {@code k}
     */
    @Override
    public int[] sortedToInput() {
        return sortedToInput.clone();
    }

    /**
     * The input to on-disk direction ({@code r_idx_map}), as a copy.
     *
     * @return a new array; element {@code i} is the on-disk row of input row {@code i}
     */
    @Override
    public int[] inputToSorted() {
        return inputToSorted.clone();
    }

    /**
     * Number of regions.
     *
     * @return the number of regions
     */
    public int size() {
        return sortedToInput.length;
    }

    /**
     * On-disk row of input row {@code i}.
     *
     * @param inputRow a row in the user's BED order
     * @return its row in sorted on-disk order
     */
    public int sortedRow(int inputRow) {
        return inputToSorted[inputRow];
    }

    /**
     * Input row stored at on-disk row {@code k}.
     *
     * @param sortedRow a row in sorted on-disk order
     * @return its row in the user's BED order
     */
    public int inputRow(int sortedRow) {
        return sortedToInput[sortedRow];
    }
}
