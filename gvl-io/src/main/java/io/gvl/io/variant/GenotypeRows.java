package io.gvl.io.variant;

/**
 * Receives the genotype rows of a read of the variant table, so that a write can take its calls from the one read of
 * the file instead of reading the file again. Each record the read keeps is given, in file order, once: with its row
 * when {@link #wants} asked for it, else without. A row is {@code samples × 2} bytes, 1 where a haplotype carries the
 * ALT (as {@link VariantBatch#genotypes()} holds it).
 *
 * <p>When the genotype-only decode cannot give a record's row (a record it refuses, which the read of the sites
 * alone accepts), the read goes on for the table and calls {@link #abandon}: the rows are then incomplete, and the
 * caller reads its calls from the file as before (where the same record meets the same error, if it is read at all).
 */
public interface GenotypeRows {
    /**
     * Whether the row of the record starting at {@code position} is wanted.
     *
     * @param position the record's 0-based position
     * @return {@code true} to have its row decoded and given to {@link #accept}
     */
    boolean wants(int position);

    /**
     * The next record of the read.
     *
     * @param position its 0-based position
     * @param row its row, valid only during the call, or {@code null} when {@link #wants} did not ask for it
     */
    void accept(int position, byte[] row);

    /**
     * Whether a wanted record's row may be given to {@link #acceptCarriers} as the slots that carry the ALT, rather
     * than densely to {@link #accept}: the read then does not write out and zero the dense row of each rare variant.
     * Rows the decode cannot list still come to {@link #accept}.
     *
     * @return {@code false} unless overridden
     */
    default boolean takesCarriers() {
        return false;
    }

    /**
     * The next record, wanted, given as the slots of its row that carry the ALT (called only when
     * {@link #takesCarriers}).
     *
     * @param position its 0-based position
     * @param slots the slots, ascending, in {@code slots[0, count)}; valid only during the call
     * @param count how many
     */
    default void acceptCarriers(int position, int[] slots, int count) {
        throw new UnsupportedOperationException("this sink takes dense rows only");
    }

    /**
     * The rows cannot be completed; no more are given.
     *
     * @param cause why
     */
    void abandon(RuntimeException cause);
}
