package io.gvl.io.bed;

import java.util.List;

/**
 * One BED row: 0-based half-open {@code [start, end)}, strand +1 or -1 ({@code .} and a missing column read as
 * +1, as GVL's write does), the 1-based source line for error messages, and the columns after the third,
 * in file order, with {@code .} read as {@code null} (as seqpro does).
 */
public record BedRegion(String chrom, int start, int end, byte strand, long line, List<String> extras) {
    public BedRegion {
        extras = java.util.Collections.unmodifiableList(extras);
    }

    public int length() {
        return end - start;
    }
}
