package io.gvl.io.bed;

/** The exons of a BED12 row as absolute, 0-based half-open intervals in file order. */
public record BedBlocks(int[] starts, int[] ends) {
    public int count() {
        return starts.length;
    }
}
