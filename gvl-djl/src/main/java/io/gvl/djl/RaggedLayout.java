package io.gvl.djl;

/** How an output whose rows have their own lengths reaches DJL, which has no ragged arrays. */
public enum RaggedLayout {
    /** Right-padded to the batch's longest row with gvl's pad value ({@code N}, 0, -1), one rectangular array. */
    PADDED,
    /**
     * Two arrays: the 1-d data of every row back to back, named as the output, and its int64 row offsets
     * ({@code rows + 1} values, starting at 0), named {@code <output>.offsets}.
     */
    DATA_AND_OFFSETS
}
