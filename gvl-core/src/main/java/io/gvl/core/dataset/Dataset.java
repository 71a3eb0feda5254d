package io.gvl.core.dataset;

import io.gvl.core.buffer.MemoryBudget;
import io.gvl.core.internal.dataset.DummyDataset;
import io.gvl.core.internal.dataset.InstanceStatistics;
import io.gvl.core.internal.dataset.Instances;
import io.gvl.core.internal.dataset.OpenedDataset;
import io.gvl.core.internal.dataset.OutputKind;
import io.gvl.core.internal.dataset.SpliceColumns;
import io.gvl.core.internal.dataset.Subsets;
import io.gvl.core.internal.dataset.VariantOptions;
import io.gvl.core.internal.dataset.ViewState;
import io.gvl.core.internal.dataset.ViewValidation;
import io.gvl.core.kernel.rng.NumpyGenerator;
import io.gvl.io.fasta.Reference;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;

/**
 * A GenVarLoader dataset opened for reading, and every view derived from it. Views ({@code with...},
 * {@link #subsetTo}) are cheap immutable objects that share the opened files; all are thread-safe. Queries return
 * {@link DatasetOutput}s that the caller closes.
 *
 * <p>All views of one {@code open} share its files and memory maps: closing any of them closes the dataset, after
 * which every view throws {@link IllegalStateException}. Closing twice is harmless.
 *
 * <pre>{@code
 * try (Dataset ds = Dataset.open(dir, fasta)) {
 *     Dataset haps = ds.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(16_384));
 *     try (DatasetOutput out = haps.get(new int[] {0, 1}, new int[] {0, 0})) { ... }
 * }
 * }</pre>
 */
public final class Dataset implements AutoCloseable {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Dataset.class);
    private final OpenedDataset opened;
    private final ViewState view;
    /** Where query outputs live; its budget is shared by every view of one open. */
    private final QueryMemory memory;

    private Dataset(OpenedDataset opened, ViewState view, QueryMemory memory) {
        this.opened = opened;
        this.view = view;
        this.memory = memory;
    }

    /** This view with query arenas from {@code arenas} (tests measure what a query allocates with it). */
    Dataset withArenas(java.util.function.Supplier<Arena> arenas) {
        return new Dataset(opened, view, memory.withArenas(arenas));
    }

    /**
     * The memory budget of this open dataset, shared by all its views: every query output that owns its memory is
     * charged to it from the query until the output is closed (outputs in a caller's arena are the caller's to
     * account for). Set a cap with {@link MemoryBudget#setLimit}; a query that would exceed it fails with
     * {@link io.gvl.core.buffer.MemoryLimitException}. Outputs still open at {@link #close()} are logged at WARN.
     *
     * @return the budget; data loaders over this dataset charge their buffers to a child of it
     */
    public MemoryBudget memory() {
        return memory.budget();
    }

    /**
     * Opens the dataset at {@code dir} with the reference FASTA it was written against.
     *
     * @param dir the dataset directory (format 2.0)
     * @param referenceFasta the FASTA the dataset was written against; the dataset opens and owns it
     * @return the initial view (haplotypes when the dataset has genotypes, else reference), owning the files
     * @throws io.gvl.format.MissingJvmOptionException if the JVM lacks an option Arrow needs
     * @throws io.gvl.format.DatasetFormatException if a dataset file is missing, malformed or inconsistent
     */
    public static Dataset open(Path dir, Path referenceFasta) {
        return initial(OpenedDataset.open(dir, referenceFasta));
    }

    /**
     * Opens a dataset without a reference (track outputs only, until variant outputs land).
     *
     * @param dir the dataset directory (format 2.0)
     * @return the initial view, owning the files
     * @throws io.gvl.format.MissingJvmOptionException if the JVM lacks an option Arrow needs
     * @throws io.gvl.format.DatasetFormatException if a dataset file is missing, malformed or inconsistent
     */
    public static Dataset open(Path dir) {
        return initial(OpenedDataset.open(dir, (Path) null));
    }

    /**
     * Opens the dataset at {@code dir} with an open reference that the caller keeps owning (and closes later).
     *
     * @param dir the dataset directory (format 2.0)
     * @param reference an open reference; closing the dataset leaves it open
     * @return the initial view, owning the dataset files but not the reference
     * @throws io.gvl.format.MissingJvmOptionException if the JVM lacks an option Arrow needs
     * @throws io.gvl.format.DatasetFormatException if a dataset file is missing, malformed or inconsistent
     */
    public static Dataset open(Path dir, Reference reference) {
        return initial(OpenedDataset.open(dir, reference));
    }

    /**
     * GenVarLoader's dummy dataset ({@code get_dummy_dataset()}, read-path §2.13): 4 regions x 4 samples (ploidy 1)
     * on an all-{@code N} reference, max jitter 2, tracks {@code read-depth} and {@code annot}; haplotype lengths per
     * input region and sample are {@code [[3,2,4,1],[1,3,2,4],[2,1,4,3],[4,2,3,1]]}. Written to a temporary
     * directory that closing the dataset deletes. The view is GVL's initial one (haplotypes with both tracks
     * realigned, ragged, deterministic, jitter 0) with generator seed 0 (GVL's is unseeded).
     *
     * @return the initial view over a fresh temporary dataset
     */
    public static Dataset dummy() {
        return dummy(false);
    }

    /**
     * {@link #dummy()}, or with {@code spliced} its regions grouped by gene and sorted by exon ({@code tp53} = input
     * rows 2, 3, 0; {@code shh} = row 1) as haplotypes without tracks, since spliced views carry no tracks next to
     * sequences.
     *
     * @param spliced whether to return the spliced haplotype view
     * @return a view over a fresh temporary dataset
     */
    public static Dataset dummy(boolean spliced) {
        Path root;
        try {
            root = java.nio.file.Files.createTempDirectory("gvl-dummy-");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot create a temporary directory for the dummy dataset", e);
        }
        Dataset ds;
        try {
            DummyDataset.Written w = DummyDataset.write(root);
            ds = initial(OpenedDataset.open(w.dataset(), w.fasta(), () -> DummyDataset.delete(root)));
        } catch (RuntimeException e) {
            DummyDataset.delete(root);
            throw e;
        }
        return spliced ? ds.withoutTracks().spliceInfo("gene", "exon") : ds;
    }

    private static Dataset initial(OpenedDataset opened) {
        List<String> tracks = new ArrayList<>(opened.tracks().keySet());
        ViewState v = new ViewState(ViewValidation.defaultSeqs(opened), tracks, TrackKind.TRACKS,
                OutputLength.ragged(), 0, NumpyGenerator.seeded(0), true, true, true, Map.of(), null, null,
                VariantOptions.defaults(), null, VarFilter.NONE, Parallel.AUTO);
        return new Dataset(opened, v, QueryMemory.owned(new MemoryBudget("dataset " + opened.path())));
    }

    private Dataset derive(ViewState next) {
        opened.ensureOpen();
        ViewValidation.check(opened, next);
        return new Dataset(opened, next, memory);
    }

    // ----- views -------------------------------------------------------------------------------------------------

    /**
     * A view producing {@code kind} sequences (or none); {@link SeqKind#VARIANT_WINDOWS} needs options.
     *
     * @param kind the sequence output, or {@link SeqKind#NONE} for tracks only
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException for {@link SeqKind#VARIANT_WINDOWS}, or an output the dataset cannot serve
     */
    public Dataset withSeqs(SeqKind kind) {
        if (kind == SeqKind.VARIANT_WINDOWS) {
            throw new IllegalArgumentException("VARIANT_WINDOWS output needs window options: use"
                    + " withSeqs(SeqKind.VARIANT_WINDOWS, new VarWindowOpt(flankLength, tokens, ref, alt))");
        }
        return derive(view.withSeqs(kind));
    }

    /**
     * A view producing {@code kind} sequences with variant-window options (only {@link SeqKind#VARIANT_WINDOWS}).
     *
     * @param kind must be {@link SeqKind#VARIANT_WINDOWS}
     * @param windows flank length and tokenization of the windows
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException for any other kind
     */
    public Dataset withSeqs(SeqKind kind, VarWindowOpt windows) {
        if (kind != SeqKind.VARIANT_WINDOWS) {
            throw new IllegalArgumentException("window options only apply to VARIANT_WINDOWS, not " + kind);
        }
        java.util.Objects.requireNonNull(windows, "windows");
        return derive(view.withSeqs(kind).withVariants(view.variants().withWindowOpt(windows)));
    }

    /**
     * A view with exactly these tracks active, in this order (the track axis order), in the current
     * {@link #trackKind()}.
     *
     * @param names track names of this dataset, without repeats; empty for no track output
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if a name repeats or is not a track of the dataset
     */
    public Dataset withTracks(List<String> names) {
        if (names.stream().distinct().count() != names.size()) {
            throw new IllegalArgumentException("track names repeat: " + names);
        }
        return derive(view.withTracks(names));
    }

    /**
     * A view with exactly these tracks active, in this order, returned in the form {@code kind} (GVL's
     * {@code with_tracks(tracks, kind=...)}).
     *
     * @param names track names of this dataset, without repeats; empty for no track output
     * @param kind per-base tracks, or the stored intervals ({@link TrackKind#INTERVALS})
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if a name repeats or is not a track of the dataset, or the view cannot return
     *     tracks in that form (intervals of a spliced view, or with haplotype-aware sequences while
     *     {@link Settings#realignTracks()} is on)
     */
    public Dataset withTracks(List<String> names, TrackKind kind) {
        java.util.Objects.requireNonNull(kind, "kind");
        if (names.stream().distinct().count() != names.size()) {
            throw new IllegalArgumentException("track names repeat: " + names);
        }
        return derive(view.withTracks(names).withTrackKind(kind));
    }

    /**
     * A view returning its active tracks in the form {@code kind}, keeping which tracks are active (GVL's
     * {@code with_tracks(kind=...)}).
     *
     * @param kind per-base tracks, or the stored intervals ({@link TrackKind#INTERVALS})
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if the view cannot return tracks in that form (see
     *     {@link #withTracks(List, TrackKind)})
     */
    public Dataset withTrackKind(TrackKind kind) {
        java.util.Objects.requireNonNull(kind, "kind");
        return derive(view.withTrackKind(kind));
    }

    /**
     * {@link #withTracks(List)} with varargs.
     *
     * @param names track names of this dataset, without repeats
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if a name repeats or is not a track of the dataset
     */
    public Dataset withTracks(String... names) {
        return withTracks(Arrays.asList(names));
    }

    /**
     * A view with no track output.
     *
     * @return a new view; this one is unchanged
     */
    public Dataset withoutTracks() {
        return derive(view.withTracks(List.of()));
    }

    /**
     * A view whose rows have this length.
     *
     * @param length ragged, variable or fixed output length
     * @return a new view; this one is unchanged
     */
    public Dataset withLen(OutputLength length) {
        return derive(view.withLength(length));
    }

    /**
     * A view with changed settings, e.g. {@code ds.withSettings(s -> s.withJitter(10).withSeed(1))}. A seed installs
     * a new generator; otherwise the generator stays shared with this view.
     *
     * @param change maps the current settings to the new ones
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if the new settings are invalid for this dataset (e.g. jitter above
     *     {@link #maxJitter()})
     */
    public Dataset withSettings(UnaryOperator<Settings> change) {
        Settings next = change.apply(settings());
        NumpyGenerator rng = next.seed().isPresent() ? NumpyGenerator.seeded(next.seed().get()) : view.rng();
        return derive(view.withSettings(next.jitter(), rng, next.deterministic(), next.rcNeg(), next.realignTracks())
                .withVariants(view.variants().with(next)).withParallel(next.parallel()));
    }

    /**
     * The same insertion fill for every track (only used when tracks are realigned to haplotypes).
     *
     * @param fill how positions inserted by variants are filled in every track
     * @return a new view; this one is unchanged
     */
    public Dataset withInsertionFill(InsertionFill fill) {
        Map<String, InsertionFill> fills = new HashMap<>();
        for (String t : opened.tracks().keySet()) {
            fills.put(t, fill);
        }
        return derive(view.withFills(fills));
    }

    /**
     * Per-track insertion fills; tracks not named keep GVL's default, {@code Repeat5p}.
     *
     * @param fills track name to fill
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if a name is not a track of the dataset
     */
    public Dataset withInsertionFill(Map<String, InsertionFill> fills) {
        for (String t : fills.keySet()) {
            if (!opened.tracks().containsKey(t)) {
                throw new IllegalArgumentException("unknown track '" + t + "'; dataset has " + opened.tracks().keySet());
            }
        }
        return derive(view.withFills(fills));
    }

    /**
     * A spliced view (GVL's {@code splice_info="column"}): input rows sharing a value of {@code column} (a column of
     * the BED the dataset was written from, e.g. {@code transcript_id}) are concatenated in BED row order into one
     * row; the first axis then indexes spliced rows, in order of first appearance. Drops any region subset; keeps
     * the sample subset. Spliced views need jitter 0, deterministic settings, ragged or variable length, and no
     * tracks next to sequences (see docs/splicing.md).
     *
     * @param column a BED column naming the group of each row
     * @return a new spliced view; this one is unchanged
     * @throws IllegalArgumentException if the column does not exist or the view's settings do not allow splicing
     */
    public Dataset spliceInfo(String column) {
        return spliceInfo(SpliceColumns.read(opened, column, null));
    }

    /**
     * As {@link #spliceInfo(String)}, with the elements of each group sorted by {@code orderColumn} (e.g. exon
     * number).
     *
     * @param column a BED column naming the group of each row
     * @param orderColumn a BED column whose values order the rows of a group
     * @return a new spliced view; this one is unchanged
     * @throws IllegalArgumentException if a column does not exist or the view's settings do not allow splicing
     */
    public Dataset spliceInfo(String column, String orderColumn) {
        return spliceInfo(SpliceColumns.read(opened, column, java.util.Objects.requireNonNull(orderColumn)));
    }

    /**
     * A view spliced by an explicit map from spliced-row keys to input rows.
     *
     * @param map spliced-row keys to input rows, in splice order
     * @return a new spliced view; this one is unchanged
     */
    public Dataset spliceInfo(SpliceMap map) {
        return derive(view.withSplice(java.util.Objects.requireNonNull(map, "map")));
    }

    /**
     * The same view without splicing (any spliced-row subset is dropped).
     *
     * @return a new unspliced view; this one is unchanged
     */
    public Dataset withoutSplicing() {
        return derive(view.withSplice(null));
    }

    /**
     * A view applying only the variants {@code filter} keeps to haplotype outputs (GVL's {@code var_filter}).
     *
     * @param filter decides per variant whether it is applied
     * @return a new view; this one is unchanged
     */
    public Dataset withVarFilter(VarFilter filter) {
        return derive(view.withVarFilter(java.util.Objects.requireNonNull(filter, "filter")));
    }

    /**
     * A view keeping the regions whose flag is set ({@code mask} has one flag per region of this view).
     *
     * @param mask one flag per region of this view
     * @return the subset view
     */
    public Dataset subsetToRegions(boolean[] mask) {
        return subsetTo(Subsets.selected(mask, regionCount(), "region"), null);
    }

    /**
     * A view keeping the regions whose value of the region column {@code column} {@code keep} accepts: GVL's
     * {@code ds.subset_to(regions=ds.regions[column] == value)}, e.g.
     * {@code subsetToRegions("split", "train"::equals)}.
     *
     * @param column a region column (see {@link #regionColumns()})
     * @param keep accepts the values to keep ({@code null} for a missing value)
     * @return the subset view
     */
    public Dataset subsetToRegions(String column, java.util.function.Predicate<Object> keep) {
        return subsetToRegions(regionColumns().mask(column, keep));
    }

    /**
     * A view of the named regions, in the given order, where {@code nameColumn} is the region column holding names
     * (GVL's {@code region_names} at open). Names must be unique in this view; an unknown name is refused.
     *
     * @param nameColumn the region column holding unique names
     * @param names the regions to keep, in output order
     * @return the subset view
     * @throws IllegalArgumentException for an unknown or repeated name
     */
    public Dataset subsetToRegionNames(String nameColumn, List<String> names) {
        return subsetTo(Subsets.byName(regionColumns().values(nameColumn), names, "region", nameColumn), null);
    }

    /**
     * A view keeping the samples whose flag is set ({@code mask} has one flag per sample of this view).
     *
     * @param mask one flag per sample of this view
     * @return the subset view
     */
    public Dataset subsetToSamples(boolean[] mask) {
        return subsetTo(null, Subsets.selected(mask, sampleCount(), "sample"));
    }

    /**
     * A view of the named samples, in the given order; an unknown name is refused.
     *
     * @param names the samples to keep, in output order
     * @return the subset view
     * @throws IllegalArgumentException for an unknown name
     */
    public Dataset subsetToSamples(List<String> names) {
        return subsetTo(null, Subsets.byName(samples(), names, "sample", null));
    }

    /**
     * A view restricted to these regions and samples, in the given order; indices are relative to this view (so
     * subsets compose). Null keeps an axis as it is.
     *
     * @param regions row indices of this view, or {@code null} to keep the rows
     * @param samples sample indices of this view, or {@code null} to keep the samples
     * @return a new view; this one is unchanged
     * @throws IndexOutOfBoundsException if an index is out of range
     */
    public Dataset subsetTo(int[] regions, int[] samples) {
        int[] r = regions == null ? view.regionRows()
                : Subsets.compose(view.regionRows(), regions, regionCount(), "region");
        int[] s = samples == null ? view.sampleCols()
                : Subsets.compose(view.sampleCols(), samples, sampleCount(), "sample");
        return derive(view.withSubset(r, s));
    }

    /**
     * The same view without any subsetting.
     *
     * @return a new view over every region and sample; this one is unchanged
     */
    public Dataset toFullDataset() {
        return derive(view.withSubset(null, null));
    }

    // ----- queries -----------------------------------------------------------------------------------------------

    /**
     * One (region, sample) instance; the leading axis is squeezed away. Spliced: a (spliced row, sample) pair.
     *
     * @param region row index of this view
     * @param sample sample index of this view
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalStateException if the dataset is closed
     */
    public DatasetOutput get(int region, int sample) {
        return pairs(new int[] {region}, new int[] {sample}, new long[0]);
    }

    /**
     * Element-wise pairs {@code (regions[i], samples[i])}: leading shape {@code (n)}. The batched fast path.
     *
     * @param regions row indices of this view
     * @param samples sample indices of this view, the same length as {@code regions}
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalArgumentException if the arrays differ in length or an index is out of range
     * @throws IllegalStateException if the dataset is closed
     */
    public DatasetOutput get(int[] regions, int[] samples) {
        return pairs(regions, samples, new long[] {regions.length});
    }

    /**
     * Pairs {@code (regions[i], samples[i])} with the outputs' leading axis reshaped to {@code leadingShape} (GVL's
     * N-d indexing: {@code ds[r2d, s2d]} gives outputs of shape {@code (a, b, ...)}), in C order.
     *
     * @param regions row indices of this view
     * @param samples sample indices of this view, the same length as {@code regions}
     * @param leadingShape the shape of the leading axes; their product must equal {@code regions.length}
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalArgumentException if the shape does not hold exactly the pairs given
     */
    public DatasetOutput getShaped(int[] regions, int[] samples, long... leadingShape) {
        Queries.checkLeadingShape(leadingShape, regions.length);
        return pairs(regions, samples, leadingShape.clone());
    }

    /**
     * Pairs of regions and samples named by sample name (GVL's {@code ds[regions, ["NA12878", ...]]}).
     *
     * @param regions row indices of this view
     * @param samples sample names of this view, the same length as {@code regions}
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalArgumentException for an unknown sample name or unequal lengths
     */
    public DatasetOutput get(int[] regions, List<String> samples) {
        return get(regions, Subsets.byName(samples(), samples, "sample", null));
    }

    /**
     * Every sample of these regions (GVL's one-argument {@code ds[regions]}): the grid {@code (regions, samples)}.
     *
     * @param regions row indices of this view
     * @return the outputs, owning their memory; the caller must close them
     */
    public DatasetOutput getRegions(int... regions) {
        return getGrid(regions, IntStream.range(0, sampleCount()).toArray());
    }

    /**
     * {@link #get(int[], int[])} with the outputs allocated in a caller-owned arena, which the result only borrows:
     * closing it does not free the memory, closing {@code arena} does. Closing a shared arena costs a handshake with
     * every thread (tens of microseconds), so callers making many small queries can amortize it by allocating a
     * series of outputs in one arena. The arena must be shared (or global / automatic): kernels write rows from
     * ForkJoin worker threads.
     *
     * @param regions row indices of this view
     * @param samples sample indices of this view, the same length as {@code regions}
     * @param arena a shared, global or automatic arena the outputs are allocated in
     * @return the outputs, borrowing {@code arena}
     * @throws IllegalStateException if the arena or the dataset is closed
     */
    public DatasetOutput get(int[] regions, int[] samples, Arena arena) {
        if (!arena.scope().isAlive()) {
            throw new IllegalStateException("the arena given to get() is already closed");
        }
        try {
            return Queries.pairs(opened, view, memory.borrowing(arena), regions, samples, new long[] {regions.length});
        } catch (WrongThreadException e) {
            throw new IllegalArgumentException("get() needs a shared arena (Arena.ofShared()): kernels write from"
                    + " worker threads, and a confined arena only admits its owner thread", e);
        }
    }

    /**
     * The outer product of regions and samples: leading shape {@code (regions, samples)}.
     *
     * @param regions row indices of this view
     * @param samples sample indices of this view
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalStateException if the dataset is closed
     */
    public DatasetOutput getGrid(int[] regions, int[] samples) {
        return Queries.grid(opened, view, memory, regions, samples);
    }

    private DatasetOutput pairs(int[] regions, int[] samples, long[] shape) {
        return Queries.pairs(opened, view, memory, regions, samples, shape);
    }

    /**
     * Every instance of the view: leading shape {@code (regions, samples)}.
     *
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalStateException if the dataset is closed
     */
    public DatasetOutput getAll() {
        return getGrid(IntStream.range(0, regionCount()).toArray(), IntStream.range(0, sampleCount()).toArray());
    }

    /**
     * Bytes the instance {@code (region, sample)} of this view adds to the arena a query builds its outputs in: data,
     * one offset per ragged row, and any scratch the reconstruction keeps there (gathered variant indices and alleles,
     * the haplotypes that tracks are realigned through). A query allocates a few bytes more per batch (each offsets
     * array's closing entry). Exact without jitter for sequences and per-base tracks at ragged and fixed lengths, and
     * for variant data without AF bounds or dummies; an upper bound with jitter and for interval-form tracks. Data
     * loaders size their slots with it.
     *
     * @param region row index of this view
     * @param sample sample index of this view
     * @return the size in bytes
     */
    public long outputBytes(int region, int sample) {
        return Queries.outputBytes(opened, view, region, sample);
    }

    /**
     * Whether a query's outputs can be cut into smaller batches of instances: every array has the instance axis
     * first, or is a per-variant array ({@link DatasetOutput#isPerVariant}) cut by the variant range of the
     * instances. Prefetching data loaders need this.
     *
     * @return {@code true} if this view's outputs can be cut by instance
     */
    public boolean instanceSliceable() {
        return OutputKind.of(view.seqs()).instanceSliceable();
    }

    // ----- instance statistics (no reconstruction) ----------------------------------------------------------------

    /**
     * GVL's {@code haplotype_lengths} for the pairs {@code (regions[i], samples[i])}: the length of each haplotype
     * over its region widened by the view's jitter on both sides, {@code ploidy} values per pair at
     * {@code [i * ploidy + p]}. Empty, as in GVL, when the dataset has no genotypes or the view is not deterministic
     * (random choices would make lengths vary). Not defined for spliced views.
     *
     * @param regions view-relative region indices
     * @param samples view-relative sample indices, paired with {@code regions}
     * @return the lengths, or empty as described
     */
    public java.util.Optional<int[]> haplotypeLengths(int[] regions, int[] samples) {
        Instances pairs = Queries.statisticsPairs(opened, view, "haplotypeLengths", regions, samples);
        if (!opened.hasGenotypes() || !view.deterministic()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(InstanceStatistics.haplotypeLengths(opened, view, pairs));
    }

    /**
     * GVL's {@code n_variants}: variants stored for each haplotype of the pairs (over the region padded by the
     * dataset's max jitter), {@code ploidy} values per pair; one 0 per pair when the dataset has no genotypes.
     *
     * @param regions view-relative region indices
     * @param samples view-relative sample indices, paired with {@code regions}
     * @return the counts, {@code [i * ploidy + p]}
     */
    public int[] nVariants(int[] regions, int[] samples) {
        Instances pairs = Queries.statisticsPairs(opened, view, "nVariants", regions, samples);
        return opened.hasGenotypes() ? InstanceStatistics.variantCounts(opened, pairs) : new int[pairs.size()];
    }

    /**
     * GVL's {@code n_intervals}: stored intervals per pair of each active track, in active-track order.
     *
     * @param regions view-relative region indices
     * @param samples view-relative sample indices, paired with {@code regions}
     * @return the counts, {@code [i * activeTracks + t]}
     */
    public int[] nIntervals(int[] regions, int[] samples) {
        Instances pairs = Queries.statisticsPairs(opened, view, "nIntervals", regions, samples);
        return InstanceStatistics.intervalCounts(opened, view.activeTracks(), pairs);
    }

    // ----- properties --------------------------------------------------------------------------------------------

    /**
     * The dataset directory this view reads.
     *
     * @return the directory as given to {@code open}
     */
    public Path path() {
        return opened.path();
    }

    /**
     * {@code (regions, samples)} of this view.
     *
     * @return a new two-element array
     */
    public int[] shape() {
        return new int[] {regionCount(), sampleCount()};
    }

    /**
     * Rows of the first axis: regions, or spliced rows (e.g. transcripts) when spliced.
     *
     * @return the row count
     */
    public int regionCount() {
        return Instances.regionCount(opened, view);
    }

    /**
     * Whether the first axis indexes spliced rows (see {@link #spliceInfo(String)}).
     *
     * @return {@code true} for a spliced view
     */
    public boolean isSpliced() {
        return view.spliced();
    }

    /**
     * The splice map of a spliced view (over the full dataset, not the subset).
     *
     * @return the map, or empty for an unspliced view
     */
    public java.util.Optional<SpliceMap> spliceMap() {
        return java.util.Optional.ofNullable(view.splice());
    }

    /**
     * Keys of this spliced view's rows in view order (e.g. transcript ids).
     *
     * @return the keys, one per row
     * @throws IllegalStateException if the view is not spliced
     */
    public List<String> splicedRowKeys() {
        return ViewRows.splicedRowKeys(view);
    }

    /**
     * Position of spliced row {@code key} in this view, for indexing by key.
     *
     * @param key a spliced-row key, e.g. a transcript id
     * @return its row index in this view
     * @throws IllegalArgumentException if the key is not a row of this view
     * @throws IllegalStateException if the view is not spliced
     */
    public int splicedRowIndex(String key) {
        return ViewRows.indexOf(splicedRowKeys(), key, "spliced row", view.regionRows() != null);
    }

    /**
     * The number of samples of this view (the second axis).
     *
     * @return the sample count
     */
    public int sampleCount() {
        return view.sampleCols() == null ? opened.samples() : view.sampleCols().length;
    }

    /**
     * Number of instances ({@code regions x samples}).
     *
     * @return {@code regionCount() * sampleCount()}
     */
    public long size() {
        return (long) regionCount() * sampleCount();
    }

    /**
     * The regions of this view, in view order (the user's BED rows; subsets pick and reorder them).
     *
     * @return the regions in view order
     * @throws IllegalStateException if the view is spliced
     */
    public List<Region> regions() {
        return ViewRows.regions(opened, view, regionCount());
    }

    /**
     * Every column of the BED this dataset was written from, rows in this view's region order (GVL's
     * {@code ds.regions}); not defined for spliced views, whose rows are groups of regions.
     *
     * @return the region table of this view
     */
    public RegionColumns regionColumns() {
        return ViewRows.regionColumns(opened, view, regionCount());
    }

    /**
     * Whether this view keeps only some regions or samples (GVL's {@code is_subset}).
     *
     * @return {@code true} when a region or sample subset is applied
     */
    public boolean isSubset() {
        return view.regionRows() != null || view.sampleCols() != null;
    }

    /**
     * {@code (regions, samples)} of the whole dataset, before any subset (GVL's {@code full_shape}).
     *
     * @return {@code {regions, samples}} of the whole dataset
     */
    public int[] fullShape() {
        return new int[] {view.spliced() ? view.splice().size() : opened.regions().size(), opened.samples()};
    }

    /**
     * Sample names in view order.
     *
     * @return an unmodifiable list of sample names
     */
    public List<String> samples() {
        return ViewRows.samples(opened, view);
    }

    /**
     * Position of {@code name} in this view's samples.
     *
     * @param name a sample name
     * @return its index in this view
     * @throws IllegalArgumentException if the sample is not in this view
     */
    public int sampleIndex(String name) {
        return ViewRows.indexOf(samples(), name, "sample", view.sampleCols() != null);
    }

    /**
     * Contigs in the dataset's (natural-sorted) order.
     *
     * @return the contig names
     */
    public List<String> contigs() {
        return opened.metadata().contigs();
    }

    /**
     * Haplotypes per sample, when the dataset has genotypes.
     *
     * @return the ploidy, or empty for a dataset without genotypes
     */
    public OptionalInt ploidy() {
        return opened.hasGenotypes() ? OptionalInt.of(opened.ploidy()) : OptionalInt.empty();
    }

    /**
     * The jitter padding stored around every region: the largest jitter {@link Settings#withJitter} accepts.
     *
     * @return the maximum jitter in bp
     */
    public int maxJitter() {
        return opened.metadata().maxJitter();
    }

    /**
     * Every track the dataset stores, sorted by name.
     *
     * @return the track names
     */
    public List<String> availableTracks() {
        return List.copyOf(opened.tracks().keySet());
    }

    /**
     * The tracks this view outputs, in output order.
     *
     * @return the active track names
     */
    public List<String> activeTracks() {
        return view.activeTracks();
    }

    /**
     * The sequence output of this view.
     *
     * @return the kind, {@link SeqKind#NONE} for tracks only
     */
    public SeqKind seqKind() {
        return view.seqs();
    }

    /**
     * The form in which this view returns its active tracks.
     *
     * @return {@link TrackKind#TRACKS} (the default) or {@link TrackKind#INTERVALS}
     */
    public TrackKind trackKind() {
        return view.trackKind();
    }

    /**
     * The row length of this view's outputs.
     *
     * @return ragged, variable or fixed length
     */
    public OutputLength outputLength() {
        return view.length();
    }

    /**
     * The current settings; {@code seed} is empty (the generator is whatever this view shares).
     *
     * @return the settings of this view
     */
    public Settings settings() {
        VariantOptions v = view.variants();
        return new Settings(view.jitter(), java.util.Optional.empty(), view.deterministic(), view.rcNeg(),
                view.realignTracks(), v.minAf(), v.maxAf(), v.varFields(), v.dummy(), v.unphasedUnion(),
                v.flankLength(), v.tokens(), view.parallel());
    }

    /**
     * The window options of a {@link SeqKind#VARIANT_WINDOWS} view, if set.
     *
     * @return the options, or empty
     */
    public java.util.Optional<VarWindowOpt> windowOptions() {
        return java.util.Optional.ofNullable(view.variants().windowOpt());
    }

    /**
     * The fields variant outputs can carry ({@code alt, start, ref, ilen}, {@code dosage} when the dataset stores
     * dosages, then the numeric INFO columns of its variant table); empty without genotypes.
     *
     * @return the field names
     */
    public List<String> availableVarFields() {
        return opened.hasGenotypes() ? opened.variants().availableFields() : List.of();
    }

    /** How often each optional variant field was loaded from disk by this dataset (tests prove laziness with it). */
    Map<String, Integer> variantFieldLoads() {
        return opened.hasGenotypes() ? opened.variants().loads() : Map.of();
    }

    /**
     * Whether the dataset stores genotypes (so haplotype and variant outputs are possible).
     *
     * @return {@code true} with genotypes
     */
    public boolean hasGenotypes() {
        return opened.hasGenotypes();
    }

    /**
     * The reference this dataset was opened with (GVL's {@code ds.reference}); shared by every view, owned by the
     * dataset when it opened the FASTA itself, else by the caller who passed it.
     *
     * @return the reference, or empty when the dataset was opened without one
     */
    public java.util.Optional<Reference> reference() {
        opened.ensureOpen();
        return java.util.Optional.ofNullable(opened.reference());
    }

    /**
     * Whether the dataset was opened with a reference (so reference and haplotype outputs are possible).
     *
     * @return {@code true} with a reference
     */
    public boolean hasReference() {
        return opened.genome() != null;
    }

    /**
     * Closes the dataset shared by every view of this {@code open}. Query outputs still open are reported at WARN
     * (count and bytes; allocation sites with {@code -Dgvl.debugMemory=true}); they stay valid until closed.
     */
    @Override
    public void close() {
        if (isOpenDataset()) {
            memory.budget().leakReport().ifPresent(r -> LOG.warn("dataset closed with query outputs still open:\n{}", r));
        }
        opened.close();
    }

    private boolean isOpenDataset() {
        try {
            opened.ensureOpen();
            return true;
        } catch (IllegalStateException closed) {
            return false;
        }
    }

    /** A summary in the layout of GVL's {@code str(ds)}: splicing, subset, shape, length, jitter, outputs, tracks. */
    @Override
    public String toString() {
        return DatasetSummary.of(this, opened.hasGenotypes(), view.jitter(), view.deterministic(),
                opened.shardManifest());
    }
}
