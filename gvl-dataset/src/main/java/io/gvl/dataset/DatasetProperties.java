package io.gvl.dataset;

import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.Settings;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.dataset.settings.TrackKind;
import io.gvl.dataset.settings.VarWindowOpt;
import io.gvl.io.fasta.Reference;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a {@link Dataset} view is: the dataset it reads (directory, contigs, ploidy, stored tracks and variant
 * fields, reference), the rows and samples it selects, and the outputs and settings it is configured with.
 * Split out of {@link Dataset}, its one implementation, so the description of a view is read in one place;
 * {@link Dataset#toString()} summarizes it.
 */
public interface DatasetProperties {
    /**
     * The dataset directory this view reads.
     *
     * @return the directory as given to {@code open}
     */
    Path path();

    /**
     * {@code (regions, samples)} of this view.
     *
     * @return a new two-element array
     */
    int[] shape();

    /**
     * Rows of the first axis: regions, or spliced rows (e.g. transcripts) when spliced.
     *
     * @return the row count
     */
    int regionCount();

    /**
     * Whether the first axis indexes spliced rows (see {@link Dataset#spliceInfo(String)}).
     *
     * @return {@code true} for a spliced view
     */
    boolean isSpliced();

    /**
     * The splice map of a spliced view (over the full dataset, not the subset).
     *
     * @return the map, or empty for an unspliced view
     */
    Optional<SpliceMap> spliceMap();

    /**
     * Keys of this spliced view's rows in view order (e.g. transcript ids).
     *
     * @return the keys, one per row
     * @throws IllegalStateException if the view is not spliced
     */
    List<String> splicedRowKeys();

    /**
     * Position of spliced row {@code key} in this view, for indexing by key.
     *
     * @param key a spliced-row key, e.g. a transcript id
     * @return its row index in this view
     * @throws IllegalArgumentException if the key is not a row of this view
     * @throws IllegalStateException if the view is not spliced
     */
    int splicedRowIndex(String key);

    /**
     * The number of samples of this view (the second axis).
     *
     * @return the sample count
     */
    int sampleCount();

    /**
     * Number of instances ({@code regions x samples}).
     *
     * @return {@code regionCount() * sampleCount()}
     */
    long size();

    /**
     * The regions of this view, in view order (the user's BED rows; subsets pick and reorder them).
     *
     * @return the regions in view order
     * @throws IllegalStateException if the view is spliced
     */
    List<Region> regions();

    /**
     * Every column of the BED this dataset was written from, rows in this view's region order (GVL's
     * {@code ds.regions}); not defined for spliced views, whose rows are groups of regions.
     *
     * @return the region table of this view
     */
    RegionColumns regionColumns();

    /**
     * Whether this view keeps only some regions or samples (GVL's {@code is_subset}).
     *
     * @return {@code true} when a region or sample subset is applied
     */
    boolean isSubset();

    /**
     * {@code (regions, samples)} of the whole dataset, before any subset (GVL's {@code full_shape}).
     *
     * @return {@code {regions, samples}} of the whole dataset
     */
    int[] fullShape();

    /**
     * Sample names in view order.
     *
     * @return an unmodifiable list of sample names
     */
    List<String> samples();

    /**
     * Position of {@code name} in this view's samples.
     *
     * @param name a sample name
     * @return its index in this view
     * @throws IllegalArgumentException if the sample is not in this view
     */
    int sampleIndex(String name);

    /**
     * Contigs in the dataset's (natural-sorted) order.
     *
     * @return the contig names
     */
    List<String> contigs();

    /**
     * Haplotypes per sample, when the dataset has genotypes.
     *
     * @return the ploidy, or empty for a dataset without genotypes
     */
    OptionalInt ploidy();

    /**
     * The jitter padding stored around every region: the largest jitter {@link Settings#withJitter} accepts.
     *
     * @return the maximum jitter in bp
     */
    int maxJitter();

    /**
     * Every track the dataset stores, sorted by name.
     *
     * @return the track names
     */
    List<String> availableTracks();

    /**
     * The tracks this view outputs, in output order.
     *
     * @return the active track names
     */
    List<String> activeTracks();

    /**
     * The sequence output of this view.
     *
     * @return the kind, {@link SeqKind#NONE} for tracks only
     */
    SeqKind seqKind();

    /**
     * The form in which this view returns its active tracks.
     *
     * @return {@link TrackKind#TRACKS} (the default) or {@link TrackKind#INTERVALS}
     */
    TrackKind trackKind();

    /**
     * The row length of this view's outputs.
     *
     * @return ragged, variable or fixed length
     */
    OutputLength outputLength();

    /**
     * The current settings; {@code seed} is empty (the generator is whatever this view shares).
     *
     * @return the settings of this view
     */
    Settings settings();

    /**
     * The window options of a {@link SeqKind#VARIANT_WINDOWS} view, if set.
     *
     * @return the options, or empty
     */
    Optional<VarWindowOpt> windowOptions();

    /**
     * The fields variant outputs can carry ({@code alt, start, ref, ilen}, {@code dosage} when the dataset stores
     * dosages, then the numeric INFO columns of its variant table); empty without genotypes.
     *
     * @return the field names
     */
    List<String> availableVarFields();

    /**
     * Whether the dataset stores genotypes (so haplotype and variant outputs are possible).
     *
     * @return {@code true} with genotypes
     */
    boolean hasGenotypes();

    /**
     * The reference this dataset was opened with (GVL's {@code ds.reference}); shared by every view, owned by the
     * dataset when it opened the FASTA itself, else by the caller who passed it.
     *
     * @return the reference, or empty when the dataset was opened without one
     */
    Optional<Reference> reference();

    /**
     * Whether the dataset was opened with a reference (so reference and haplotype outputs are possible).
     *
     * @return {@code true} with a reference
     */
    boolean hasReference();
}
