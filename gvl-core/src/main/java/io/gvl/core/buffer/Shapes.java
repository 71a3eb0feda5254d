package io.gvl.core.buffer;

import java.util.Arrays;

/** Validation and arithmetic on leading shapes. */
final class Shapes {
    private Shapes() {
    }

    /** Product of the dimensions; rejects negative dimensions and overflow. */
    static long product(long[] shape) {
        long n = 1;
        for (long d : shape) {
            if (d < 0) {
                throw new IllegalArgumentException("negative dimension in shape " + Arrays.toString(shape));
            }
            n = Math.multiplyExact(n, d);
        }
        return n;
    }
}
