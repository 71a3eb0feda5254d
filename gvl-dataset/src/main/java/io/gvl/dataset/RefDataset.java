package io.gvl.dataset;

import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.core.kernel.rng.NumpyGenerator;
import io.gvl.dataset.internal.RefSettings;
import io.gvl.dataset.internal.RefViewState;
import io.gvl.dataset.internal.RefViewValidation;
import io.gvl.dataset.internal.ReferenceQuery;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.Settings;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.io.bed.BedFile;
import io.gvl.io.bed.BedReader;
import io.gvl.io.bed.BedRegion;
import io.gvl.io.fasta.Reference;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;

/**
 * Reference sequence over an arbitrary BED, without a written dataset (GVL's {@code RefDataset},
 * {@code _dataset/_ref.py}): one row per region (or per spliced row), with jitter, an output length, random shifts
 * and reverse complement of minus-strand regions. Views are immutable and share one random generator unless a seed
 * installs a new one; the reference stays owned by the caller. Queries return {@link DatasetOutput}s (array
 * {@code "reference"}) that the caller closes.
 *
 * <p>Differences from GVL (docs/differences.md): {@code rcNeg} is honoured by unspliced rows too, {@link #subsetTo}
 * returns a new view instead of changing this one, the default seed is 0 instead of OS entropy, and every view
 * change re-checks jitter and length against the view's regions.
 */
public final class RefDataset {
    private final Reference reference;
    private final ReferenceGenome genome;
    private final RefRegions all;
    private final RefViewState view;

    private RefDataset(Reference reference, ReferenceGenome genome, RefRegions all, RefViewState view) {
        this.reference = reference;
        this.genome = genome;
        this.all = all;
        this.view = view;
    }

    /**
     * The regions of a BED file (any extra columns can group spliced rows) over {@code reference}.
     *
     * @param bed a BED file; every row becomes a region, in file order
     * @param reference an open reference that the caller keeps owning
     * @return the initial view: ragged, no jitter, deterministic, seed 0
     * @throws io.gvl.io.InputFormatException if the BED is malformed
     */
    public static RefDataset open(Path bed, Reference reference) {
        BedFile file = BedReader.read(bed);
        List<Region> regions = new ArrayList<>(file.size());
        for (int i = 0; i < file.size(); i++) {
            BedRegion r = file.get(i);
            regions.add(new Region(i, r.chrom(), r.start(), r.end(), r.strand()));
        }
        return create(RefRegions.of(regions, file, reference), reference);
    }

    /**
     * {@code regions} in this order (their {@code inputRow}s are ignored: rows are numbered by position).
     *
     * @param regions the regions, in row order
     * @param reference an open reference that the caller keeps owning
     * @return the initial view: ragged, no jitter, deterministic, seed 0
     */
    public static RefDataset of(List<Region> regions, Reference reference) {
        return create(RefRegions.of(regions, null, reference), reference);
    }

    private static RefDataset create(RefRegions regions, Reference reference) {
        return new RefDataset(reference, ReferenceQuery.genome(reference), regions, RefViewState.initial());
    }

    private RefDataset derive(RefViewState next) {
        RefViewValidation.check(all.spans(), next);
        return new RefDataset(reference, genome, all, next);
    }

    // ----- views -------------------------------------------------------------------------------------------------

    /**
     * Windows translated by a uniform offset in {@code [-jitter, jitter]} per row ({@code 0 <= jitter <=} shortest
     * region): {@code withSettings(s -> s.withJitter(jitter))}.
     *
     * @param jitter the largest shift in bp
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if the jitter is negative or longer than the shortest region
     */
    public RefDataset withJitter(int jitter) {
        return withSettings(s -> s.withJitter(jitter));
    }

    /**
     * Ragged rows (each region's length), variable (padded with {@code N} to the longest row of a query) or fixed
     * ({@code n + 2 * jitter} must not exceed the shortest region).
     *
     * @param length ragged, variable or fixed output length
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if a fixed length plus jitter does not fit the shortest region
     */
    public RefDataset withLen(OutputLength length) {
        return derive(view.withLength(Objects.requireNonNull(length, "length")));
    }

    /**
     * Deterministic fixed-length rows keep a region's left part; otherwise a random window of it is taken:
     * {@code withSettings(s -> s.withDeterministic(deterministic))}.
     *
     * @param deterministic {@code true} to take the left part of each region, {@code false} for a random window
     * @return a new view; this one is unchanged
     */
    public RefDataset withDeterministic(boolean deterministic) {
        return withSettings(s -> s.withDeterministic(deterministic));
    }

    /**
     * Whether minus-strand regions (and spliced elements) are reverse-complemented:
     * {@code withSettings(s -> s.withRcNeg(rcNeg))}.
     *
     * @param rcNeg {@code true} to reverse-complement minus-strand rows
     * @return a new view; this one is unchanged
     */
    public RefDataset withRcNeg(boolean rcNeg) {
        return withSettings(s -> s.withRcNeg(rcNeg));
    }

    /**
     * A view with a new NumPy-compatible generator seeded with {@code seed} (views share their generator).
     *
     * @param seed a non-negative seed
     * @return a new view with its own generator; this one is unchanged
     */
    public RefDataset withSeed(long seed) {
        return withSeed(BigInteger.valueOf(seed));
    }

    /**
     * {@link #withSeed(long)} for any non-negative integer seed, as NumPy's {@code default_rng} takes it (what
     * {@code withSettings(s -> s.withSeed(seed))} does).
     *
     * @param seed a non-negative seed, of any size
     * @return a new view with its own generator; this one is unchanged
     */
    public RefDataset withSeed(BigInteger seed) {
        NumpyGenerator rng = NumpyGenerator.seeded(seed);
        return derive(view.withSettings(view.jitter(), rng, view.deterministic(), view.rcNeg()));
    }

    /**
     * A view with changed settings, as for {@link Dataset#withSettings}, e.g.
     * {@code ref.withSettings(s -> s.withJitter(10).withSeed(1))}. A {@code RefDataset} honours the settings of
     * GVL's {@code RefDataset.with_settings}: jitter, seed, deterministic and rcNeg. A seed installs a new generator;
     * otherwise the generator stays shared with this view.
     *
     * @param change maps the current settings ({@link #settings()}) to the new ones
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException naming the setting if {@code change} changes one that a {@code RefDataset}
     *     does not have (variant, track and parallelism settings), or if the jitter or a fixed length does not fit
     *     the view's regions
     */
    public RefDataset withSettings(UnaryOperator<Settings> change) {
        return derive(RefSettings.apply(view, change.apply(settings())));
    }

    /**
     * Spliced rows grouping regions by the BED column {@code column}, in row order (see docs/splicing.md).
     *
     * @param column a BED column naming the group of each region
     * @return a new spliced view; this one is unchanged
     * @throws IllegalArgumentException if the column does not exist
     */
    public RefDataset spliceInfo(String column) {
        return spliceInfo(all.spliceMap(column, null));
    }

    /**
     * As {@link #spliceInfo(String)}, with each group's regions sorted by {@code orderColumn}.
     *
     * @param column a BED column naming the group of each region
     * @param orderColumn a BED column whose values order the regions of a group
     * @return a new spliced view; this one is unchanged
     * @throws IllegalArgumentException if a column does not exist
     */
    public RefDataset spliceInfo(String column, String orderColumn) {
        return spliceInfo(all.spliceMap(column, Objects.requireNonNull(orderColumn, "orderColumn")));
    }

    /**
     * A view spliced by an explicit map (rows are 0-based region positions); any subset is dropped.
     *
     * @param map spliced-row keys to region positions
     * @return a new spliced view; this one is unchanged
     */
    public RefDataset spliceInfo(SpliceMap map) {
        return derive(view.withSplice(Objects.requireNonNull(map, "map")));
    }

    /**
     * The same view without splicing (any spliced-row subset is dropped).
     *
     * @return a new unspliced view; this one is unchanged
     */
    public RefDataset withoutSplicing() {
        return derive(view.withSplice(null));
    }

    /**
     * A view of these rows (regions, or spliced rows), indices relative to this view; this view is unchanged.
     *
     * @param rows row indices of this view
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if an index is out of range
     */
    public RefDataset subsetTo(int[] rows) {
        return derive(view.withSubset(view.positions(rows, all.spans().size())));
    }

    /**
     * The same view without a subset.
     *
     * @return a new view over every row; this one is unchanged
     */
    public RefDataset toFullDataset() {
        return derive(view.withSubset(null));
    }

    // ----- queries -----------------------------------------------------------------------------------------------

    /**
     * One row; the leading axis is squeezed away.
     *
     * @param row row index of this view
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalStateException if the reference is closed
     */
    public DatasetOutput get(int row) {
        return query(new int[] {row}, new long[0]);
    }

    /**
     * Rows {@code rows} in this order: leading shape {@code (rows.length)}.
     *
     * @param rows row indices of this view
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalStateException if the reference is closed
     */
    public DatasetOutput get(int[] rows) {
        return query(rows, new long[] {rows.length});
    }

    /**
     * Every row of the view.
     *
     * @return the outputs, owning their memory; the caller must close them
     */
    public DatasetOutput getAll() {
        return get(IntStream.range(0, size()).toArray());
    }

    private DatasetOutput query(int[] rows, long[] leading) {
        return ReferenceQuery.query(genome, all.spans(), view, rows, leading);
    }

    /**
     * Bytes row {@code row} occupies in a query's outputs, data plus its int64 offset: the fixed length, or the
     * region (widened by the jitter on both sides) or, when spliced, the sum of its elements. Data loaders plan
     * their memory with it, so it never underestimates a ragged or fixed row.
     *
     * @param row row index of this view
     * @return the bytes
     */
    public long outputBytes(int row) {
        return ReferenceQuery.rowBytes(all.spans(), view, row);
    }

    // ----- properties --------------------------------------------------------------------------------------------

    /**
     * Rows of the view: regions, or spliced rows when spliced.
     *
     * @return the row count
     */
    public int size() {
        return view.size(all.spans().size());
    }

    /**
     * The regions of this unspliced view, in view order.
     *
     * @return the regions
     * @throws IllegalStateException if the view is spliced
     */
    public List<Region> regions() {
        if (view.splice() != null) {
            throw new IllegalStateException("the rows of a spliced view are spliced rows, not regions: read"
                    + " splicedRowKeys() and spliceMap(), or call withoutSplicing()");
        }
        List<Region> regions = all.regions();
        return view.subset() == null ? regions : Arrays.stream(view.subset()).mapToObj(regions::get).toList();
    }

    /**
     * Whether the rows are spliced rows (see {@link #spliceInfo(String)}).
     *
     * @return {@code true} for a spliced view
     */
    public boolean isSpliced() {
        return view.splice() != null;
    }

    /**
     * The splice map of a spliced view (over all regions, not the subset).
     *
     * @return the map, or empty for an unspliced view
     */
    public java.util.Optional<SpliceMap> spliceMap() {
        return java.util.Optional.ofNullable(view.splice());
    }

    /**
     * Keys of this spliced view's rows in view order.
     *
     * @return the keys, one per row
     * @throws IllegalStateException if the view is not spliced
     */
    public List<String> splicedRowKeys() {
        if (view.splice() == null) {
            throw new IllegalStateException("this view is not spliced; call spliceInfo(...) first");
        }
        List<String> keys = view.splice().keys();
        return view.subset() == null ? keys : Arrays.stream(view.subset()).mapToObj(keys::get).toList();
    }

    /**
     * Position of spliced row {@code key} in this view.
     *
     * @param key a spliced-row key
     * @return its row index in this view
     * @throws IllegalArgumentException if the key is not a row of this view
     * @throws IllegalStateException if the view is not spliced
     */
    public int splicedRowIndex(String key) {
        int i = splicedRowKeys().indexOf(key);
        if (i < 0) {
            throw new IllegalArgumentException("unknown spliced row '" + key + "'");
        }
        return i;
    }

    /**
     * The largest random shift of every window, in bp.
     *
     * @return the jitter, {@code >= 0}
     */
    public int jitter() {
        return view.jitter();
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
     * Whether fixed-length rows take the left part of each region (no random window).
     *
     * @return {@code true} when deterministic
     */
    public boolean deterministic() {
        return view.deterministic();
    }

    /**
     * Whether minus-strand rows are reverse-complemented.
     *
     * @return {@code true} when they are
     */
    public boolean rcNeg() {
        return view.rcNeg();
    }

    /**
     * The settings {@link #withSettings} starts from: this view's jitter, deterministic and rcNeg, no new seed, and
     * the defaults of the settings a {@code RefDataset} does not have.
     *
     * @return the settings
     */
    public Settings settings() {
        return RefSettings.of(view);
    }

    /**
     * The reference this view reads, owned by the caller.
     *
     * @return the reference
     */
    public Reference reference() {
        return reference;
    }

    @Override
    public String toString() {
        return "RefDataset[" + size() + (isSpliced() ? " spliced rows" : " regions") + ", jitter=" + jitter()
                + ", length=" + outputLength() + ", deterministic=" + deterministic() + ", rcNeg=" + rcNeg() + "]";
    }
}
