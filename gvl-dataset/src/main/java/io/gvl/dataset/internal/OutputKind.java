package io.gvl.dataset.internal;

import io.gvl.core.buffer.NamedArray;
import io.gvl.dataset.settings.SeqKind;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Optional;

/**
 * What one sequence output kind means for every part of the library, in one place: the checks a view of that kind
 * must pass, the bytes an instance occupies (which data loaders plan memory with, so it must never underestimate),
 * the reconstruction of a batch, whether fetched chunks can be cut by instance, its name, and its HDF5 layout. The
 * public {@link SeqKind} maps to exactly one kind object through {@link #of(SeqKind)}; nothing else switches on it.
 * Tracks ride along with every kind: per base in reference or haplotype coordinates ({@link TrackOutput}) or as
 * stored intervals ({@link IntervalOutput}).
 */
public sealed interface OutputKind permits ReferenceKind, HaplotypesKind, VariantsKind, TracksOnlyKind {

    /**
     * The kind object of a public sequence kind.
     *
     * @param seqs the view's sequence kind
     * @return its kind object
     */
    static OutputKind of(SeqKind seqs) {
        return switch (seqs) {
            case NONE -> TracksOnlyKind.INSTANCE;
            case REFERENCE -> ReferenceKind.INSTANCE;
            case HAPLOTYPES -> HaplotypesKind.PLAIN;
            case ANNOTATED -> HaplotypesKind.ANNOTATED;
            case VARIANTS -> VariantsKind.VARIANTS;
            case VARIANT_WINDOWS -> VariantsKind.WINDOWS;
        };
    }

    /** @return the public kind this object stands for */
    SeqKind seqKind();

    /** @return the kind's name in summaries and on the command line, e.g. {@code variant-windows} */
    String outputName();

    /**
     * The checks of a view's settings that depend on its kind (GVL's, in {@code _dataset/_impl.py}); messages say what to change.
     *
     * @throws IllegalArgumentException if the dataset cannot serve the kind with these settings
     */
    void check(OpenedDataset ds, ViewState v);

    /**
     * Whether the kind's sequences follow the haplotypes (then interval-form tracks cannot be realigned to them).
     *
     * @return {@code true} for haplotype and variant outputs
     */
    boolean haplotypeAware();

    /**
     * Whether the kind's rows are haplotype sequences, one per ploid, so variant settings that fold the ploidy
     * ({@code unphasedUnion}) do not apply.
     *
     * @return {@code true} for haplotypes and annotated haplotypes
     */
    default boolean haplotypeRows() {
        return false;
    }

    /**
     * Whether a view of this kind applies variants to sequences (its haplotypes, or tracks realigned to them), where
     * AF bounds do not apply (as in GVL).
     *
     * @param v the view
     * @return {@code true} for haplotype rows, and for variants with haplotype-realigned tracks
     */
    default boolean appliesVariants(ViewState v) {
        return haplotypeRows();
    }

    /**
     * Whether a fetched chunk of this kind can be cut into batches: every array has the instance axis first, or
     * is a per-variant array cut by the variant range of the batch's instances.
     *
     * @return whether prefetching data loaders can serve the kind
     */
    default boolean instanceSliceable() {
        return true;
    }

    /**
     * Whether views of this kind can be spliced.
     *
     * @return {@code false} for variant windows
     */
    default boolean spliceable() {
        return true;
    }

    /**
     * Bytes the instance {@code i} of {@code inst} adds to the arena a batch is reconstructed in: data, one
     * int64 offset per ragged row, tracks, and the scratch the reconstruction leaves in that arena. Exact without
     * jitter (for variants, without AF bounds and dummies; interval-form tracks count their offsets per array), an
     * upper bound otherwise; the per-batch closing offsets are not included. {@code OutputKindSizingTest} holds every
     * kind to this.
     *
     * @return the size in bytes
     */
    long instanceBytes(OpenedDataset ds, ViewState v, Instances inst, int i);

    /**
     * Bytes of one spliced (row, sample) pair made of {@code elements}.
     *
     * @return the size in bytes
     * @throws IllegalStateException if the kind cannot be spliced (the view checks refuse such views first)
     */
    long splicedBytes(OpenedDataset ds, ViewState v, Instances elements);

    /**
     * Reconstructs the batch {@code r} into its arena, before output-length conversion.
     *
     * @return the arrays in output order, output length and leading shape applied
     */
    List<NamedArray> reconstruct(Reconstruction r);

    /**
     * Reconstructs the spliced pairs {@code inst} into {@code arena}, output length applied.
     *
     * @return the arrays in output order, with the pair axis first
     * @throws IllegalStateException if the kind cannot be spliced (the view checks refuse such views first)
     */
    List<NamedArray> reconstructSpliced(OpenedDataset ds, ViewState v, SplicedInstances inst, Arena arena);

    /**
     * The axes of the kind's fixed-length HDF5 export layout, if it has one.
     *
     * @param oneHot whether the sequences are one-hot encoded (one more axis)
     * @return the {@code axes} attribute of the {@code sequences} dataset, or empty if the kind cannot be exported
     */
    default Optional<String> hdf5Axes(boolean oneHot) {
        return Optional.empty();
    }
}
