package io.gvl.dataset.internal;

import io.gvl.dataset.settings.SpliceMap;

/**
 * The (spliced row, sample) pairs of one spliced query expanded into their element instances ({@code _dataset/_indexing.py}, {@code _dataset/_splice.py}):
 * elements of pair {@code p} are {@code elements} rows {@code [pairOffsets[p], pairOffsets[p+1])}, in splice order.
 *
 * @param elements     one instance per element, in (pair, element) order
 * @param pairOffsets  {@code pairs + 1} offsets into {@code elements}
 * @param leadingShape the leading shape of the query's outputs
 * @param pairGroup    the splice map group (spliced row of the full map) of each pair, for messages
 */
public record SplicedInstances(Instances elements, int[] pairOffsets, long[] leadingShape, int[] pairGroup) {

    public int pairs() {
        return pairOffsets.length - 1;
    }

    /** Element-wise pairs {@code (rows[i], samples[i])}, indices relative to the view. */
    public static SplicedInstances pairs(OpenedDataset ds, ViewState view, int[] rows, int[] samples, long[] shape) {
        if (rows.length != samples.length) {
            throw new IllegalArgumentException("got " + rows.length + " spliced-row indices but " + samples.length
                    + " sample indices; pairs need equal lengths");
        }
        SpliceMap map = view.splice();
        int nRows = Instances.regionCount(ds, view);
        int nSamples = Instances.sampleCount(ds, view);
        int[] group = new int[rows.length];
        int[] sample = new int[rows.length];
        int[] pairOffsets = new int[rows.length + 1];
        for (int i = 0; i < rows.length; i++) {
            int t = Instances.wrap(rows[i], nRows, "spliced row");
            group[i] = view.regionRows() == null ? t : view.regionRows()[t];
            int s = Instances.wrap(samples[i], nSamples, "sample");
            sample[i] = view.sampleCols() == null ? s : view.sampleCols()[s];
            pairOffsets[i + 1] = Math.addExact(pairOffsets[i], map.elementCount(group[i]));
        }
        int n = pairOffsets[rows.length];
        int[] dr = new int[n];
        int[] dsm = new int[n];
        long[] idx = new long[n];
        int[] inputToDisk = ds.regions().inputToDisk();
        int all = ds.samples();
        for (int i = 0; i < rows.length; i++) {
            for (int e = 0, k = pairOffsets[i]; k < pairOffsets[i + 1]; e++, k++) {
                dr[k] = inputToDisk[map.row(group[i], e)];
                dsm[k] = sample[i];
                idx[k] = (long) dr[k] * all + sample[i];
            }
        }
        return new SplicedInstances(new Instances(dr, dsm, idx, new long[] {n}), pairOffsets, shape, group);
    }

    /** The outer product of spliced rows and samples, C order. */
    public static SplicedInstances grid(OpenedDataset ds, ViewState view, int[] rows, int[] samples) {
        int n = Math.multiplyExact(rows.length, samples.length);
        int[] r = new int[n];
        int[] s = new int[n];
        for (int i = 0; i < rows.length; i++) {
            for (int j = 0; j < samples.length; j++) {
                r[i * samples.length + j] = rows[i];
                s[i * samples.length + j] = samples[j];
            }
        }
        return pairs(ds, view, r, s, new long[] {rows.length, samples.length});
    }
}
