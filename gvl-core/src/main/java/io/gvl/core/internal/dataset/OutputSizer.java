package io.gvl.core.internal.dataset;

import io.gvl.core.dataset.OutputLength;
import io.gvl.core.dataset.SeqKind;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.haplotype.Haplotypes;
import io.gvl.core.kernel.reference.Regions;

/**
 * Bytes one instance occupies in a view's outputs (data plus int64 offsets), without reconstructing it: what
 * prefetching plans memory with. Haplotype lengths come from the diff over the window widened by the jitter on
 * both sides (as GVL's {@code haplotype_lengths}), so the figure is exact without jitter and an upper bound with it.
 */
public final class OutputSizer {
    private OutputSizer() {
    }

    public static long bytes(OpenedDataset ds, ViewState view, int diskRegion, int diskSample) {
        RegionTable rt = ds.regions();
        int len = rt.end()[diskRegion] - rt.start()[diskRegion];
        int fixed = view.length() instanceof OutputLength.Fixed f ? f.n() : -1;
        int tracks = view.activeTracks().size();
        if (view.intervalTracks()) {
            long ds0 = (long) diskRegion * ds.samples() + diskSample;
            long intervals = IntervalOutput.bytes(ds, view.activeTracks(), diskRegion, ds0);
            return bytes(ds, view.withTracks(java.util.List.of()), diskRegion, diskSample) + intervals;
        }
        return switch (view.seqs()) {
            case VARIANTS, VARIANT_WINDOWS -> {
                long ds0 = (long) diskRegion * ds.samples() + diskSample;
                long tracksBytes = view.activeTracks().isEmpty() ? 0 : view.realignTracks()
                        ? tracks * (4 * sum(haplotypeLengths(ds, view, diskRegion, diskSample, -1)) + 8L * ds.ploidy())
                        : tracks * (4L * len + 8);
                yield VariantSizer.bytes(ds, view, ds0) + tracksBytes;
            }
            case REFERENCE, NONE -> {
                long row = fixed > 0 ? fixed : len;
                long seq = view.seqs() == SeqKind.REFERENCE ? row + 8 : 0;
                yield seq + tracks * (4 * row + 8);
            }
            case HAPLOTYPES, ANNOTATED -> {
                long total = 0;
                int p = ds.ploidy();
                long[] lengths = haplotypeLengths(ds, view, diskRegion, diskSample, fixed);
                for (long l : lengths) {
                    total += l;
                }
                long perByte = view.seqs() == SeqKind.ANNOTATED ? 9 : 1;
                long offsets = 8L * p * (view.seqs() == SeqKind.ANNOTATED ? 3 : 1);
                long trackBytes = view.realignTracks() ? tracks * (4 * total + 8L * p)
                        : tracks * (4L * (fixed > 0 ? fixed : len) + 8);
                yield perByte * total + offsets + trackBytes;
            }
        };
    }

    /**
     * Bytes of one spliced (row, sample) pair: its elements' bytes with one set of row offsets, since the elements
     * of a cell share its row. Spliced views carry no tracks next to sequences, so one kind of rows is counted.
     */
    public static long splicedBytes(OpenedDataset ds, ViewState view, Instances elements) {
        if (view.seqs() == SeqKind.VARIANTS) {
            return VariantSizer.bytes(ds, view, elements.dsIdx());
        }
        long offsetBytes = switch (view.seqs()) {
            case REFERENCE -> 8;
            case HAPLOTYPES -> 8L * ds.ploidy();
            case ANNOTATED -> 24L * ds.ploidy();
            case NONE -> 8L * view.activeTracks().size();
            case VARIANTS, VARIANT_WINDOWS -> 0;
        };
        long total = offsetBytes;
        for (int i = 0; i < elements.size(); i++) {
            total += bytes(ds, view, elements.diskRegion()[i], elements.diskSample()[i]) - offsetBytes;
        }
        return total;
    }

    private static long sum(long[] values) {
        long s = 0;
        for (long v : values) {
            s += v;
        }
        return s;
    }

    private static long[] haplotypeLengths(OpenedDataset ds, ViewState view, int diskRegion, int diskSample,
                                           int fixed) {
        int p = ds.ploidy();
        long[] out = new long[p];
        if (fixed > 0) {
            java.util.Arrays.fill(out, fixed);
            return out;
        }
        RegionTable rt = ds.regions();
        int j = view.jitter();
        Regions window = new Regions(new int[] {ds.referenceContig()[rt.contig()[diskRegion]]},
                new int[] {rt.start()[diskRegion] - j}, new int[] {rt.end()[diskRegion] + j});
        long ds0 = (long) diskRegion * ds.samples() + diskSample;
        long[] groups = new long[p];
        for (int h = 0; h < p; h++) {
            groups[h] = ds0 * p + h;
        }
        int[] diffs = Haplotypes.diffs(ds.haplotypes(), HaplotypeBatch.unshifted(window, p, groups, null));
        long[] lengths = Haplotypes.raggedLengths(window, p, diffs);
        System.arraycopy(lengths, 0, out, 0, p);
        return out;
    }
}
