package io.gvl.dataset.internal;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.track.HaplotypeTrackFill;
import io.gvl.core.internal.kernel.track.RealignedTrackRows;
import io.gvl.core.internal.kernel.track.TrackOutputs;
import io.gvl.core.internal.kernel.track.TrackRows;
import io.gvl.core.kernel.haplotype.ExonicFilter;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.haplotype.HaplotypeSource;
import io.gvl.core.kernel.haplotype.Haplotypes;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.reference.ReferenceFetch;
import io.gvl.core.kernel.rng.GvlDraws;
import io.gvl.core.kernel.track.HaplotypeTracks;
import io.gvl.core.kernel.track.IntervalPainter;
import io.gvl.core.kernel.track.input.FillCode;
import io.gvl.core.kernel.track.input.Intervals;
import io.gvl.core.kernel.track.input.TrackSource;
import io.gvl.core.kernel.variant.KeepMask;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.InsertionFill;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.VarFilter;
import io.gvl.io.fasta.Reference;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * GVL's per-call pipeline for one batch of instances ({@code _dataset/_reconstruct.py}): the jitter draw, then the reconstructions the
 * view's {@link OutputKind} chooses among (reference, haplotypes, annotated haplotypes, variants,
 * reference-coordinate or haplotype-realigned tracks, or the stored intervals of {@link IntervalOutput}) with their
 * draws in GVL's order, all writing into buffers of one arena. Output-length conversion and the final leading shape
 * are applied by {@link OutputShaper}.
 */
public final class Reconstruction {
    private final OpenedDataset ds;
    private final ViewState view;
    private final Instances inst;
    private final Arena arena;
    private final int n;
    private final int[] metaContig;
    private final int[] start;
    private final int[] end;
    private final BitSet rc;
    private final int fixed;

    private Reconstruction(OpenedDataset ds, ViewState view, Instances inst, Arena arena) {
        this.ds = ds;
        this.view = view;
        this.inst = inst;
        this.arena = arena;
        this.n = inst.size();
        this.metaContig = new int[n];
        this.start = new int[n];
        this.end = new int[n];
        RegionTable rt = ds.regions();
        for (int i = 0; i < n; i++) {
            int r = inst.diskRegion()[i];
            metaContig[i] = rt.contig()[r];
            start[i] = rt.start()[r];
            end[i] = rt.end()[r];
        }
        int[] off = GvlDraws.jitter(view.rng(), view.jitter(), n);
        for (int i = 0; i < n; i++) {
            start[i] += off[i];
            end[i] += off[i];
        }
        this.rc = new BitSet(n);
        if (view.rcNeg()) {
            for (int i = 0; i < n; i++) {
                if (rt.strand()[inst.diskRegion()[i]] == -1) {
                    rc.set(i);
                }
            }
        }
        this.fixed = view.length() instanceof OutputLength.Fixed f ? f.n() : -1;
    }

    /** Runs the view's reconstruction for {@code inst}: its kind's; the arrays live in {@code arena}. */
    public static List<NamedArray> run(OpenedDataset ds, ViewState view, Instances inst, Arena arena) {
        return OutputKind.of(view.seqs()).reconstruct(new Reconstruction(ds, view, inst, arena));
    }

    /** Runs a spliced view's reconstruction for {@code inst}: its kind's; the arrays live in {@code arena}. */
    public static List<NamedArray> runSpliced(OpenedDataset ds, ViewState view, SplicedInstances inst, Arena arena) {
        return OutputKind.of(view.seqs()).reconstructSpliced(ds, view, inst, arena);
    }

    /** {@code raw} with the view's output length and the query's leading shape applied. */
    List<NamedArray> shaped(List<NamedArray> raw) {
        return OutputShaper.shape(raw, view.length(), inst.leadingShape(), arena);
    }

    /**
     * Variant outputs, then tracks: realigned to the haplotypes (GVL's {@code HapsTracks}, which builds variants
     * without region information, so no flank tokens) or in reference coordinates.
     */
    List<NamedArray> variants() {
        boolean realign = view.realignTracks() && !view.activeTracks().isEmpty();
        List<NamedArray> out = new ArrayList<>(new VariantReconstructor(ds, view,
                VariantLayout.unspliced(inst.cells(), ds.ploidy(), view.variants().unphasedUnion(), rc),
                inst.leadingShape(), arena, metaContig).run(!realign));
        if (!view.activeTracks().isEmpty()) {
            List<NamedArray> tracks = realign ? haplotypes() : withReferenceTracks(new ArrayList<>());
            tracks.removeIf(a -> !a.name().equals(DatasetOutput.TRACKS) && !IntervalOutput.NAMES.contains(a.name()));
            out.addAll(OutputShaper.shape(tracks, view.length(), inst.leadingShape(), arena));
        }
        return out;
    }

    private QueryWindows kernelRegions(int[] starts, int[] ends) {
        int[] contigs = new int[n];
        int[] map = ds.referenceContig();
        for (int i = 0; i < n; i++) {
            contigs[i] = map[metaContig[i]];
        }
        return new QueryWindows(contigs, starts, ends);
    }

    private int rowLength(int i) {
        return fixed > 0 ? fixed : end[i] - start[i];
    }

    List<NamedArray> reference() {
        long[] lengths = new long[n];
        int[] ends = new int[n];
        for (int i = 0; i < n; i++) {
            lengths[i] = rowLength(i);
            ends[i] = start[i] + rowLength(i);
        }
        Ragged out = Ragged.allocate(arena, DType.U8, new long[] {n}, lengths);
        ReferenceFetch.fetch(ds.genome(), kernelRegions(start, ends), Reference.PAD, out, rc);
        List<NamedArray> arrays = new ArrayList<>();
        arrays.add(new NamedArray(DatasetOutput.REFERENCE, out));
        return arrays;
    }

    List<NamedArray> withReferenceTracks(List<NamedArray> arrays) {
        if (view.activeTracks().isEmpty()) {
            return arrays;
        }
        if (view.intervalTracks()) {
            arrays.addAll(IntervalOutput.gather(ds, view.activeTracks(), inst, arena));
            return arrays;
        }
        long[] lengths = new long[n];
        for (int i = 0; i < n; i++) {
            lengths[i] = rowLength(i);
        }
        List<Intervals> intervals = new ArrayList<>();
        List<long[]> groups = new ArrayList<>();
        for (String name : view.activeTracks()) {
            OpenedDataset.Track t = ds.tracks().get(name);
            intervals.add(t.intervals());
            groups.add(groups(t));
        }
        Ragged out = instanceMajorTracks(lengths, 1);
        TrackRows.paint(intervals, groups.toArray(long[][]::new), start, out, rc);
        arrays.add(new NamedArray(DatasetOutput.TRACKS, out));
        return arrays;
    }

    /**
     * An empty instance-major track buffer, {@code (B, T[, inner])}: row {@code (b, t, p)} holds track {@code t}
     * of instance {@code b}, {@code rowLengths[b * inner + p]} long. (GVL writes the data track-major but computes
     * instance-major offsets, which scrambles rows when there are at least two tracks and two instances; gvl
     * returns the intended layout, and its kernels write each row in place.)
     */
    private Ragged instanceMajorTracks(long[] rowLengths, int inner) {
        int tracks = view.activeTracks().size();
        long[] shape = inner == 1 ? new long[] {n, tracks} : new long[] {n, tracks, inner};
        long[] lengths = new long[n * tracks * inner];
        int row = 0;
        for (int b = 0; b < n; b++) {
            for (int t = 0; t < tracks; t++) {
                for (int p = 0; p < inner; p++) {
                    lengths[row++] = rowLengths[b * inner + p];
                }
            }
        }
        return Ragged.allocate(arena, DType.F32, shape, lengths);
    }

    private long[] groups(OpenedDataset.Track t) {
        long[] g = new long[n];
        for (int i = 0; i < n; i++) {
            g[i] = t.perSample() ? inst.cells()[i] : inst.trackRegions()[i];
        }
        return g;
    }

    /** The kernels' code for a track's insertion fill (GenVarLoader's strategy id and parameter). */
    private static FillCode fillCode(ViewState view, String track) {
        InsertionFill fill = view.fill(track);
        return FillCode.of(fill.id(), fill.param());
    }

    /** Haplotypes (with realigned tracks when the view asks for them). */
    List<NamedArray> haplotypes() {
        return haplotypes(false);
    }

    /** Haplotypes with their variant-index and reference-coordinate annotations (and realigned tracks). */
    List<NamedArray> annotatedHaplotypes() {
        return haplotypes(true);
    }

    private List<NamedArray> haplotypes(boolean annotated) {
        HaplotypeSource source = ds.haplotypes();
        int p = ds.ploidy();
        int rows = n * p;
        long[] offsetIdx = new long[rows];
        for (int i = 0; i < n; i++) {
            for (int h = 0; h < p; h++) {
                offsetIdx[i * p + h] = inst.cells()[i] * p + h;
            }
        }
        QueryWindows windows = kernelRegions(start, end);
        KeepMask keep = view.varFilter() == VarFilter.EXONIC
                ? ExonicFilter.keepMask(start, end, offsetIdx, p, source.genotypes(), source.variants()) : null;
        boolean realign = view.realignTracks() && !view.activeTracks().isEmpty();
        // Diffs size ragged rows, bound random shifts and size realigned tracks' scratch rows; fixed-length,
        // deterministic haplotypes without tracks need none of that, so they skip the pass over the window.
        int[] diffs = fixed > 0 && view.deterministic() && !realign ? null
                : Haplotypes.diffs(source, HaplotypeBatch.unshifted(windows, p, offsetIdx, keep));
        int[] shifts = new int[rows];
        long[] lengths;
        if (fixed > 0) {
            lengths = new long[rows];
            Arrays.fill(lengths, fixed);
            if (!view.deterministic()) {
                int[] maxShift = new int[rows];
                for (int k = 0; k < rows; k++) {
                    int i = k / p;
                    maxShift[k] = GvlDraws.maxShift(diffs[k], end[i] - start[i], fixed);
                }
                shifts = GvlDraws.shifts(view.rng(), maxShift);
            }
        } else {
            lengths = Haplotypes.raggedLengths(windows, p, diffs);
        }
        HaplotypeBatch batch = new HaplotypeBatch(windows, p, offsetIdx, shifts, keep);
        long baseSeed = 0;
        if (realign) {
            baseSeed = view.deterministic() ? GvlDraws.deterministicBaseSeed(inst.dsIdx()) : GvlDraws.baseSeed(view.rng());
        }
        Ragged haps = Ragged.allocate(arena, DType.U8, new long[] {n, p}, lengths);
        List<NamedArray> arrays = new ArrayList<>();
        arrays.add(new NamedArray(DatasetOutput.HAPLOTYPES, haps));
        if (annotated) {
            Ragged varIdx = Ragged.allocate(arena, DType.I32, new long[] {n, p}, lengths);
            Ragged refCoords = Ragged.allocate(arena, DType.I32, new long[] {n, p}, lengths);
            Haplotypes.reconstructAnnotated(source, batch, haps, varIdx, refCoords, rc);
            arrays.add(new NamedArray(DatasetOutput.VAR_IDXS, varIdx));
            arrays.add(new NamedArray(DatasetOutput.REF_COORDS, refCoords));
            if (realign) {
                arrays.add(new NamedArray(DatasetOutput.TRACKS, realignedTracks(source, batch, diffs, lengths, baseSeed)));
            }
        } else if (realign) {
            List<TrackSource> sources = new ArrayList<>();
            for (String name : view.activeTracks()) {
                OpenedDataset.Track t = ds.tracks().get(name);
                sources.add(new TrackSource(t.intervals(), groups(t), fillCode(view, name)));
            }
            Ragged tracks = instanceMajorTracks(lengths, p);
            HaplotypeTrackFill.fill(source, batch, diffs, sources, baseSeed, haps,
                    TrackOutputs.instanceMajor(tracks, sources.size(), p), rc);
            arrays.add(new NamedArray(DatasetOutput.TRACKS, tracks));
        } else {
            Haplotypes.reconstruct(source, batch, haps, rc);
        }
        if (!realign) {
            arrays = withReferenceTracks(arrays);
        }
        return arrays;
    }

    /** Annotated haplotypes with realigned tracks: paint each track's scratch row, then realign it. */
    private Ragged realignedTracks(HaplotypeSource source, HaplotypeBatch batch, int[] diffs, long[] lengths,
                                   long baseSeed) {
        int p = ds.ploidy();
        long[] scratchLengths = new long[n];
        for (int i = 0; i < n; i++) {
            scratchLengths[i] = HaplotypeTracks.scratchLength(batch.regions(), p, diffs, i);
        }
        Ragged tracks = instanceMajorTracks(lengths, p);
        TrackOutputs outs = TrackOutputs.instanceMajor(tracks, view.activeTracks().size(), p);
        try (Arena scratchArena = Arena.ofShared()) {
            int t = 0;
            for (String name : view.activeTracks()) {
                OpenedDataset.Track track = ds.tracks().get(name);
                Ragged scratch = Ragged.allocate(scratchArena, DType.F32, new long[] {n}, scratchLengths);
                IntervalPainter.paint(track.intervals(), groups(track), start, scratch, null);
                RealignedTrackRows.realign(source.genotypes(), source.variants(), batch, scratch, fillCode(view, name),
                        baseSeed, outs, t++, tracks.totalLength() * 4 / outs.data().length, rc);
            }
        }
        return tracks;
    }
}
