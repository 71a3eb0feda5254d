package io.gvl.io.internal.vcf;

import java.util.Arrays;

/**
 * The ALT slots a genotype-only decode marks in one record's row, listed as it marks them, for a sink that takes
 * carriers ({@link io.gvl.io.variant.GenotypeRows#takesCarriers}): the row of a rare variant is then never written
 * out densely and scanned again. A decode that falls back to its full parser writes the dense row instead and
 * {@linkplain #invalidate() invalidates} the list. One per feed; not thread-safe.
 */
public final class CarrierList {
    private int[] slots = new int[64];
    private int size;
    private boolean ascending;
    private boolean valid;

    /** Empties the list for the next record. */
    public void start() {
        size = 0;
        ascending = true;
        valid = true;
    }

    /** Adds a slot that carries the ALT (each slot at most once per record, in any order). */
    public void add(int slot) {
        if (size == slots.length) {
            slots = Arrays.copyOf(slots, slots.length * 2);
        }
        if (size > 0 && slot < slots[size - 1]) {
            ascending = false;
        }
        slots[size++] = slot;
    }

    /**
     * Adds the slots of one diploid call that carry the ALT: {@code slot} when bit 0 of {@code alleles} is set,
     * {@code slot + 1} when bit 1 is; without a branch per allele (the text decoder's two-calls-a-word path).
     */
    public void addDiploid(int slot, int alleles) {
        if (size + 2 > slots.length) {
            slots = Arrays.copyOf(slots, slots.length * 2);
        }
        if (size > 0 && slot <= slots[size - 1]) {
            ascending = false;
        }
        int n = size;
        slots[n] = slot;
        n += alleles & 1;
        slots[n] = slot + 1;
        size = n + ((alleles >>> 1) & 1);
    }

    /** The record's row was written densely (by a fallback), not listed. */
    public void invalidate() {
        valid = false;
    }

    /** Whether the list holds the record's carriers. */
    public boolean valid() {
        return valid;
    }

    /** The slots listed. */
    public int size() {
        return size;
    }

    /** The slots, ascending, in {@code [0, size())}; the array belongs to the list. */
    public int[] ascendingSlots() {
        if (!ascending) {
            Arrays.sort(slots, 0, size); // a selection not in file order lists its slots out of order
            ascending = true;
        }
        return slots;
    }
}
