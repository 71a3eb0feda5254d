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
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;

/**
 * Reference sequence over an arbitrary BED, without a written dataset (GVL's {@code RefDataset},
 * {@code _dataset/_ref.py}): one row per region (or per spliced row), with jitter, an output length, random shifts
 * and reverse complement of minus-strand regions. Views are immutable and share one random generator unless a seed
 * installs a new one; the reference stays owned by the caller. Queries return {@link DatasetOutput}s (array
 * {@code "reference"}) that the caller closes. The methods are documented where they are declared, by
 * responsibility: {@link RefDatasetViews} (deriving views), {@link RefDatasetQueries} (outputs and their sizes) and
 * {@link RefDatasetProperties} (what a view is); this class opens reference-only views and implements the three.
 *
 * <p>Differences from GVL (docs/differences.md): {@code rcNeg} is honoured by unspliced rows too, {@link #subsetTo}
 * returns a new view instead of changing this one, the default seed is 0 instead of OS entropy, and every view
 * change re-checks jitter and length against the view's regions.
 */
public final class RefDataset implements RefDatasetViews, RefDatasetQueries, RefDatasetProperties {
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

    @Override
    public RefDataset withJitter(int jitter) {
        return withSettings(s -> s.withJitter(jitter));
    }

    @Override
    public RefDataset withLen(OutputLength length) {
        return derive(view.withLength(Objects.requireNonNull(length, "length")));
    }

    @Override
    public RefDataset withDeterministic(boolean deterministic) {
        return withSettings(s -> s.withDeterministic(deterministic));
    }

    @Override
    public RefDataset withRcNeg(boolean rcNeg) {
        return withSettings(s -> s.withRcNeg(rcNeg));
    }

    @Override
    public RefDataset withSeed(long seed) {
        return withSeed(BigInteger.valueOf(seed));
    }

    @Override
    public RefDataset withSeed(BigInteger seed) {
        NumpyGenerator rng = NumpyGenerator.seeded(seed);
        return derive(view.withSettings(view.jitter(), rng, view.deterministic(), view.rcNeg()));
    }

    @Override
    public RefDataset withSettings(UnaryOperator<Settings> change) {
        return derive(RefSettings.apply(view, change.apply(settings())));
    }

    @Override
    public RefDataset spliceInfo(String column) {
        return spliceInfo(all.spliceMap(column, null));
    }

    @Override
    public RefDataset spliceInfo(String column, String orderColumn) {
        return spliceInfo(all.spliceMap(column, Objects.requireNonNull(orderColumn, "orderColumn")));
    }

    @Override
    public RefDataset spliceInfo(SpliceMap map) {
        return derive(view.withSplice(Objects.requireNonNull(map, "map")));
    }

    @Override
    public RefDataset withoutSplicing() {
        return derive(view.withSplice(null));
    }

    @Override
    public RefDataset subsetTo(int[] rows) {
        return derive(view.withSubset(view.positions(rows, all.spans().size())));
    }

    @Override
    public RefDataset toFullDataset() {
        return derive(view.withSubset(null));
    }

    // ----- queries -----------------------------------------------------------------------------------------------

    @Override
    public DatasetOutput get(int row) {
        return ReferenceQuery.query(genome, all.spans(), view, new int[] {row}, new long[0]);
    }

    @Override
    public DatasetOutput get(int[] rows) {
        return ReferenceQuery.query(genome, all.spans(), view, rows, new long[] {rows.length});
    }

    @Override
    public DatasetOutput getAll() {
        return get(IntStream.range(0, size()).toArray());
    }

    @Override
    public long outputBytes(int row) {
        return ReferenceQuery.rowBytes(all.spans(), view, row);
    }

    // ----- properties --------------------------------------------------------------------------------------------

    @Override
    public int size() {
        return view.size(all.spans().size());
    }

    @Override
    public List<Region> regions() {
        if (view.splice() != null) {
            throw new IllegalStateException("the rows of a spliced view are spliced rows, not regions: read"
                    + " splicedRowKeys() and spliceMap(), or call withoutSplicing()");
        }
        List<Region> regions = all.regions();
        return view.subset() == null ? regions : Arrays.stream(view.subset()).mapToObj(regions::get).toList();
    }

    @Override
    public boolean isSpliced() {
        return view.splice() != null;
    }

    @Override
    public Optional<SpliceMap> spliceMap() {
        return Optional.ofNullable(view.splice());
    }

    @Override
    public List<String> splicedRowKeys() {
        if (view.splice() == null) {
            throw new IllegalStateException("this view is not spliced; call spliceInfo(...) first");
        }
        List<String> keys = view.splice().keys();
        return view.subset() == null ? keys : Arrays.stream(view.subset()).mapToObj(keys::get).toList();
    }

    @Override
    public int splicedRowIndex(String key) {
        int i = splicedRowKeys().indexOf(key);
        if (i < 0) {
            throw new IllegalArgumentException("unknown spliced row '" + key + "'");
        }
        return i;
    }

    @Override
    public int jitter() {
        return view.jitter();
    }

    @Override
    public OutputLength outputLength() {
        return view.length();
    }

    @Override
    public boolean deterministic() {
        return view.deterministic();
    }

    @Override
    public boolean rcNeg() {
        return view.rcNeg();
    }

    @Override
    public Settings settings() {
        return RefSettings.of(view);
    }

    @Override
    public Reference reference() {
        return reference;
    }

    @Override
    public String toString() {
        return "RefDataset[" + size() + (isSpliced() ? " spliced rows" : " regions") + ", jitter=" + jitter()
                + ", length=" + outputLength() + ", deterministic=" + deterministic() + ", rcNeg=" + rcNeg() + "]";
    }
}
