package io.gvl.dataset.internal;

import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.haplotype.Haplotypes;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.dataset.settings.OutputLength;
import java.util.Arrays;

/**
 * The row lengths one instance has in a view, without reconstructing it, which every kind sizes its outputs from:
 * the reference row (the region, or the fixed length) and the haplotype rows. Haplotype lengths come from the diff
 * over the window widened by the jitter on both sides (as GVL's {@code haplotype_lengths}), so they are exact
 * without jitter and an upper bound with it.
 */
record InstanceShape(OpenedDataset ds, ViewState view, int diskRegion, long cell, int trackRegion) {

    /** The shape of instance {@code i} of {@code inst}, addressed in the stores as {@code inst} says. */
    static InstanceShape of(OpenedDataset ds, ViewState view, Instances inst, int i) {
        return new InstanceShape(ds, view, inst.diskRegion()[i], inst.cells()[i], inst.trackRegions()[i]);
    }

    /** @return the region's length in bp */
    int regionLength() {
        return ds.regions().end()[diskRegion] - ds.regions().start()[diskRegion];
    }

    /** @return the length of a reference-coordinate row: the fixed length, or the region's */
    long row() {
        return view.length() instanceof OutputLength.Fixed f ? f.n() : regionLength();
    }

    /** @return the active track count */
    int tracks() {
        return view.activeTracks().size();
    }

    /**
     * Bytes of one spliced pair: its elements' bytes with one set of row offsets ({@code offsetBytes}), since the
     * elements of a cell share its rows. Spliced views carry no tracks next to sequences, so one kind of rows is
     * counted.
     */
    static long splicedBytes(OutputKind kind, OpenedDataset ds, ViewState view, Instances elements, long offsetBytes) {
        long total = offsetBytes;
        for (int i = 0; i < elements.size(); i++) {
            total += kind.instanceBytes(ds, view, elements, i) - offsetBytes;
        }
        return total;
    }

    /** @return the sum of the instance's haplotype lengths, {@code ploidy * fixed} for a fixed length */
    long haplotypeTotal(boolean honourFixed) {
        int p = ds.ploidy();
        if (honourFixed && view.length() instanceof OutputLength.Fixed f) {
            return (long) p * f.n();
        }
        RegionTable rt = ds.regions();
        int j = view.jitter();
        QueryWindows window = new QueryWindows(new int[] {ds.referenceContig()[rt.contig()[diskRegion]]},
                new int[] {rt.start()[diskRegion] - j}, new int[] {rt.end()[diskRegion] + j});
        long[] groups = new long[p];
        for (int h = 0; h < p; h++) {
            groups[h] = cell * p + h;
        }
        int[] diffs = Haplotypes.diffs(ds.haplotypes(), HaplotypeBatch.unshifted(window, p, groups, null));
        return Arrays.stream(Haplotypes.raggedLengths(window, p, diffs)).sum();
    }
}
