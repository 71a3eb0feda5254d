package io.gvl.core.kernel.golden;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/** One decoded node of a golden manifest ({@code {"t": ...}}), with arrays resolved from the same .npz. */
sealed interface GoldenNode {
    record Arr(GoldenArray array) implements GoldenNode {
        String dtype() {
            return array.descr();
        }
    }

    record None() implements GoldenNode {
    }

    record Bool(boolean value) implements GoldenNode {
    }

    record Int(BigInteger value) implements GoldenNode {
    }

    record Flt(double value) implements GoldenNode {
    }

    /** A NumPy scalar: dtype plus its decimal text. */
    record Scalar(String dtype, String text) implements GoldenNode {
    }

    record Seq(List<GoldenNode> items) implements GoldenNode {
    }

    record Dict(Map<String, GoldenNode> entries) implements GoldenNode {
    }
}
