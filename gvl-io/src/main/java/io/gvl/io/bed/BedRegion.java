package io.gvl.io.bed;

import java.util.List;

/**
 * One BED row: 0-based half-open {@code [start, end)}, strand +1 or -1 ({@code .} and a missing column read as
 * +1, as GVL's write does), the 1-based source line for error messages, and the columns after the third,
 * in file order, with {@code .} read as {@code null} (as seqpro does).
 *
 * @param chrom contig name as the BED spells it
 * @param start 0-based inclusive start
 * @param end exclusive end, {@code > start}
 * @param strand {@code +1} or {@code -1}
 * @param line 1-based line number in the file
 * @param extras the fourth and later columns, {@code null} for {@code .}
 */
public record BedRegion(String chrom, int start, int end, byte strand, long line, List<String> extras) {
    /** Wraps {@code extras} in an unmodifiable view. */
    public BedRegion {
        extras = java.util.Collections.unmodifiableList(extras);
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
