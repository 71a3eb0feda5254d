package io.gvl.io.internal.bcf;

import io.gvl.io.internal.simd.VectorProbe;

/**
 * Steps over runs of REF calls in a BCF record's 8-bit diploid GT vector: whole blocks of {@link #block()} bytes in
 * which every byte is 2 or 3 ({@code 0/0} or {@code 0|0}), the bulk of a biobank cohort's GT bytes. Two
 * implementations with the same block give the same answers (tested against each other):
 * {@link SwarRefCallScan8}, eight bytes a step, and {@link VectorRefCallScan8}, one vector register a block.
 * {@link #best()} picks the vector one when {@link VectorProbe} says it can run.
 */
interface RefCallScan8 {
    /** Bytes per block: a whole number of diploid calls. */
    int block();

    /**
     * Length of the longest run of whole blocks from {@code from} (ending at or before {@code to}) whose bytes are
     * all 2 or 3; a multiple of {@link #block()}, 0 when the first block is not.
     *
     * @param buf  the record's bytes
     * @param from where a call starts
     * @param to   one past the last byte that may be read
     * @return the bytes of REF calls stepped over
     */
    int refRun(byte[] buf, int from, int to);

    /** The implementation this JVM runs best. */
    static RefCallScan8 best() {
        return Choice.BEST;
    }

    /** Holds the choice, made once, so a JVM without the Vector API never loads its classes. */
    final class Choice {
        static final RefCallScan8 BEST = VectorProbe.usable() ? new VectorRefCallScan8() : new SwarRefCallScan8(32);

        private Choice() {
        }
    }
}
