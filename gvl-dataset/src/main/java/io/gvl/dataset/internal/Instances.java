package io.gvl.dataset.internal;

/**
 * The (region, sample) instances of one query, resolved to on-disk rows, in output order, with the leading shape
 * the outputs get (e.g. {@code (n)} for pairs, {@code (nr, ns)} for a grid, {@code ()} for a single instance).
 * The stores are addressed apart from the instance's identity: {@code cells} is the cell of each instance in the
 * genotype and per-sample track arrays the query reads ({@code dsIdx} itself for a dataset's own arrays, a row of
 * the batch's copy for a sharded root or a {@code .svar2}-linked dataset, {@link ShardBatch}) and
 * {@code trackRegions} its row in the annotation track arrays ({@code diskRegion}, or a row of the copy).
 * {@code dsIdx} keeps the identity the draws are seeded from.
 */
public record Instances(int[] diskRegion, int[] diskSample, long[] dsIdx, long[] leadingShape, long[] cells,
                        int[] trackRegions) {

    /** Instances addressed in the dataset's own arrays. */
    public Instances(int[] diskRegion, int[] diskSample, long[] dsIdx, long[] leadingShape) {
        this(diskRegion, diskSample, dsIdx, leadingShape, dsIdx, diskRegion);
    }

    /** The same instances addressed in a batch's copy of the stores. */
    Instances addressed(long[] cells, int[] trackRegions) {
        return new Instances(diskRegion, diskSample, dsIdx, leadingShape, cells, trackRegions);
    }

    public int size() {
        return diskRegion.length;
    }

    /** Resolves view-relative pairs {@code (regions[i], samples[i])}. */
    public static Instances pairs(OpenedDataset ds, ViewState view, int[] regions, int[] samples, long[] shape) {
        if (regions.length != samples.length) {
            throw new IllegalArgumentException("got " + regions.length + " region indices but " + samples.length
                    + " sample indices; pairs need equal lengths");
        }
        int n = regions.length;
        int[] dr = new int[n];
        int[] dsm = new int[n];
        long[] idx = new long[n];
        int nSamples = ds.samples();
        for (int i = 0; i < n; i++) {
            dr[i] = diskRegion(ds, view, regions[i]);
            dsm[i] = diskSample(ds, view, samples[i]);
            idx[i] = (long) dr[i] * nSamples + dsm[i];
        }
        return new Instances(dr, dsm, idx, shape);
    }

    /** Resolves the outer product of view-relative regions and samples, C order. */
    public static Instances grid(OpenedDataset ds, ViewState view, int[] regions, int[] samples) {
        int n = Math.multiplyExact(regions.length, samples.length);
        int[] r = new int[n];
        int[] s = new int[n];
        for (int i = 0; i < regions.length; i++) {
            for (int j = 0; j < samples.length; j++) {
                r[i * samples.length + j] = regions[i];
                s[i * samples.length + j] = samples[j];
            }
        }
        return pairs(ds, view, r, s, new long[] {regions.length, samples.length});
    }

    /** Rows of the view's first axis: regions, or spliced rows when spliced. */
    public static int regionCount(OpenedDataset ds, ViewState view) {
        if (view.regionRows() != null) {
            return view.regionRows().length;
        }
        return view.spliced() ? view.splice().size() : ds.regions().size();
    }

    static int sampleCount(OpenedDataset ds, ViewState view) {
        return view.sampleCols() == null ? ds.samples() : view.sampleCols().length;
    }

    private static int diskRegion(OpenedDataset ds, ViewState view, int r) {
        int n = regionCount(ds, view);
        int i = wrap(r, n, "region");
        int inputRow = view.regionRows() == null ? i : view.regionRows()[i];
        return ds.regions().inputToDisk()[inputRow];
    }

    private static int diskSample(OpenedDataset ds, ViewState view, int s) {
        int n = sampleCount(ds, view);
        int i = wrap(s, n, "sample");
        return view.sampleCols() == null ? i : view.sampleCols()[i];
    }

    /** NumPy semantics: negative indices count from the end; anything else outside is an error. */
    static int wrap(int i, int n, String what) {
        int j = i < 0 ? i + n : i;
        if (j < 0 || j >= n) {
            throw new IndexOutOfBoundsException(what + " index " + i + " is out of range for " + n + " " + what + "s");
        }
        return j;
    }
}
