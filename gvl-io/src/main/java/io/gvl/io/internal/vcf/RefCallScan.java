package io.gvl.io.internal.vcf;

import io.gvl.io.internal.simd.VectorProbe;

/**
 * Steps over runs of REF calls in a VCF line's sample columns when GT is the only FORMAT field: whole blocks of
 * {@link #block()} bytes that read {@code 0|0\t0|0\t...} or {@code 0/0\t0/0\t...}, the bulk of a biobank cohort's
 * text (a rare variant's record is tens of thousands of them). Two implementations with the same block give the same
 * answers (tested against each other): {@link SwarRefCallScan}, eight bytes a step, and {@link VectorRefCallScan},
 * one vector register a block. {@link #best()} picks the vector one when {@link VectorProbe} says it can run.
 */
interface RefCallScan {
    /** Bytes per block: a whole number of calls ({@code 0|0\t} is four bytes). */
    int block();

    /**
     * Length of the longest run of whole blocks from {@code from} (ending at or before {@code to}) in which every
     * block is all {@code 0|0\t} or all {@code 0/0\t}; a multiple of {@link #block()}, 0 when the first block is not.
     *
     * @param line the line's bytes
     * @param from where a call starts
     * @param to   one past the last byte that may be read
     * @return the bytes of REF calls stepped over
     */
    int refRun(byte[] line, int from, int to);

    /** The implementation this JVM runs best. */
    static RefCallScan best() {
        return Choice.BEST;
    }

    /** Holds the choice, made once, so a JVM without the Vector API never loads its classes. */
    final class Choice {
        static final RefCallScan BEST = VectorProbe.usable() ? new VectorRefCallScan() : new SwarRefCallScan(32);

        private Choice() {
        }
    }
}
