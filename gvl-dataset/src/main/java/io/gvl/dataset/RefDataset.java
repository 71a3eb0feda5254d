package io.gvl.dataset;

import io.gvl.core.buffer.NamedArray;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.core.kernel.rng.NumpyGenerator;
import io.gvl.dataset.internal.ReferenceQuery;
import io.gvl.dataset.internal.memory.OutputFill;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.io.bed.BedFile;
import io.gvl.io.bed.BedReader;
import io.gvl.io.bed.BedRegion;
import io.gvl.io.fasta.Reference;
import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * Reference sequence over an arbitrary BED, without a written dataset (GVL's {@code RefDataset}, {@code _dataset/_ref.py}):
 * one row per region (or per spliced row), with jitter, an output length, random shifts and reverse complement of
 * minus-strand regions. Views are immutable and share one random generator unless a seed installs a new one; the
 * reference stays owned by the caller. Queries return {@link DatasetOutput}s (array {@code "reference"}) that the
 * caller closes.
 *
 * <p>Differences from GVL (docs/differences.md): {@code rcNeg} is honoured by unspliced rows too, {@link #subsetTo}
 * returns a new view instead of changing this one, the default seed is 0 instead of OS entropy, and every view
 * change re-checks jitter and length against the view's regions.
 */
public final class RefDataset {
    private final Reference reference;
    private final ReferenceGenome genome;
    private final RefRegions all;
    private final int[] subset;
    private final int jitter;
    private final OutputLength length;
    private final boolean deterministic;
    private final boolean rcNeg;
    private final NumpyGenerator rng;
    private final SpliceMap splice;

    private RefDataset(Reference reference, ReferenceGenome genome, RefRegions all, int[] subset, int jitter,
                       OutputLength length, boolean deterministic, boolean rcNeg, NumpyGenerator rng,
                       SpliceMap splice) {
        this.reference = reference;
        this.genome = genome;
        this.all = all;
        this.subset = subset;
        this.jitter = jitter;
        this.length = length;
        this.deterministic = deterministic;
        this.rcNeg = rcNeg;
        this.rng = rng;
        this.splice = splice;
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
        RefDataset ds = new RefDataset(reference, ReferenceQuery.genome(reference), regions, null, 0,
                OutputLength.ragged(), true, true, NumpyGenerator.seeded(0), null);
        ds.check();
        return ds;
    }

    private RefDataset derive(int[] subset, int jitter, OutputLength length, boolean deterministic, boolean rcNeg,
                              NumpyGenerator rng, SpliceMap splice) {
        RefDataset next = new RefDataset(reference, genome, all, subset, jitter, length, deterministic, rcNeg, rng,
                splice);
        next.check();
        return next;
    }

    // ----- views -------------------------------------------------------------------------------------------------

    /**
     * Windows translated by a uniform offset in {@code [-jitter, jitter]} per row ({@code 0 <= jitter <=} shortest
     * region).
     *
     * @param jitter the largest shift in bp
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if the jitter is negative or longer than the shortest region
     */
    public RefDataset withJitter(int jitter) {
        return derive(subset, jitter, length, deterministic, rcNeg, rng, splice);
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
        return derive(subset, jitter, Objects.requireNonNull(length, "length"), deterministic, rcNeg, rng, splice);
    }

    /**
     * Deterministic fixed-length rows keep a region's left part; otherwise a random window of it is taken.
     *
     * @param deterministic {@code true} to take the left part of each region, {@code false} for a random window
     * @return a new view; this one is unchanged
     */
    public RefDataset withDeterministic(boolean deterministic) {
        return derive(subset, jitter, length, deterministic, rcNeg, rng, splice);
    }

    /**
     * Whether minus-strand regions (and spliced elements) are reverse-complemented.
     *
     * @param rcNeg {@code true} to reverse-complement minus-strand rows
     * @return a new view; this one is unchanged
     */
    public RefDataset withRcNeg(boolean rcNeg) {
        return derive(subset, jitter, length, deterministic, rcNeg, rng, splice);
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
     * {@link #withSeed(long)} for any non-negative integer seed, as NumPy's {@code default_rng} takes it.
     *
     * @param seed a non-negative seed, of any size
     * @return a new view with its own generator; this one is unchanged
     */
    public RefDataset withSeed(BigInteger seed) {
        return derive(subset, jitter, length, deterministic, rcNeg, NumpyGenerator.seeded(seed), splice);
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
        return derive(null, jitter, length, deterministic, rcNeg, rng, Objects.requireNonNull(map, "map"));
    }

    /**
     * The same view without splicing (any spliced-row subset is dropped).
     *
     * @return a new unspliced view; this one is unchanged
     */
    public RefDataset withoutSplicing() {
        return derive(null, jitter, length, deterministic, rcNeg, rng, null);
    }

    /**
     * A view of these rows (regions, or spliced rows), indices relative to this view; this view is unchanged.
     *
     * @param rows row indices of this view
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if an index is out of range
     */
    public RefDataset subsetTo(int[] rows) {
        int n = size();
        int[] out = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            int j = wrap(rows[i], n);
            out[i] = subset == null ? j : subset[j];
        }
        return derive(out, jitter, length, deterministic, rcNeg, rng, splice);
    }

    /**
     * The same view without a subset.
     *
     * @return a new view over every row; this one is unchanged
     */
    public RefDataset toFullDataset() {
        return derive(null, jitter, length, deterministic, rcNeg, rng, splice);
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
        int n = size();
        int[] picked = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            int j = wrap(rows[i], n);
            picked[i] = subset == null ? j : subset[j];
        }
        RefWindows w = splice == null ? RefWindows.unspliced(all, picked, jitter, length, deterministic, rcNeg, rng)
                : RefWindows.spliced(all, splice, picked, rcNeg);
        Arena arena = OutputFill.newSharedArena();
        try {
            List<NamedArray> arrays = ReferenceQuery.fetch(genome, new QueryWindows(w.contigs(), w.starts(), w.ends()),
                    w.rc(), w.rowWindows(), length, leading, arena);
            return DatasetOutput.of(arena, leading, arrays);
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    private static int wrap(int i, int n) {
        int j = i < 0 ? i + n : i;
        if (j < 0 || j >= n) {
            throw new IndexOutOfBoundsException("row " + i + " is out of range for " + n + " rows");
        }
        return j;
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
        int j = wrap(row, size());
        int picked = subset == null ? j : subset[j];
        if (length instanceof OutputLength.Fixed f) {
            return f.n() + 8L;
        }
        long bases = 0;
        if (splice == null) {
            Region r = all.regions().get(picked);
            bases = (long) r.end() - r.start() + 2L * jitter;
        } else {
            for (int e : splice.rows(picked)) {
                Region r = all.regions().get(e);
                bases += (long) r.end() - r.start();
            }
        }
        return bases + 8L;
    }

    // ----- properties --------------------------------------------------------------------------------------------

    /**
     * Rows of the view: regions, or spliced rows when spliced.
     *
     * @return the row count
     */
    public int size() {
        if (subset != null) {
            return subset.length;
        }
        return splice == null ? all.size() : splice.size();
    }

    /**
     * The regions of this unspliced view, in view order.
     *
     * @return the regions
     * @throws IllegalStateException if the view is spliced
     */
    public List<Region> regions() {
        if (splice != null) {
            throw new IllegalStateException("the rows of a spliced view are spliced rows, not regions: read"
                    + " splicedRowKeys() and spliceMap(), or call withoutSplicing()");
        }
        return subset == null ? all.regions() : Arrays.stream(subset).mapToObj(all.regions()::get).toList();
    }

    /**
     * Whether the rows are spliced rows (see {@link #spliceInfo(String)}).
     *
     * @return {@code true} for a spliced view
     */
    public boolean isSpliced() {
        return splice != null;
    }

    /**
     * The splice map of a spliced view (over all regions, not the subset).
     *
     * @return the map, or empty for an unspliced view
     */
    public java.util.Optional<SpliceMap> spliceMap() {
        return java.util.Optional.ofNullable(splice);
    }

    /**
     * Keys of this spliced view's rows in view order.
     *
     * @return the keys, one per row
     * @throws IllegalStateException if the view is not spliced
     */
    public List<String> splicedRowKeys() {
        if (splice == null) {
            throw new IllegalStateException("this view is not spliced; call spliceInfo(...) first");
        }
        return subset == null ? splice.keys() : Arrays.stream(subset).mapToObj(splice.keys()::get).toList();
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
        return jitter;
    }

    /**
     * The row length of this view's outputs.
     *
     * @return ragged, variable or fixed length
     */
    public OutputLength outputLength() {
        return length;
    }

    /**
     * Whether fixed-length rows take the left part of each region (no random window).
     *
     * @return {@code true} when deterministic
     */
    public boolean deterministic() {
        return deterministic;
    }

    /**
     * Whether minus-strand rows are reverse-complemented.
     *
     * @return {@code true} when they are
     */
    public boolean rcNeg() {
        return rcNeg;
    }

    /**
     * The reference this view reads, owned by the caller.
     *
     * @return the reference
     */
    public Reference reference() {
        return reference;
    }

    // ----- validation --------------------------------------------------------------------------------------------

    /** GVL's checks ({@code _dataset/_ref.py}, {@code _dataset/_impl.py}), run on every view against the regions the view can return. */
    private void check() {
        if (jitter < 0) {
            throw new IllegalArgumentException("jitter must be >= 0, got " + jitter);
        }
        if (splice != null) {
            checkSpliced();
            return;
        }
        int min = all.minLength(subset);
        if (jitter > min) {
            throw new IllegalArgumentException("jitter " + jitter + " exceeds the shortest region (" + min
                    + " bp); lower the jitter or subset to longer regions");
        }
        if (length instanceof OutputLength.Fixed f && f.n() + 2L * jitter > min) {
            throw new IllegalArgumentException("fixed length " + f.n() + " plus twice the jitter (" + jitter
                    + ") exceeds the shortest region (" + min + " bp); windows must stay inside their regions");
        }
    }

    private void checkSpliced() {
        if (splice.maxRow() >= all.size()) {
            throw new IllegalArgumentException("the splice map lists row " + splice.maxRow() + " but there are "
                    + all.size() + " regions; rows are 0-based BED rows");
        }
        if (jitter > 0) {
            throw new IllegalArgumentException("jitter " + jitter + " is not supported with splicing: set jitter to"
                    + " 0, or drop the splicing with withoutSplicing()");
        }
        if (!deterministic) {
            throw new IllegalArgumentException("non-deterministic settings are not supported with splicing: set"
                    + " deterministic to true");
        }
        if (length instanceof OutputLength.Fixed f) {
            throw new IllegalArgumentException("fixed length " + f.n() + " is not supported with splicing: the"
                    + " number of elements per spliced row varies; use ragged or variable length");
        }
    }

    @Override
    public String toString() {
        return "RefDataset[" + size() + (splice == null ? " regions" : " spliced rows") + ", jitter=" + jitter
                + ", length=" + length + ", deterministic=" + deterministic + ", rcNeg=" + rcNeg + "]";
    }

    /** Windows of one query: contig, start, end per window, which to reverse-complement, windows per row. */
    private record RefWindows(int[] contigs, int[] starts, int[] ends, BitSet rc, int[] rowWindows) {

        /** GVL's draw: one array-bound shift in {@code [0, extra + 2 * jitter]} per row, in row order. */
        static RefWindows unspliced(RefRegions all, int[] rows, int jitter, OutputLength length,
                                    boolean deterministic, boolean rcNeg, NumpyGenerator rng) {
            int n = rows.length;
            int[] outLen = new int[n];
            int[] maxShift = new int[n];
            for (int i = 0; i < n; i++) {
                int len = all.regions().get(rows[i]).length();
                outLen[i] = length instanceof OutputLength.Fixed f ? f.n() : len;
                maxShift[i] = (deterministic ? 0 : Math.max(len - outLen[i], 0)) + 2 * jitter;
            }
            int[] shift = rng.integersUpTo(maxShift);
            int[] c = new int[n];
            int[] s = new int[n];
            int[] e = new int[n];
            BitSet rc = new BitSet(n);
            int[] rowWindows = new int[n + 1];
            for (int i = 0; i < n; i++) {
                Region r = all.regions().get(rows[i]);
                c[i] = all.contig(rows[i]);
                s[i] = r.start() + shift[i] - jitter;
                e[i] = s[i] + outLen[i];
                if (rcNeg && r.strand() == -1) {
                    rc.set(i);
                }
                rowWindows[i + 1] = i + 1;
            }
            return new RefWindows(c, s, e, rc, rowWindows);
        }

        /** Each spliced row's regions in splice order; each minus-strand element reverse-complemented on its own. */
        static RefWindows spliced(RefRegions all, SpliceMap map, int[] groups, boolean rcNeg) {
            int[] rowWindows = new int[groups.length + 1];
            for (int i = 0; i < groups.length; i++) {
                rowWindows[i + 1] = Math.addExact(rowWindows[i], map.elementCount(groups[i]));
            }
            int n = rowWindows[groups.length];
            int[] c = new int[n];
            int[] s = new int[n];
            int[] e = new int[n];
            BitSet rc = new BitSet(n);
            for (int i = 0, k = 0; i < groups.length; i++) {
                for (int row : map.rows(groups[i])) {
                    Region r = all.regions().get(row);
                    c[k] = all.contig(row);
                    s[k] = r.start();
                    e[k] = r.end();
                    if (rcNeg && r.strand() == -1) {
                        rc.set(k);
                    }
                    k++;
                }
            }
            return new RefWindows(c, s, e, rc, rowWindows);
        }
    }
}
