package io.gvl.write.internal;

import io.gvl.write.spec.VariantSource;

/**
 * Test oracle of {@code SparseSelectionTest}: the dense form the write used before carrier lists, kept unchanged.
 *
 * <p>Decoded calls of a run of variant rows for one chunk of samples, one byte per (row, sample, ploid) as GVL holds
 * its dense chunk. Starts with the rows the chunk's windows overlap and grows on demand, in blocks, when the
 * extend-to-length walk reads rows past them (never past the contig's last row).
 */
final class DenseGenotypeWindow {
    private static final int MIN_GROWTH = 64;

    private final VariantSource source;
    private final int[] samples;
    private final int ploidy;
    private final int rowLimit;
    private final int from;
    private int to;
    private byte[] calls;

    /**
     * @param samples  source sample indexes of this chunk
     * @param from     first row to decode
     * @param to       one past the last row to decode now
     * @param rowLimit one past the last row of the contig
     */
    DenseGenotypeWindow(VariantSource source, int[] samples, int ploidy, int from, int to, int rowLimit) {
        this.source = source;
        this.samples = samples;
        this.ploidy = ploidy;
        this.rowLimit = rowLimit;
        this.from = from;
        this.to = from;
        this.calls = new byte[0];
        grow(to);
    }

    /** Bytes per decoded row. */
    static long rowBytes(int samples, int ploidy) {
        return (long) samples * ploidy;
    }

    /**
     * Offset in {@link #calls()} of row {@code row}'s first call, decoding it (and a block after it) if needed;
     * the row's calls are the next {@code samples · ploidy} bytes, slot {@code k · ploidy + p} at {@code +slot}.
     */
    int rowOffset(int row) {
        if (row >= to) {
            grow(Math.min(rowLimit, Math.max(row + 1, to + Math.max(MIN_GROWTH, (to - from) / 2))));
        }
        return (row - from) * samples.length * ploidy;
    }

    /** The decoded calls, 1 where a haplotype carries the ALT; replaced as rows are added, so ask after rowOffset. */
    byte[] calls() {
        return calls;
    }

    private void grow(int newTo) {
        if (newTo <= to) {
            return;
        }
        int width = samples.length * ploidy;
        // a new (zeroed) array each time: VariantSource.genotypes may write only the 1s
        byte[] more = new byte[Math.multiplyExact(newTo - to, width)];
        source.genotypes(to, newTo, samples, more);
        if (to == from) {
            calls = more;
        } else {
            byte[] all = new byte[Math.multiplyExact(newTo - from, width)];
            System.arraycopy(calls, 0, all, 0, calls.length);
            System.arraycopy(more, 0, all, calls.length, more.length);
            calls = all;
        }
        to = newTo;
    }
}
