package io.gvl.core.dataset;

/**
 * Length of sequence and track rows: {@link Ragged} (each row its own length), {@link Variable} (right-padded to the
 * longest row of the returned array: sequences with {@code N}, tracks with 0, {@code var_idxs} with -1,
 * {@code ref_coords} with {@code Integer.MAX_VALUE}) or {@link Fixed} (every row exactly {@code n} long).
 */
public sealed interface OutputLength {

    static OutputLength ragged() {
        return Ragged.INSTANCE;
    }

    static OutputLength variable() {
        return Variable.INSTANCE;
    }

    static OutputLength fixed(int n) {
        return new Fixed(n);
    }

    /** Rows keep their own lengths. */
    enum Ragged implements OutputLength { INSTANCE }

    /** Rows padded to the longest row of the returned array. */
    enum Variable implements OutputLength { INSTANCE }

    /** Every row exactly {@code n} long. */
    record Fixed(int n) implements OutputLength {
        public Fixed {
            if (n < 1) {
                throw new IllegalArgumentException("fixed output length must be >= 1, got " + n);
            }
        }
    }
}
