package io.gvl.write.internal;

import io.gvl.write.spec.CarrierBlock;
import io.gvl.write.spec.VariantSource;

/**
 * The ALT carriers of a run of variant rows for one pass of samples ({@link CarrierBlock}: per row, the ascending
 * haplotype slots {@code k · ploidy + p} that carry the ALT), read through {@link VariantSource#carriers}. Starts
 * with the rows the chunk's windows overlap and grows on demand, in blocks, when the extend-to-length walk reads rows
 * past them (never past the contig's last row). Growing appends to the same block, so it costs the new rows only.
 *
 * <p>Memory is 4 bytes per row and 4 per carrier. The first rows are read in pieces and the block's size is checked
 * after each piece against a cap: past it the window stops and reports {@link #overCap()}, so that the caller can
 * split its pass of samples (a pass of one sample is read whole; growth for the walk is not capped: it reads the few rows past the chunk that a
 * haplotype's length needs).
 */
final class GenotypeWindow {
    private static final int MIN_GROWTH = 64;
    /** Bytes a row costs besides its carriers (its end offset). */
    static final int ROW_BYTES = 4;
    /** Bytes per carrier. */
    static final int CARRIER_BYTES = 4;

    /**
     * The share of slots the planner expects to carry a row's ALT, as a divisor: 1 in 16 (6.25 %). Rare variants,
     * most records of a large cohort, carry far fewer; a block of common variants that exceeds its cap is split into
     * smaller passes when read ({@link #overCap()}).
     */
    static final int CARRIER_SHARE_DIVISOR = 16;

    private final VariantSource source;
    private final int[] samples;
    private final int rowLimit;
    private final int from;
    private final CarrierBlock block;
    private int to;
    private boolean overCap;

    /**
     * @param samples  source sample indexes of this pass
     * @param from     first row to read
     * @param to       one past the last row to read now
     * @param rowLimit one past the last row of the contig
     * @param cap      bytes the first rows may take; reading stops once a piece takes the block past it (unless
     *                 the pass is one sample)
     * @param block    where the carriers go: reset here, and the window's until it is dropped
     */
    GenotypeWindow(VariantSource source, int[] samples, int ploidy, int from, int to, int rowLimit, long cap,
            CarrierBlock block) {
        this.source = source;
        this.samples = samples;
        this.rowLimit = rowLimit;
        this.from = from;
        this.to = from;
        int width = samples.length * ploidy;
        this.block = block;
        block.reset(width);
        // pieces whose worst case (every slot a carrier) is a sixteenth of the cap, so the overshoot stays small
        long piece = Math.max(1, cap / (16L * CARRIER_BYTES * Math.max(1, width)));
        while (this.to < to) {
            grow((int) Math.min(to, this.to + piece));
            if (bytes() > cap && samples.length > 1) {
                overCap = true;
                return;
            }
        }
    }

    /**
     * Estimated bytes of one row of the block for a pass of {@code samples}, as the chunk planner charges it: the
     * row's offset and {@link #CARRIER_SHARE_DIVISOR one carrier per that many slots}.
     */
    static long rowBytes(int samples, int ploidy) {
        long slots = (long) samples * ploidy;
        return ROW_BYTES + CARRIER_BYTES * Math.max(1, ceilDiv(slots, CARRIER_SHARE_DIVISOR));
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    /** Whether the first rows were cut short because the block passed its cap; the window is then unusable. */
    boolean overCap() {
        return overCap;
    }

    /** Bytes of the carriers and row offsets read so far. */
    long bytes() {
        return (long) ROW_BYTES * block.rows() + (long) CARRIER_BYTES * block.carriers();
    }

    /** Index in {@link #slots()} of row {@code row}'s first carrier, reading it (and a block after it) if needed. */
    int start(int row) {
        if (row >= to) {
            grow(Math.min(rowLimit, Math.max(row + 1, to + Math.max(MIN_GROWTH, (to - from) / 2))));
        }
        return block.start(row - from);
    }

    /** One past the index in {@link #slots()} of row {@code row}'s last carrier; call {@link #start} first. */
    int end(int row) {
        return block.end(row - from);
    }

    /** The carrier slots of every row read; replaced as rows are added, so ask after {@link #start}. */
    int[] slots() {
        return block.slots();
    }

    private void grow(int newTo) {
        if (newTo <= to) {
            return;
        }
        source.carriers(to, newTo, samples, block);
        if (block.rows() != newTo - from) {
            throw new IllegalStateException(source.path() + ": " + (newTo - to) + " rows of carriers were asked for"
                    + " and " + (block.rows() - (to - from)) + " given");
        }
        to = newTo;
    }
}
