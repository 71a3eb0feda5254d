package io.gvl.format;

import java.util.Locale;

/** The axis {@link io.gvl.format.build.DatasetConcat} joins datasets along. */
public enum ConcatAxis {
    /** Same samples in every input; the joined dataset has every input's regions. */
    REGIONS,
    /** Same regions in every input, disjoint samples; the joined dataset has every input's samples. */
    SAMPLES;

    /**
     * The axis named {@code regions} or {@code samples} (any case), as GVL and the command line spell it.
     *
     * @param name the axis name
     * @return the axis
     * @throws IllegalArgumentException if the name is neither
     */
    public static ConcatAxis parse(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "regions" -> REGIONS;
            case "samples" -> SAMPLES;
            default -> throw new IllegalArgumentException("axis must be 'regions' or 'samples', got '" + name + "'");
        };
    }
}
