package io.gvl.dataset.settings;

/**
 * How a realigned track fills the positions of an insertion (anchor base included), GVL's
 * {@code InsertionFill} strategies. Deletions always keep the anchor's own value; only insertions use a fill.
 */
public sealed interface InsertionFill {

    /**
     * GVL's strategy id (the {@code strategy_id} its kernel takes).
     *
     * @return the id, 0 to 4
     */
    int id();

    /**
     * GVL's single f64 parameter for the strategy (0 when it has none).
     *
     * @return the parameter
     */
    double param();

    /** The anchor's value repeated over the anchor and the inserted bases (GVL's default). */
    record Repeat5p() implements InsertionFill {
        public int id() {
            return 0;
        }

        public double param() {
            return 0;
        }
    }

    /** The anchor's value divided by the insertion length, so the insertion sums to the anchor value. */
    record Repeat5pNormalized() implements InsertionFill {
        public int id() {
            return 1;
        }

        public double param() {
            return 0;
        }
    }

    /**
     * A constant (rounded to float32), also over the anchor. GVL's default value is NaN.
     *
     * @param value the fill value
     */
    record Constant(double value) implements InsertionFill {
        public int id() {
            return 2;
        }

        public double param() {
            return value;
        }
    }

    /**
     * Each position samples a reference value within {@code flankWidth} of the anchor, seeded by
     * {@code hash4(baseSeed, batch row, hap, output position)}. GVL's default width is 5.
     *
     * @param flankWidth how far from the anchor values are sampled, {@code >= 0}
     */
    record FlankSample(int flankWidth) implements InsertionFill {
        /** Rejects a negative width. */
        public FlankSample {
            if (flankWidth < 0) {
                throw new IllegalArgumentException("flankWidth must be >= 0, got " + flankWidth);
            }
        }

        public int id() {
            return 3;
        }

        public double param() {
            return flankWidth;
        }
    }

    /**
     * Lagrange interpolation between the flanks in float64: order 1 is linear through 2 anchors; orders 2 and 3
     * both use 4 anchors (GVL's integer rounding of the anchor count).
     *
     * @param order 1, 2 or 3
     */
    record Interpolate(int order) implements InsertionFill {
        /** Rejects orders outside 1 to 3. */
        public Interpolate {
            if (order < 1 || order > 3) {
                throw new IllegalArgumentException("order must be 1, 2 or 3, got " + order);
            }
        }

        public int id() {
            return 4;
        }

        public double param() {
            return order;
        }
    }

    /**
     * The strategy for GVL's {@code (strategy_id, params[0])} pair.
     *
     * @param id GVL's strategy id
     * @param param GVL's parameter
     * @return the strategy
     * @throws IllegalArgumentException for an unknown id
     */
    static InsertionFill of(int id, double param) {
        return switch (id) {
            case 0 -> new Repeat5p();
            case 1 -> new Repeat5pNormalized();
            case 2 -> new Constant(param);
            case 3 -> new FlankSample((int) param);
            case 4 -> new Interpolate((int) param);
            default -> throw new IllegalArgumentException("unknown insertion fill strategy id " + id
                    + " (expected 0..4)");
        };
    }
}
