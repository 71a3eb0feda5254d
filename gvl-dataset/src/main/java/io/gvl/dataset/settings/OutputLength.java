package io.gvl.dataset.settings;

/**
 * Length of sequence and track rows: {@link Ragged} (each row its own length), {@link Variable} (right-padded to the
 * longest row of the returned array: sequences with {@code N}, tracks with 0, {@code var_idxs} with -1,
 * {@code ref_coords} with {@code Integer.MAX_VALUE}) or {@link Fixed} (every row exactly {@code n} long).
 */
public sealed interface OutputLength {

    /**
     * Rows keep their own lengths.
     *
     * @return the ragged length
     */
    static OutputLength ragged() {
        return Ragged.INSTANCE;
    }

    /**
     * Rows are padded to the longest row of the returned array.
     *
     * @return the variable length
     */
    static OutputLength variable() {
        return Variable.INSTANCE;
    }

    /**
     * Every row exactly {@code n} long: longer sequences are cut (at random unless deterministic), shorter ones
     * padded.
     *
     * @param n the row length, {@code >= 1}
     * @return the fixed length
     * @throws IllegalArgumentException if {@code n < 1}
     */
    static OutputLength fixed(int n) {
        return new Fixed(n);
    }

    /** Rows keep their own lengths. */
    enum Ragged implements OutputLength {
        /** The only value. */
        INSTANCE
    }

    /** Rows padded to the longest row of the returned array. */
    enum Variable implements OutputLength {
        /** The only value. */
        INSTANCE
    }

    /**
     * Every row exactly {@code n} long.
     *
     * @param n the row length, {@code >= 1}
     */
    record Fixed(int n) implements OutputLength {
        /** Rejects {@code n < 1}. */
        public Fixed {
            if (n < 1) {
                throw new IllegalArgumentException("fixed output length must be >= 1, got " + n);
            }
        }
    }
}
