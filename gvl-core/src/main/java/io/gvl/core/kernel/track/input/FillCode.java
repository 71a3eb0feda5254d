package io.gvl.core.kernel.track.input;

/**
 * How inserted bases get track values, as the kernels take it: GenVarLoader's strategy id and its one parameter
 * ({@code strategy_id} and {@code params} in {@code src/tracks/mod.rs}). The read API's {@code InsertionFill}
 * maps to this code, so the kernels know nothing of the API's types.
 *
 * @param strategy {@link #REPEAT_5P}, {@link #REPEAT_5P_NORMALIZED}, {@link #CONSTANT}, {@link #FLANK_SAMPLE} or
 *                 {@link #INTERPOLATE}
 * @param param the constant value, the flank width or the interpolation order (1-3); ignored by the repeats
 */
public record FillCode(int strategy, double param) {
    /** Every inserted base takes the value at the insertion's anchor. */
    public static final int REPEAT_5P = 0;
    /** The anchor's value divided by the insertion's length (float32 division). */
    public static final int REPEAT_5P_NORMALIZED = 1;
    /** A constant value ({@code param}). */
    public static final int CONSTANT = 2;
    /** A value drawn from {@code param} positions either side of the anchor, by a stateless hash. */
    public static final int FLANK_SAMPLE = 3;
    /** Lagrange interpolation of order {@code param} over the values either side. */
    public static final int INTERPOLATE = 4;

    /**
     * Checks the strategy and its parameter.
     *
     * @throws IllegalArgumentException for an unknown strategy, a negative flank width or an order outside 1-3
     */
    public FillCode {
        switch (strategy) {
            case REPEAT_5P, REPEAT_5P_NORMALIZED, CONSTANT -> { }
            case FLANK_SAMPLE -> {
                if (!(param >= 0) || param != Math.rint(param)) {
                    throw new IllegalArgumentException("flank width must be a whole number >= 0, got " + param);
                }
            }
            case INTERPOLATE -> {
                if (param != 1 && param != 2 && param != 3) {
                    throw new IllegalArgumentException("interpolation order must be 1, 2 or 3, got " + param);
                }
            }
            default -> throw new IllegalArgumentException("unknown insertion fill strategy id " + strategy
                    + " (expected 0..4)");
        }
    }

    /**
     * The code of a strategy id and parameter (GenVarLoader's pair).
     *
     * @param strategy the strategy id, 0-4
     * @param param its parameter
     * @return the code
     */
    public static FillCode of(int strategy, double param) {
        return new FillCode(strategy, strategy <= REPEAT_5P_NORMALIZED ? 0 : param);
    }

    /**
     * The flank width of {@link #FLANK_SAMPLE}.
     *
     * @return the width in positions
     */
    public int flankWidth() {
        return (int) param;
    }

    /**
     * The order of {@link #INTERPOLATE}.
     *
     * @return 1, 2 or 3
     */
    public int order() {
        return (int) param;
    }

    /**
     * Positions before an insertion's anchor that the fill reads.
     *
     * @return 0 unless the fill samples flanks or interpolates
     */
    public long reachBack() {
        return switch (strategy) {
            case FLANK_SAMPLE -> flankWidth();
            case INTERPOLATE -> (order() + 2) / 2 - 1;
            default -> 0;
        };
    }

    /**
     * Positions after an insertion's anchor that the fill reads.
     *
     * @return 0 unless the fill samples flanks or interpolates
     */
    public long reachForward() {
        return switch (strategy) {
            case FLANK_SAMPLE -> flankWidth();
            case INTERPOLATE -> (order() + 2) / 2;
            default -> 0;
        };
    }
}
