package io.gvl.dataset;

import io.gvl.core.kernel.rng.NumpyGenerator;
import io.gvl.dataset.internal.DummyDataset;
import io.gvl.dataset.internal.InstanceStatistics;
import io.gvl.dataset.internal.Instances;
import io.gvl.dataset.internal.OpenedDataset;
import io.gvl.dataset.internal.OutputKind;
import io.gvl.dataset.internal.SpliceColumns;
import io.gvl.dataset.internal.Subsets;
import io.gvl.dataset.internal.VariantOptions;
import io.gvl.dataset.internal.ViewState;
import io.gvl.dataset.internal.ViewValidation;
import io.gvl.dataset.memory.MemoryBudget;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.InsertionFill;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.Parallel;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.Settings;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.dataset.settings.TrackKind;
import io.gvl.dataset.settings.VarFilter;
import io.gvl.dataset.settings.VarWindowOpt;
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
 * {@link DatasetOutput}s that the caller closes. The methods are documented where they are declared, by
 * responsibility: {@link DatasetViews} (deriving views), {@link DatasetQueries} (outputs and statistics) and
 * {@link DatasetProperties} (what a view is); this class opens datasets and implements the three.
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
public final class Dataset implements AutoCloseable, DatasetViews, DatasetQueries, DatasetProperties {
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
     * {@link io.gvl.dataset.memory.MemoryLimitException}. Outputs still open at {@link #close()} are logged at WARN.
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
     * GenVarLoader's dummy dataset ({@code get_dummy_dataset()}, {@code _dummy.py}): 4 regions x 4 samples (ploidy 1)
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
        try {
            List<String> tracks = new ArrayList<>(opened.tracks().keySet());
            ViewState v = new ViewState(ViewValidation.defaultSeqs(opened), tracks, TrackKind.TRACKS,
                    OutputLength.ragged(), 0, NumpyGenerator.seeded(0), true, true, true, Map.of(), null, null,
                    VariantOptions.defaults(), null, VarFilter.NONE, Parallel.AUTO);
            return new Dataset(opened, v, QueryMemory.owned(new MemoryBudget("dataset " + opened.path())));
        } catch (RuntimeException | Error e) {
            opened.close(); // e.g. a malformed -Dgvl.outputCacheBytes: nothing stays mapped
            throw e;
        }
    }

    private Dataset derive(ViewState next) {
        opened.ensureOpen();
        ViewValidation.check(opened, next);
        return new Dataset(opened, next, memory);
    }

    // ----- views -------------------------------------------------------------------------------------------------

    @Override
    public Dataset withSeqs(SeqKind kind) {
        if (kind == SeqKind.VARIANT_WINDOWS) {
            throw new IllegalArgumentException("VARIANT_WINDOWS output needs window options: use"
                    + " withSeqs(SeqKind.VARIANT_WINDOWS, new VarWindowOpt(flankLength, tokens, ref, alt))");
        }
        return derive(view.withSeqs(kind));
    }

    @Override
    public Dataset withSeqs(SeqKind kind, VarWindowOpt windows) {
        if (kind != SeqKind.VARIANT_WINDOWS) {
            throw new IllegalArgumentException("window options only apply to VARIANT_WINDOWS, not " + kind);
        }
        java.util.Objects.requireNonNull(windows, "windows");
        return derive(view.withSeqs(kind).withVariants(view.variants().withWindowOpt(windows)));
    }

    @Override
    public Dataset withTracks(List<String> names) {
        if (names.stream().distinct().count() != names.size()) {
            throw new IllegalArgumentException("track names repeat: " + names);
        }
        return derive(view.withTracks(names));
    }

    @Override
    public Dataset withTracks(List<String> names, TrackKind kind) {
        java.util.Objects.requireNonNull(kind, "kind");
        if (names.stream().distinct().count() != names.size()) {
            throw new IllegalArgumentException("track names repeat: " + names);
        }
        return derive(view.withTracks(names).withTrackKind(kind));
    }

    @Override
    public Dataset withTrackKind(TrackKind kind) {
        java.util.Objects.requireNonNull(kind, "kind");
        return derive(view.withTrackKind(kind));
    }

    @Override
    public Dataset withTracks(String... names) {
        return withTracks(Arrays.asList(names));
    }

    @Override
    public Dataset withoutTracks() {
        return derive(view.withTracks(List.of()));
    }

    @Override
    public Dataset withLen(OutputLength length) {
        return derive(view.withLength(length));
    }

    @Override
    public Dataset withSettings(UnaryOperator<Settings> change) {
        Settings next = change.apply(settings());
        NumpyGenerator rng = next.seed().isPresent() ? NumpyGenerator.seeded(next.seed().get()) : view.rng();
        return derive(view.withSettings(next.jitter(), rng, next.deterministic(), next.rcNeg(), next.realignTracks())
                .withVariants(view.variants().with(next)).withParallel(next.parallel()));
    }

    @Override
    public Dataset withJitter(int jitter) {
        return withSettings(s -> s.withJitter(jitter));
    }

    @Override
    public Dataset withInsertionFill(InsertionFill fill) {
        Map<String, InsertionFill> fills = new HashMap<>();
        for (String t : opened.tracks().keySet()) {
            fills.put(t, fill);
        }
        return derive(view.withFills(fills));
    }

    @Override
    public Dataset withInsertionFill(Map<String, InsertionFill> fills) {
        for (String t : fills.keySet()) {
            if (!opened.tracks().containsKey(t)) {
                throw new IllegalArgumentException("unknown track '" + t + "'; dataset has " + opened.tracks().keySet());
            }
        }
        return derive(view.withFills(fills));
    }

    @Override
    public Dataset spliceInfo(String column) {
        return spliceInfo(SpliceColumns.read(opened, column, null));
    }

    @Override
    public Dataset spliceInfo(String column, String orderColumn) {
        return spliceInfo(SpliceColumns.read(opened, column, java.util.Objects.requireNonNull(orderColumn)));
    }

    @Override
    public Dataset spliceInfo(SpliceMap map) {
        return derive(view.withSplice(java.util.Objects.requireNonNull(map, "map")));
    }

    @Override
    public Dataset withoutSplicing() {
        return derive(view.withSplice(null));
    }

    @Override
    public Dataset withVarFilter(VarFilter filter) {
        return derive(view.withVarFilter(java.util.Objects.requireNonNull(filter, "filter")));
    }

    @Override
    public Dataset subsetToRegions(boolean[] mask) {
        return subsetTo(Subsets.selected(mask, regionCount(), "region"), null);
    }

    @Override
    public Dataset subsetToRegions(String column, java.util.function.Predicate<Object> keep) {
        return subsetToRegions(regionColumns().mask(column, keep));
    }

    @Override
    public Dataset subsetToRegionNames(String nameColumn, List<String> names) {
        return subsetTo(Subsets.byName(regionColumns().values(nameColumn), names, "region", nameColumn), null);
    }

    @Override
    public Dataset subsetToSamples(boolean[] mask) {
        return subsetTo(null, Subsets.selected(mask, sampleCount(), "sample"));
    }

    @Override
    public Dataset subsetToSamples(List<String> names) {
        return subsetTo(null, Subsets.byName(samples(), names, "sample", null));
    }

    @Override
    public Dataset subsetTo(int[] regions, int[] samples) {
        int[] r = regions == null ? view.regionRows()
                : Subsets.compose(view.regionRows(), regions, regionCount(), "region");
        int[] s = samples == null ? view.sampleCols()
                : Subsets.compose(view.sampleCols(), samples, sampleCount(), "sample");
        return derive(view.withSubset(r, s));
    }

    @Override
    public Dataset toFullDataset() {
        return derive(view.withSubset(null, null));
    }

    // ----- queries -----------------------------------------------------------------------------------------------

    @Override
    public DatasetOutput get(int region, int sample) {
        return pairs(new int[] {region}, new int[] {sample}, new long[0]);
    }

    @Override
    public DatasetOutput get(int[] regions, int[] samples) {
        return pairs(regions, samples, new long[] {regions.length});
    }

    @Override
    public DatasetOutput getShaped(int[] regions, int[] samples, long... leadingShape) {
        Queries.checkLeadingShape(leadingShape, regions.length);
        return pairs(regions, samples, leadingShape.clone());
    }

    @Override
    public DatasetOutput get(int[] regions, List<String> samples) {
        return get(regions, Subsets.byName(samples(), samples, "sample", null));
    }

    @Override
    public DatasetOutput getRegions(int... regions) {
        return getGrid(regions, IntStream.range(0, sampleCount()).toArray());
    }

    @Override
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

    @Override
    public DatasetOutput getGrid(int[] regions, int[] samples) {
        return Queries.grid(opened, view, memory, regions, samples);
    }

    private DatasetOutput pairs(int[] regions, int[] samples, long[] shape) {
        return Queries.pairs(opened, view, memory, regions, samples, shape);
    }

    @Override
    public DatasetOutput getAll() {
        return getGrid(IntStream.range(0, regionCount()).toArray(), IntStream.range(0, sampleCount()).toArray());
    }

    @Override
    public long outputBytes(int region, int sample) {
        return Queries.outputBytes(opened, view, region, sample);
    }

    @Override
    public boolean instanceSliceable() {
        return OutputKind.of(view.seqs()).instanceSliceable();
    }

    // ----- instance statistics (no reconstruction) ----------------------------------------------------------------

    @Override
    public java.util.Optional<int[]> haplotypeLengths(int[] regions, int[] samples) {
        return Queries.statistic(opened, view, "haplotypeLengths", regions, samples, (ds, pairs) ->
                !ds.hasGenotypes() || !view.deterministic() ? java.util.Optional.empty()
                        : java.util.Optional.of(InstanceStatistics.haplotypeLengths(ds, view, pairs)));
    }

    @Override
    public int[] nVariants(int[] regions, int[] samples) {
        return Queries.statistic(opened, view, "nVariants", regions, samples, (ds, pairs) ->
                ds.hasGenotypes() ? InstanceStatistics.variantCounts(ds, pairs) : new int[pairs.size()]);
    }

    @Override
    public int[] nIntervals(int[] regions, int[] samples) {
        return Queries.statistic(opened, view, "nIntervals", regions, samples, (ds, pairs) ->
                InstanceStatistics.intervalCounts(ds, view.activeTracks(), pairs));
    }

    // ----- properties --------------------------------------------------------------------------------------------

    @Override
    public Path path() {
        return opened.path();
    }

    @Override
    public int[] shape() {
        return new int[] {regionCount(), sampleCount()};
    }

    @Override
    public int regionCount() {
        return Instances.regionCount(opened, view);
    }

    @Override
    public boolean isSpliced() {
        return view.spliced();
    }

    @Override
    public java.util.Optional<SpliceMap> spliceMap() {
        return java.util.Optional.ofNullable(view.splice());
    }

    @Override
    public List<String> splicedRowKeys() {
        return ViewRows.splicedRowKeys(view);
    }

    @Override
    public int splicedRowIndex(String key) {
        return ViewRows.indexOf(splicedRowKeys(), key, "spliced row", view.regionRows() != null);
    }

    @Override
    public int sampleCount() {
        return view.sampleCols() == null ? opened.samples() : view.sampleCols().length;
    }

    @Override
    public long size() {
        return (long) regionCount() * sampleCount();
    }

    @Override
    public List<Region> regions() {
        return ViewRows.regions(opened, view, regionCount());
    }

    @Override
    public RegionColumns regionColumns() {
        return ViewRows.regionColumns(opened, view, regionCount());
    }

    @Override
    public boolean isSubset() {
        return view.regionRows() != null || view.sampleCols() != null;
    }

    @Override
    public int[] fullShape() {
        return new int[] {view.spliced() ? view.splice().size() : opened.regions().size(), opened.samples()};
    }

    @Override
    public List<String> samples() {
        return ViewRows.samples(opened, view);
    }

    @Override
    public int sampleIndex(String name) {
        return ViewRows.indexOf(samples(), name, "sample", view.sampleCols() != null);
    }

    @Override
    public List<String> contigs() {
        return opened.metadata().contigs();
    }

    @Override
    public OptionalInt ploidy() {
        return opened.hasGenotypes() ? OptionalInt.of(opened.ploidy()) : OptionalInt.empty();
    }

    @Override
    public int maxJitter() {
        return opened.metadata().maxJitter();
    }

    @Override
    public List<String> availableTracks() {
        return List.copyOf(opened.tracks().keySet());
    }

    @Override
    public List<String> activeTracks() {
        return view.activeTracks();
    }

    @Override
    public SeqKind seqKind() {
        return view.seqs();
    }

    @Override
    public TrackKind trackKind() {
        return view.trackKind();
    }

    @Override
    public OutputLength outputLength() {
        return view.length();
    }

    @Override
    public Settings settings() {
        VariantOptions v = view.variants();
        return new Settings(view.jitter(), java.util.Optional.empty(), view.deterministic(), view.rcNeg(),
                view.realignTracks(), v.minAf(), v.maxAf(), v.varFields(), v.dummy(), v.unphasedUnion(),
                v.flankLength(), v.tokens(), view.parallel());
    }

    @Override
    public java.util.Optional<VarWindowOpt> windowOptions() {
        return java.util.Optional.ofNullable(view.variants().windowOpt());
    }

    @Override
    public List<String> availableVarFields() {
        return opened.hasGenotypes() ? opened.variants().availableFields() : List.of();
    }

    /** How often each optional variant field was loaded from disk by this dataset (tests prove laziness with it). */
    Map<String, Integer> variantFieldLoads() {
        return opened.hasGenotypes() ? opened.variants().loads() : Map.of();
    }

    @Override
    public boolean hasGenotypes() {
        return opened.hasGenotypes();
    }

    @Override
    public java.util.Optional<Reference> reference() {
        opened.ensureOpen();
        return java.util.Optional.ofNullable(opened.reference());
    }

    @Override
    public boolean hasReference() {
        return opened.genome() != null;
    }

    /**
     * Closes the dataset shared by every view of this {@code open}. Query outputs still open are reported at WARN
     * (count and bytes; allocation sites with {@code -Dgvl.debugMemory=true}); they stay valid until closed.
     */
    @Override
    public void close() {
        if (opened.isOpen()) {
            memory.budget().leakReport().ifPresent(r -> LOG.warn("dataset closed with query outputs still open:\n{}", r));
        }
        try {
            opened.close();
        } finally {
            memory.blocks().close();
        }
    }

    /** A summary in the layout of GVL's {@code str(ds)}: splicing, subset, shape, length, jitter, outputs, tracks. */
    @Override
    public String toString() {
        return DatasetSummary.of(this, opened.hasGenotypes(), view.jitter(), view.deterministic(),
                opened.shardManifest());
    }
}
