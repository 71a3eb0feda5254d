package io.gvl.dataset;

/**
 * One region of a dataset as the user's BED gave it.
 *
 * @param inputRow 0-based row in the input BED (the index users query with on the full dataset)
 * @param chrom    contig name as stored in the dataset
 * @param start    0-based start
 * @param end      exclusive end
 * @param strand   +1 or -1 ({@code .} and missing strands read as +1)
 */
public record Region(int inputRow, String chrom, int start, int end, int strand) {

    /**
     * {@code +} or {@code -}.
     *
     * @return {@code '+'} or {@code '-'}
     */
    public char strandChar() {
        return strand < 0 ? '-' : '+';
    }

    /**
     * The region's length in bp.
     *
     * @return {@code end - start}
     */
    public int length() {
        return end - start;
    }
}
