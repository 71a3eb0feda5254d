package io.gvl.dataset.sites;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.Region;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * A fixed-length dataset view combined with sites-only variants (e.g. ClinVar SNPs), GVL's
 * {@code DatasetWithSites} ({@code _variants/_sitesonly.py}): its rows are (view region, overlapping site) pairs, and a query returns
 * the annotated haplotypes of each (row, sample) with and without the row's SNP, plus a flag per haplotype.
 *
 * <p>A site overlaps a region when it lies in the output window {@code [start, start + L)}. The view is switched to
 * {@link SeqKind#ANNOTATED}; it must be unspliced, fixed-length, deterministic and without jitter, because the
 * site is located through each row's reference coordinates. Negative-strand rows (when the view reverse-complements
 * them) get the complemented ALT at the mirrored position, so they are the reverse complement of the plus-strand
 * result. Immutable and thread-safe; it does not own the dataset.
 *
 * <pre>{@code
 * Sites sites = Sites.fromVcf(clinvar).retainContigs(ds.contigs());
 * DatasetWithSites dws = DatasetWithSites.of(ds.withLen(OutputLength.fixed(512)), sites);
 * try (SitesOutput out = dws.get(new int[] {0, 1}, new int[] {0, 0})) {
 *     Dense mutated = out.mutHaps().haps(); // (2, P, 512)
 *     SiteFlag f = out.flag(0, 1);
 * }
 * }</pre>
 */
public final class DatasetWithSites {
    /** The {@code var_idxs} value written over an applied site (GVL's -2). */
    public static final int SITE_VAR_IDX = -2;

    private final Dataset dataset;
    private final Sites sites;
    private final SiteRows rows;
    private final int length;
    private final int ploidy;
    private final boolean[] minusRegion;

    private DatasetWithSites(Dataset dataset, Sites sites, SiteRows rows, int length, int ploidy,
            boolean[] minusRegion) {
        this.dataset = dataset;
        this.sites = sites;
        this.rows = rows;
        this.length = length;
        this.ploidy = ploidy;
        this.minusRegion = minusRegion;
    }

    /**
     * {@link #of(Dataset, Sites, int)} with one site per row, the only setting GVL supports.
     *
     * @param view a haplotype view with a fixed output length
     * @param sites the sites to apply
     * @return the annotated view
     * @throws IllegalArgumentException when the view is not usable or no site overlaps a window
     */
    public static DatasetWithSites of(Dataset view, Sites sites) {
        return of(view, sites, 1);
    }

    /**
     * Pairs the regions of {@code view} with the {@code sites} in their windows.
     *
     * @throws IllegalArgumentException when the view is not usable (with the fix), {@code maxVariantsPerRegion} is
     *                                  not 1, a site is on a contig the dataset lacks, or no site overlaps a window
     * @param view a haplotype view with a fixed output length
     * @param sites the sites to apply
     * @param maxVariantsPerRegion sites per row; only 1 is supported
     * @return the annotated view
     */
    public static DatasetWithSites of(Dataset view, Sites sites, int maxVariantsPerRegion) {
        if (maxVariantsPerRegion != 1) {
            throw new IllegalArgumentException("maxVariantsPerRegion " + maxVariantsPerRegion + " is not supported:"
                    + " one site per row is the only mode (as in GVL); use 1.");
        }
        int length = SitesViewCheck.fixedLength(view);
        Dataset annotated = view.withSeqs(SeqKind.ANNOTATED);
        List<Region> regions = annotated.regions();
        boolean rc = annotated.settings().rcNeg();
        boolean[] minus = new boolean[regions.size()];
        for (int i = 0; i < minus.length; i++) {
            minus[i] = rc && regions.get(i).strand() < 0;
        }
        SiteRows rows = SiteOverlap.rows(regions, annotated.contigs(), length, sites);
        return new DatasetWithSites(annotated, sites, rows, length, annotated.ploidy().orElseThrow(), minus);
    }

    /**
     * The annotated view queries go through.
     *
     * @return the view
     */
    public Dataset dataset() {
        return dataset;
    }

    /**
     * The sites, as given.
     *
     * @return the sites
     */
    public Sites sites() {
        return sites;
    }

    /**
     * (region, site) pairs, the first axis of queries.
     *
     * @return the rows
     */
    public SiteRows rows() {
        return rows;
    }

    /**
     * The number of (region, site) rows.
     *
     * @return the row count
     */
    public int rowCount() {
        return rows.size();
    }

    /**
     * The number of samples of the view.
     *
     * @return the sample count
     */
    public int sampleCount() {
        return dataset.sampleCount();
    }

    /**
     * {@code (rows, samples)}.
     *
     * @return a new two-element array
     */
    public int[] shape() {
        return new int[] {rowCount(), sampleCount()};
    }

    /**
     * The fixed output length {@code L}.
     *
     * @return {@code L} in bp
     */
    public int outputLength() {
        return length;
    }

    /**
     * Element-wise pairs {@code (rows[i], samples[i])}, batched through one dataset query: wild-type and mutated
     * haplotypes {@code (n, P, L)}, flags {@code (n, P)} and the view's tracks, if any.
     *
     * @param rowIdx row indices into {@link #rows()}
     * @param samples sample indices of the view, the same length as {@code rowIdx}
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalArgumentException if the arrays differ in length or an index is out of range
     */
    public SitesOutput get(int[] rowIdx, int[] samples) {
        if (rowIdx.length != samples.length) {
            throw new IllegalArgumentException("got " + rowIdx.length + " row indices but " + samples.length
                    + " sample indices; pass one sample per row");
        }
        int n = rowIdx.length;
        int[] regions = new int[n];
        int[] starts = new int[n];
        byte[] alts = new byte[n];
        boolean[] minus = new boolean[n];
        for (int i = 0; i < n; i++) {
            int r = rowIdx[i];
            if (r < 0 || r >= rows.size()) {
                throw new IndexOutOfBoundsException("row index " + r + " is out of range for " + rows.size()
                        + " (region, site) rows");
            }
            regions[i] = rows.region(r);
            starts[i] = sites.start(rows.site(r));
            alts[i] = sites.alt(rows.site(r));
            minus[i] = minusRegion[regions[i]];
        }
        DatasetOutput wild = dataset.get(regions, samples);
        Arena arena = Arena.ofShared();
        try {
            AnnotatedHaps wt = new AnnotatedHaps(dense(wild.sequences()), dense(wild.get(DatasetOutput.VAR_IDXS)),
                    dense(wild.get(DatasetOutput.REF_COORDS)));
            Dense haps = copy(arena, wt.haps());
            Dense varIdxs = copy(arena, wt.varIdxs());
            Dense flags = Dense.allocate(arena, DType.U8, new long[] {n, ploidy});
            SiteApplier.apply(haps.data(), varIdxs.data(), wt.refCoords().data(), flags.data(), ploidy, length,
                    starts, alts, minus);
            return new SitesOutput(wild, arena, wt, new AnnotatedHaps(haps, varIdxs, wt.refCoords()), flags);
        } catch (RuntimeException e) {
            arena.close();
            wild.close();
            throw e;
        }
    }

    private static Dense dense(FlatArray a) {
        if (a instanceof Dense d) {
            return d;
        }
        throw new IllegalStateException("a fixed-length view returned a ragged array: " + a);
    }

    private static Dense copy(Arena arena, Dense src) {
        Dense dst = Dense.allocate(arena, src.dtype(), src.shape());
        MemorySegment.copy(src.data(), 0, dst.data(), 0, src.byteSize());
        return dst;
    }

    @Override
    public String toString() {
        return "DatasetWithSites[" + rowCount() + " rows x " + sampleCount() + " samples, L=" + length + "]";
    }
}
