package io.gvl.io.bed;

/**
 * The exons of a BED12 row as absolute, 0-based half-open intervals in file order.
 *
 * @param starts absolute 0-based block starts
 * @param ends absolute exclusive block ends, parallel to {@code starts}
 */
public record BedBlocks(int[] starts, int[] ends) {
    /**
     * The number of blocks ({@code blockCount}).
     *
     * @return the block count
     */
    public int count() {
        return starts.length;
    }
}
