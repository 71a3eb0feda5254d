package io.gvl.dataset.internal;

import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.haplotype.Haplotypes;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.track.input.Intervals;
import io.gvl.core.kernel.variant.SparseGenotypes;
import java.util.List;

/**
 * Per-instance counts read straight from the stored offsets, without reconstructing anything: GVL's
 * {@code haplotype_lengths}, {@code n_variants} and {@code n_intervals}. Outputs are flat, instance-major:
 * {@code [instance * width + k]}.
 */
public final class InstanceStatistics {
    private InstanceStatistics() {
    }

    /**
     * Lengths of the haplotypes of each instance over its region widened by the view's jitter on both sides (what a
     * ragged deterministic query returns before trimming), {@code ploidy} per instance.
     */
    public static int[] haplotypeLengths(OpenedDataset ds, ViewState view, Instances instances) {
        int p = ds.ploidy();
        int n = instances.size();
        RegionTable rt = ds.regions();
        int j = view.jitter();
        int[] contigs = new int[n];
        int[] starts = new int[n];
        int[] ends = new int[n];
        long[] groups = new long[n * p];
        // Diffs read only coordinates, so without a reference the dataset's own contig codes serve.
        int[] toReference = ds.referenceContig();
        for (int i = 0; i < n; i++) {
            int r = instances.diskRegion()[i];
            contigs[i] = toReference == null ? rt.contig()[r] : toReference[rt.contig()[r]];
            starts[i] = rt.start()[r] - j;
            ends[i] = rt.end()[r] + j;
            for (int h = 0; h < p; h++) {
                groups[i * p + h] = instances.cells()[i] * p + h;
            }
        }
        // One diff pass over the whole query, as a ragged haplotype query sizes its rows.
        QueryWindows windows = new QueryWindows(contigs, starts, ends);
        int[] diffs = Haplotypes.diffs(ds.haplotypes(), HaplotypeBatch.unshifted(windows, p, groups, null));
        long[] lengths = Haplotypes.raggedLengths(windows, p, diffs);
        int[] out = new int[lengths.length];
        for (int k = 0; k < out.length; k++) {
            out[k] = Math.toIntExact(lengths[k]);
        }
        return out;
    }

    /** Stored variants per haplotype ({@code ploidy} per instance), over the region padded by the max jitter. */
    public static int[] variantCounts(OpenedDataset ds, Instances instances) {
        int p = ds.ploidy();
        SparseGenotypes g = ds.haplotypes().genotypes();
        int[] out = new int[instances.size() * p];
        for (int i = 0; i < instances.size(); i++) {
            long group = instances.cells()[i] * p;
            for (int h = 0; h < p; h++) {
                out[i * p + h] = Math.toIntExact(g.stop(group + h) - g.start(group + h));
            }
        }
        return out;
    }

    /** Stored intervals of each active track per instance ({@code tracks} per instance, in active order). */
    public static int[] intervalCounts(OpenedDataset ds, List<String> tracks, Instances instances) {
        int t = tracks.size();
        int[] out = new int[instances.size() * t];
        for (int k = 0; k < t; k++) {
            OpenedDataset.Track track = ds.tracks().get(tracks.get(k));
            Intervals itv = track.intervals();
            for (int i = 0; i < instances.size(); i++) {
                long group = track.perSample() ? instances.cells()[i] : instances.trackRegions()[i];
                out[i * t + k] = Math.toIntExact(itv.groupEnd(group) - itv.groupStart(group));
            }
        }
        return out;
    }
}
