package io.gvl.format;

import java.nio.file.Path;

/** File and directory names inside a format-2.0 dataset, so no other class spells them. */
public final class DatasetLayout {
    public static final String METADATA = "metadata.json";
    public static final String INPUT_REGIONS = "input_regions.arrow";
    public static final String REGIONS = "regions.npy";
    public static final String GENOTYPES = "genotypes";
    public static final String VARIANTS = "variants.arrow";
    public static final String OFFSETS = "offsets.npy";
    public static final String VARIANT_IDXS = "variant_idxs.npy";
    public static final String SVAR_META = "svar_meta.json";
    public static final String SVAR2_META = "svar2_ranges/svar2_meta.json";
    public static final String STARTS = "starts.npy";
    public static final String ENDS = "ends.npy";
    public static final String VALUES = "values.npy";
    /** Format 1.x array-of-structs interval file (12-byte records: int32 start, int32 end, float32 value). */
    public static final String AOS_INTERVALS = "intervals.npy";

    private DatasetLayout() {
    }

    public static Path metadata(Path dataset) {
        return dataset.resolve(METADATA);
    }

    public static Path genotypes(Path dataset) {
        return dataset.resolve(GENOTYPES);
    }

    /** Directory of a track of the given kind. */
    public static Path track(Path dataset, IntervalTrack.Kind kind, String name) {
        return dataset.resolve(kind.directory()).resolve(name);
    }

    /**
     * Whether a sub-directory name under {@code intervals/} or {@code annot_intervals/} is a track rather than a
     * leftover of an interrupted writer ({@code .tmp.}, {@code .old.}, {@code .lock}).
     */
    public static boolean isTrackName(String name) {
        return !name.contains(".tmp.") && !name.contains(".old.") && !name.endsWith(".lock");
    }
}
