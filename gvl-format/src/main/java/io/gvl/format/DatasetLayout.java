package io.gvl.format;

import java.nio.file.Path;

/** File and directory names inside a format-2.0 dataset, so no other class spells them. */
public final class DatasetLayout {
    /** The dataset's metadata file: samples, contigs, region count, ploidy, jitter and versions. */
    public static final String METADATA = "metadata.json";
    /** Arrow IPC file of the BED regions as the user gave them (input order, all BED columns). */
    public static final String INPUT_REGIONS = "input_regions.arrow";
    /** NPY {@code int32 (R, 4)} array of the sorted regions: contig code, start, end, strand. */
    public static final String REGIONS = "regions.npy";
    /** Directory of the genotypes: variant table, offsets and variant indices. */
    public static final String GENOTYPES = "genotypes";
    /** Arrow IPC file (under {@link #GENOTYPES}) of the variant table: chrom, POS, REF, ALT, ILEN. */
    public static final String VARIANTS = "variants.arrow";
    /** NPY {@code int64} array of {@code R * S * P + 1} offsets into {@link #VARIANT_IDXS}. */
    public static final String OFFSETS = "offsets.npy";
    /** Header-less {@code int32} file of per-slot variant indices into the variant table. */
    public static final String VARIANT_IDXS = "variant_idxs.npy";
    /** Header-less {@code float32} file under {@link #GENOTYPES}: per-call dosages beside {@link #VARIANT_IDXS}. */
    public static final String DOSAGES = "dosages.npy";
    /** The directory under a plan's staging root holding its published parts. */
    public static final String PARTS = "parts";
    /** A genotype part's extended window ends (under its {@link #GENOTYPES}): header-less int32, one per region. */
    public static final String PART_WINDOW_ENDS = "ends.npy";
    /** The staged unextended windows under {@link #PARTS}, in the layout of {@link #REGIONS}. */
    public static final String PART_REGIONS = "regions.npy";
    /**
     * The staged variant rows under {@link #PARTS}: per variant table row, {@link #PART_VARIANT_ROW_BYTES} bytes, its
     * 0-based start, ILEN and record index in the variant file (which a PGEN part decodes by) as little-endian
     * int32s; a part reads its region block's row ranges of it.
     */
    public static final String PART_VARIANT_ROWS = "variant-rows.bin";
    /** Bytes per row of {@link #PART_VARIANT_ROWS}. */
    public static final int PART_VARIANT_ROW_BYTES = 3 * Integer.BYTES;
    /** JSON link to a {@code .svar} variant store used instead of a copied variant table. */
    public static final String SVAR_META = "svar_meta.json";
    /** JSON link to a {@code .svar2} variant store, relative to the dataset directory. */
    public static final String SVAR2_META = "svar2_ranges/svar2_meta.json";
    /** Header-less {@code int32} file of interval start positions (0-based, inclusive) of a track. */
    public static final String STARTS = "starts.npy";
    /** Header-less {@code int32} file of interval end positions (0-based, exclusive) of a track. */
    public static final String ENDS = "ends.npy";
    /** Header-less {@code float32} file of interval values of a track. */
    public static final String VALUES = "values.npy";
    /** Format 1.x array-of-structs interval file (12-byte records: int32 start, int32 end, float32 value). */
    public static final String AOS_INTERVALS = "intervals.npy";

    private DatasetLayout() {
    }

    /**
     * Suffix of an update's install journal, {@code update.tmp.<pid>-<hex>.journal} beside its staging directory:
     * while it exists, the update is renaming its tracks into place (or was killed doing so).
     */
    public static final String UPDATE_JOURNAL_SUFFIX = ".journal";

    /**
     * The metadata file of a dataset.
     *
     * @param dataset the dataset directory
     * @return {@code dataset/metadata.json}
     */
    public static Path metadata(Path dataset) {
        return dataset.resolve(METADATA);
    }

    /**
     * The genotypes directory of a dataset.
     *
     * @param dataset the dataset directory
     * @return {@code dataset/genotypes}
     */
    public static Path genotypes(Path dataset) {
        return dataset.resolve(GENOTYPES);
    }

    /**
     * Directory of a track of the given kind.
     *
     * @param dataset the dataset directory
     * @param kind sample tracks ({@code intervals/}) or annotation tracks ({@code annot_intervals/})
     * @param name the track name
     * @return the track's directory; it need not exist
     */
    public static Path track(Path dataset, TrackScope kind, String name) {
        return dataset.resolve(kind.directory()).resolve(name);
    }

    /**
     * Whether a sub-directory name under {@code intervals/} or {@code annot_intervals/} is a track rather than a
     * leftover of an interrupted writer ({@code .tmp.}, {@code .old.}, {@code .lock}).
     *
     * @param name a directory name, without parent
     * @return {@code true} unless the name marks a temporary, replaced or lock entry
     */
    public static boolean isTrackName(String name) {
        return !name.contains(".tmp.") && !name.contains(".old.") && !name.endsWith(".lock");
    }
}
