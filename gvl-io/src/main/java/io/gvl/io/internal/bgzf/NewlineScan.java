package io.gvl.io.internal.bgzf;

import io.gvl.io.internal.simd.VectorProbe;

/**
 * Finds the first {@code \n} in a byte range: the step that splits inflated VCF text into lines, over every byte of
 * the file in both of a write's passes. Two implementations give the same answers (tested against each other on odd
 * sizes): {@link SwarNewlineScan}, eight bytes per step in a {@code long}, and {@link VectorNewlineScan}, a vector
 * register per step through the Vector API. {@link #best()} picks the vector one when {@link VectorProbe} says it
 * can run.
 */
interface NewlineScan {
    /**
     * Index of the first {@code \n} in {@code b[from, to)}, or {@code to} when there is none.
     *
     * @param b    the bytes
     * @param from first index searched
     * @param to   one past the last index searched
     * @return the index found, or {@code to}
     */
    int find(byte[] b, int from, int to);

    /** The implementation this JVM runs best: vector when it can, else eight bytes at a time. */
    static NewlineScan best() {
        return Choice.BEST;
    }

    /** Holds the choice, made once, so a JVM without the Vector API never loads its classes. */
    final class Choice {
        static final NewlineScan BEST = choose();

        private Choice() {
        }

        private static NewlineScan choose() {
            return VectorProbe.usable() ? new VectorNewlineScan() : new SwarNewlineScan();
        }
    }
}
