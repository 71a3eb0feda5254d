package io.gvl.core.dataset;

import io.gvl.core.buffer.NamedArray;
import io.gvl.core.internal.dataset.DummyDataset;
import io.gvl.core.internal.dataset.Instances;
import io.gvl.core.internal.dataset.OpenedDataset;
import io.gvl.core.internal.dataset.OutputSizer;
import io.gvl.core.internal.dataset.Reconstruction;
import io.gvl.core.internal.dataset.SpliceColumns;
import io.gvl.core.internal.dataset.SplicedInstances;
import io.gvl.core.internal.dataset.VariantOptions;
import io.gvl.core.internal.dataset.ViewState;
import io.gvl.core.internal.dataset.ViewValidation;
import io.gvl.core.kernel.rng.NumpyGenerator;
import io.gvl.core.kernel.track.InsertionFill;
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
    private final OpenedDataset opened;
    private final ViewState view;
    private final java.util.function.Supplier<Arena> arenas;
    /** Whether query outputs live in a caller's arena (then closing them does not free memory). */
    private final boolean borrowedArena;

    private Dataset(OpenedDataset opened, ViewState view, java.util.function.Supplier<Arena> arenas) {
        this(opened, view, arenas, false);
    }

    private Dataset(OpenedDataset opened, ViewState view, java.util.function.Supplier<Arena> arenas,
                    boolean borrowedArena) {
        this.opened = opened;
        this.view = view;
        this.arenas = arenas;
        this.borrowedArena = borrowedArena;
    }

    /** This view with query arenas from {@code arenas} (tests measure what a query allocates with it). */
    Dataset withArenas(java.util.function.Supplier<Arena> arenas) {
        return new Dataset(opened, view, arenas);
    }

    /** Opens the dataset at {@code dir} with the reference FASTA it was written against. */
    public static Dataset open(Path dir, Path referenceFasta) {
        return initial(OpenedDataset.open(dir, referenceFasta));
    }

    /** Opens a dataset without a reference (track outputs only, until variant outputs land). */
    public static Dataset open(Path dir) {
        return initial(OpenedDataset.open(dir, (Path) null));
    }

    /** Opens the dataset at {@code dir} with an open reference that the caller keeps owning (and closes later). */
    public static Dataset open(Path dir, Reference reference) {
        return initial(OpenedDataset.open(dir, reference));
    }

    /**
     * GenVarLoader's dummy dataset ({@code get_dummy_dataset()}, read-path §2.13): 4 regions x 4 samples (ploidy 1)
     * on an all-{@code N} reference, max jitter 2, tracks {@code read-depth} and {@code annot}; haplotype lengths per
     * input region and sample are {@code [[3,2,4,1],[1,3,2,4],[2,1,4,3],[4,2,3,1]]}. Written to a temporary
     * directory that closing the dataset deletes. The view is GVL's initial one (haplotypes with both tracks
     * realigned, ragged, deterministic, jitter 0) with generator seed 0 (GVL's is unseeded).
     */
    public static Dataset dummy() {
        return dummy(false);
    }

    /**
     * {@link #dummy()}, or with {@code spliced} its regions grouped by gene and sorted by exon ({@code tp53} = input
     * rows 2, 3, 0; {@code shh} = row 1) as haplotypes without tracks, since spliced views carry no tracks next to
     * sequences.
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
        ViewState v = new ViewState(ViewValidation.defaultSeqs(opened), tracks, OutputLength.ragged(), 0,
                NumpyGenerator.seeded(0), true, true, true, Map.of(), null, null, VariantOptions.defaults(), null,
                VarFilter.NONE);
        return new Dataset(opened, v, Arena::ofShared);
    }

    private Dataset derive(ViewState next) {
        opened.ensureOpen();
        ViewValidation.check(opened, next);
        return new Dataset(opened, next, arenas);
    }

    // ----- views -------------------------------------------------------------------------------------------------

    /** A view producing {@code kind} sequences (or none); {@link SeqKind#VARIANT_WINDOWS} needs options. */
    public Dataset withSeqs(SeqKind kind) {
        if (kind == SeqKind.VARIANT_WINDOWS) {
            throw new IllegalArgumentException("VARIANT_WINDOWS output needs window options: use"
                    + " withSeqs(SeqKind.VARIANT_WINDOWS, new VarWindowOpt(flankLength, tokens, ref, alt))");
        }
        return derive(view.withSeqs(kind));
    }

    /** A view producing {@code kind} sequences with variant-window options (only {@link SeqKind#VARIANT_WINDOWS}). */
    public Dataset withSeqs(SeqKind kind, VarWindowOpt windows) {
        if (kind != SeqKind.VARIANT_WINDOWS) {
            throw new IllegalArgumentException("window options only apply to VARIANT_WINDOWS, not " + kind);
        }
        java.util.Objects.requireNonNull(windows, "windows");
        return derive(view.withSeqs(kind).withVariants(view.variants().withWindowOpt(windows)));
    }

    /** A view with exactly these tracks active, in this order (the track axis order). */
    public Dataset withTracks(List<String> names) {
        if (names.stream().distinct().count() != names.size()) {
            throw new IllegalArgumentException("track names repeat: " + names);
        }
        return derive(view.withTracks(names));
    }

    /** {@link #withTracks(List)} with varargs. */
    public Dataset withTracks(String... names) {
        return withTracks(Arrays.asList(names));
    }

    /** A view with no track output. */
    public Dataset withoutTracks() {
        return derive(view.withTracks(List.of()));
    }

    /** A view whose rows have this length. */
    public Dataset withLen(OutputLength length) {
        return derive(view.withLength(length));
    }

    /**
     * A view with changed settings, e.g. {@code ds.withSettings(s -> s.withJitter(10).withSeed(1))}. A seed installs
     * a new generator; otherwise the generator stays shared with this view.
     */
    public Dataset withSettings(UnaryOperator<Settings> change) {
        Settings next = change.apply(settings());
        NumpyGenerator rng = next.seed().isPresent() ? NumpyGenerator.seeded(next.seed().get()) : view.rng();
        return derive(view.withSettings(next.jitter(), rng, next.deterministic(), next.rcNeg(), next.realignTracks())
                .withVariants(view.variants().with(next)));
    }

    /** The same insertion fill for every track (only used when tracks are realigned to haplotypes). */
    public Dataset withInsertionFill(InsertionFill fill) {
        Map<String, InsertionFill> fills = new HashMap<>();
        for (String t : opened.tracks().keySet()) {
            fills.put(t, fill);
        }
        return derive(view.withFills(fills));
    }

    /** Per-track insertion fills; tracks not named keep GVL's default, {@code Repeat5p}. */
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
     */
    public Dataset spliceInfo(String column) {
        return spliceInfo(SpliceColumns.read(opened, column, null));
    }

    /** As {@link #spliceInfo(String)}, with the elements of each group sorted by {@code orderColumn} (e.g. exon number). */
    public Dataset spliceInfo(String column, String orderColumn) {
        return spliceInfo(SpliceColumns.read(opened, column, java.util.Objects.requireNonNull(orderColumn)));
    }

    /** A view spliced by an explicit map from spliced-row keys to input rows. */
    public Dataset spliceInfo(SpliceMap map) {
        return derive(view.withSplice(java.util.Objects.requireNonNull(map, "map")));
    }

    /** The same view without splicing (any spliced-row subset is dropped). */
    public Dataset withoutSplicing() {
        return derive(view.withSplice(null));
    }

    /** A view applying only the variants {@code filter} keeps to haplotype outputs (GVL's {@code var_filter}). */
    public Dataset withVarFilter(VarFilter filter) {
        return derive(view.withVarFilter(java.util.Objects.requireNonNull(filter, "filter")));
    }

    /**
     * A view restricted to these regions and samples, in the given order; indices are relative to this view (so
     * subsets compose). Null keeps an axis as it is.
     */
    public Dataset subsetTo(int[] regions, int[] samples) {
        int[] r = regions == null ? view.regionRows() : compose(view.regionRows(), regions, regionCount(), "region");
        int[] s = samples == null ? view.sampleCols() : compose(view.sampleCols(), samples, sampleCount(), "sample");
        return derive(view.withSubset(r, s));
    }

    /** The same view without any subsetting. */
    public Dataset toFullDataset() {
        return derive(view.withSubset(null, null));
    }

    private static int[] compose(int[] current, int[] picks, int n, String what) {
        int[] out = new int[picks.length];
        for (int i = 0; i < picks.length; i++) {
            int j = picks[i] < 0 ? picks[i] + n : picks[i];
            if (j < 0 || j >= n) {
                throw new IndexOutOfBoundsException(what + " index " + picks[i] + " is out of range for " + n + " "
                        + what + "s");
            }
            out[i] = current == null ? j : current[j];
        }
        return out;
    }

    // ----- queries -----------------------------------------------------------------------------------------------

    /** One (region, sample) instance; the leading axis is squeezed away. Spliced: a (spliced row, sample) pair. */
    public DatasetOutput get(int region, int sample) {
        return pairs(new int[] {region}, new int[] {sample}, new long[0]);
    }

    /** Element-wise pairs {@code (regions[i], samples[i])}: leading shape {@code (n)}. The batched fast path. */
    public DatasetOutput get(int[] regions, int[] samples) {
        return pairs(regions, samples, new long[] {regions.length});
    }

    /**
     * {@link #get(int[], int[])} with the outputs allocated in a caller-owned arena, which the result only borrows:
     * closing it does not free the memory, closing {@code arena} does. Closing a shared arena costs a handshake with
     * every thread (tens of microseconds), so callers making many small queries can amortize it by allocating a
     * series of outputs in one arena. The arena must be shared (or global / automatic): kernels write rows from
     * ForkJoin worker threads.
     */
    public DatasetOutput get(int[] regions, int[] samples, Arena arena) {
        if (!arena.scope().isAlive()) {
            throw new IllegalStateException("the arena given to get() is already closed");
        }
        try {
            return new Dataset(opened, view, () -> arena, true).pairs(regions, samples, new long[] {regions.length});
        } catch (WrongThreadException e) {
            throw new IllegalArgumentException("get() needs a shared arena (Arena.ofShared()): kernels write from"
                    + " worker threads, and a confined arena only admits its owner thread", e);
        }
    }

    /** The outer product of regions and samples: leading shape {@code (regions, samples)}. */
    public DatasetOutput getGrid(int[] regions, int[] samples) {
        if (view.spliced()) {
            return querySpliced(SplicedInstances.grid(opened, view, regions, samples));
        }
        return query(Instances.grid(opened, view, regions, samples));
    }

    private DatasetOutput pairs(int[] regions, int[] samples, long[] shape) {
        if (view.spliced()) {
            return querySpliced(SplicedInstances.pairs(opened, view, regions, samples, shape));
        }
        return query(Instances.pairs(opened, view, regions, samples, shape));
    }

    private DatasetOutput querySpliced(SplicedInstances inst) {
        opened.ensureOpen();
        ViewValidation.checkQuery(opened, view);
        opened.checkGenotypes(inst.elements().dsIdx());
        return inArena(arena -> Reconstruction.runSpliced(opened, view, inst, arena), inst.leadingShape());
    }

    /** Every instance of the view: leading shape {@code (regions, samples)}. */
    public DatasetOutput getAll() {
        return getGrid(IntStream.range(0, regionCount()).toArray(), IntStream.range(0, sampleCount()).toArray());
    }

    private DatasetOutput query(Instances inst) {
        opened.ensureOpen();
        ViewValidation.checkQuery(opened, view);
        opened.checkGenotypes(inst.dsIdx());
        return inArena(arena -> Reconstruction.run(opened, view, inst, arena), inst.leadingShape());
    }

    /** Runs {@code body} in a fresh query arena that the returned output owns (tests count its allocations). */
    private DatasetOutput inArena(java.util.function.Function<Arena, List<NamedArray>> body, long[] leadingShape) {
        Arena arena = arenas.get();
        try {
            return new DatasetOutput(arena, !borrowedArena, leadingShape, body.apply(arena));
        } catch (RuntimeException | Error e) {
            if (!borrowedArena) {
                arena.close();
            }
            throw e;
        }
    }

    /**
     * Bytes the instance {@code (region, sample)} of this view occupies in a query's outputs, data plus offsets:
     * exact without jitter for ragged and fixed lengths, an upper bound with jitter. Data loaders plan memory with it.
     */
    public long outputBytes(int region, int sample) {
        opened.ensureOpen();
        if (view.spliced()) {
            Instances elements = SplicedInstances.pairs(opened, view, new int[] {region}, new int[] {sample},
                    new long[0]).elements();
            opened.checkGenotypes(elements.dsIdx());
            return OutputSizer.splicedBytes(opened, view, elements);
        }
        Instances one = Instances.pairs(opened, view, new int[] {region}, new int[] {sample}, new long[0]);
        opened.checkGenotypes(one.dsIdx());
        return OutputSizer.bytes(opened, view, one.diskRegion()[0], one.diskSample()[0]);
    }

    // ----- properties --------------------------------------------------------------------------------------------

    public Path path() {
        return opened.path();
    }

    /** {@code (regions, samples)} of this view. */
    public int[] shape() {
        return new int[] {regionCount(), sampleCount()};
    }

    /** Rows of the first axis: regions, or spliced rows (e.g. transcripts) when spliced. */
    public int regionCount() {
        return Instances.regionCount(opened, view);
    }

    public boolean isSpliced() {
        return view.spliced();
    }

    /** The splice map of a spliced view (over the full dataset, not the subset). */
    public java.util.Optional<SpliceMap> spliceMap() {
        return java.util.Optional.ofNullable(view.splice());
    }

    /** Keys of this spliced view's rows in view order (e.g. transcript ids). */
    public List<String> splicedRowKeys() {
        SpliceMap map = requireSpliced();
        int[] rows = view.regionRows();
        return rows == null ? map.keys() : Arrays.stream(rows).mapToObj(map.keys()::get).toList();
    }

    /** Position of spliced row {@code key} in this view, for indexing by key. */
    public int splicedRowIndex(String key) {
        int i = splicedRowKeys().indexOf(key);
        if (i < 0) {
            throw new IllegalArgumentException("unknown spliced row '" + key + "'" + (view.regionRows() == null ? ""
                    : " in this subset"));
        }
        return i;
    }

    private SpliceMap requireSpliced() {
        if (!view.spliced()) {
            throw new IllegalStateException("this view is not spliced; call spliceInfo(...) first");
        }
        return view.splice();
    }

    public int sampleCount() {
        return view.sampleCols() == null ? opened.samples() : view.sampleCols().length;
    }

    /** Number of instances ({@code regions x samples}). */
    public long size() {
        return (long) regionCount() * sampleCount();
    }

    /** The regions of this view, in view order (the user's BED rows; subsets pick and reorder them). */
    public List<Region> regions() {
        if (view.spliced()) {
            throw new IllegalStateException("the rows of a spliced view are spliced rows, not regions: read"
                    + " splicedRowKeys() and spliceMap(), or call withoutSplicing()");
        }
        var table = opened.regions();
        List<String> contigs = opened.metadata().contigs();
        int n = regionCount();
        List<Region> out = new ArrayList<>(n);
        int[] inputToDisk = table.inputToDisk();
        for (int i = 0; i < n; i++) {
            int input = view.regionRows() == null ? i : view.regionRows()[i];
            int disk = inputToDisk[input];
            out.add(new Region(input, contigs.get(table.contig()[disk]), table.start()[disk], table.end()[disk],
                    table.strand()[disk]));
        }
        return out;
    }

    /** Sample names in view order. */
    public List<String> samples() {
        List<String> all = opened.metadata().samples();
        if (view.sampleCols() == null) {
            return all;
        }
        return Arrays.stream(view.sampleCols()).mapToObj(all::get).toList();
    }

    /** Position of {@code name} in this view's samples. */
    public int sampleIndex(String name) {
        int i = samples().indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("unknown sample '" + name + "'" + (view.sampleCols() == null ? ""
                    : " in this subset"));
        }
        return i;
    }

    /** Contigs in the dataset's (natural-sorted) order. */
    public List<String> contigs() {
        return opened.metadata().contigs();
    }

    public OptionalInt ploidy() {
        return opened.hasGenotypes() ? OptionalInt.of(opened.ploidy()) : OptionalInt.empty();
    }

    public int maxJitter() {
        return opened.metadata().maxJitter();
    }

    public List<String> availableTracks() {
        return List.copyOf(opened.tracks().keySet());
    }

    public List<String> activeTracks() {
        return view.activeTracks();
    }

    public SeqKind seqKind() {
        return view.seqs();
    }

    public OutputLength outputLength() {
        return view.length();
    }

    /** The current settings; {@code seed} is empty (the generator is whatever this view shares). */
    public Settings settings() {
        VariantOptions v = view.variants();
        return new Settings(view.jitter(), java.util.Optional.empty(), view.deterministic(), view.rcNeg(),
                view.realignTracks(), v.minAf(), v.maxAf(), v.varFields(), v.dummy(), v.unphasedUnion(),
                v.flankLength(), v.tokens());
    }

    /** The window options of a {@link SeqKind#VARIANT_WINDOWS} view, if set. */
    public java.util.Optional<VarWindowOpt> windowOptions() {
        return java.util.Optional.ofNullable(view.variants().windowOpt());
    }

    /**
     * The fields variant outputs can carry ({@code alt, start, ref, ilen}, {@code dosage} when the dataset stores
     * dosages, then the numeric INFO columns of its variant table); empty without genotypes.
     */
    public List<String> availableVarFields() {
        return opened.hasGenotypes() ? opened.variants().availableFields() : List.of();
    }

    /** How often each optional variant field was loaded from disk by this dataset (tests prove laziness with it). */
    Map<String, Integer> variantFieldLoads() {
        return opened.hasGenotypes() ? opened.variants().loads() : Map.of();
    }

    public boolean hasGenotypes() {
        return opened.hasGenotypes();
    }

    public boolean hasReference() {
        return opened.genome() != null;
    }

    /** Closes the dataset shared by every view of this {@code open}. */
    @Override
    public void close() {
        opened.close();
    }

    @Override
    public String toString() {
        return "Dataset[" + path() + ", " + regionCount() + " regions x " + sampleCount() + " samples, seqs="
                + view.seqs() + ", tracks=" + view.activeTracks() + ", length=" + view.length() + "]";
    }
}
