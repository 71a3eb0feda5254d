package io.gvl.dataset.internal;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.kernel.haplotype.ExonicFilter;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.haplotype.HaplotypeSource;
import io.gvl.core.kernel.haplotype.Haplotypes;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.reference.ReferenceFetch;
import io.gvl.core.kernel.variant.KeepMask;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.VarFilter;
import io.gvl.io.fasta.Reference;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Spliced reference, haplotypes, annotated haplotypes and tracks ({@code _dataset/_splice.py}): size every element, build the
 * {@link SplicePlan}, then run the unspliced kernels once over the plan's rows, so each element's bytes go straight
 * to their place in the spliced row; the outputs are that same data read with per-cell offsets. Only the outputs
 * are allocated in the query's arena. Minus-strand elements are reverse-complemented (annotations reversed) one by
 * one, in place, in the same pass.
 */
final class SplicedReconstruction {
    private final OpenedDataset ds;
    private final ViewState view;
    private final SplicedInstances inst;
    private final Instances el;
    private final Arena arena;
    private final int n;
    private final int[] metaContig;
    private final int[] start;
    private final int[] end;
    private final boolean[] minus;

    private SplicedReconstruction(OpenedDataset ds, ViewState view, SplicedInstances inst, Arena arena) {
        this.ds = ds;
        this.view = view;
        this.inst = inst;
        this.el = inst.elements();
        this.arena = arena;
        this.n = el.size();
        this.metaContig = new int[n];
        this.start = new int[n];
        this.end = new int[n];
        this.minus = new boolean[n];
        RegionTable rt = ds.regions();
        for (int i = 0; i < n; i++) {
            int r = el.diskRegion()[i];
            metaContig[i] = rt.contig()[r];
            start[i] = rt.start()[r];
            end[i] = rt.end()[r];
            minus[i] = view.rcNeg() && rt.strand()[r] == -1;
        }
    }

    /**
     * The batch of spliced pairs {@code inst}, whose kind then picks the outputs, each before output-length
     * conversion: rows {@code (pairs[, inner], ~L)}.
     */
    static SplicedReconstruction of(OpenedDataset ds, ViewState view, SplicedInstances inst, Arena arena) {
        return new SplicedReconstruction(ds, view, inst, arena);
    }

    List<NamedArray> reference() {
        long[] lengths = new long[n];
        for (int i = 0; i < n; i++) {
            lengths[i] = end[i] - start[i];
        }
        SplicePlan plan = SplicePlan.build(lengths, 1, inst.pairOffsets());
        MemorySegment data = arena.allocate(plan.total(), 8);
        ReferenceFetch.fetch(ds.genome(), rowRegions(plan), Reference.PAD, rows(DType.U8, plan, data), rowMinus(plan));
        return List.of(new NamedArray(DatasetOutput.REFERENCE, cells(DType.U8, plan, data, plan.cellOffsetSegment(arena),
                new long[] {inst.pairs()})));
    }

    /** Spliced haplotypes. */
    List<NamedArray> haplotypes() {
        return haplotypes(false);
    }

    /** Spliced haplotypes with their variant-index and reference-coordinate annotations. */
    List<NamedArray> annotatedHaplotypes() {
        return haplotypes(true);
    }

    private List<NamedArray> haplotypes(boolean annotated) {
        HaplotypeSource source = ds.haplotypes();
        int p = ds.ploidy();
        long[] groups = new long[n * p];
        for (int i = 0; i < n; i++) {
            for (int h = 0; h < p; h++) {
                groups[i * p + h] = el.cells()[i] * p + h;
            }
        }
        QueryWindows windows = new QueryWindows(referenceContigs(), start, end);
        HaplotypeBatch sizing = HaplotypeBatch.unshifted(windows, p, groups, keep(start, end, groups, p));
        long[] lengths = Haplotypes.raggedLengths(windows, p, Haplotypes.diffs(source, sizing));
        SplicePlan plan = SplicePlan.build(lengths, p, inst.pairOffsets());
        QueryWindows rowWindows = rowRegions(plan);
        long[] rowGroups = new long[plan.rows()];
        for (int r = 0; r < rowGroups.length; r++) {
            rowGroups[r] = groups[plan.rowElement()[r] * p + plan.rowInner()[r]];
        }
        HaplotypeBatch batch = HaplotypeBatch.unshifted(rowWindows, 1, rowGroups,
                keep(rowWindows.starts(), rowWindows.ends(), rowGroups, 1));
        BitSet rc = rowMinus(plan);
        long[] shape = {inst.pairs(), p};
        MemorySegment cellOffsets = plan.cellOffsetSegment(arena);
        MemorySegment haps = arena.allocate(plan.total(), 8);
        List<NamedArray> out = new ArrayList<>();
        out.add(new NamedArray(DatasetOutput.HAPLOTYPES, cells(DType.U8, plan, haps, cellOffsets, shape)));
        if (annotated) {
            MemorySegment varIdx = arena.allocate(4 * plan.total(), 8);
            MemorySegment refCoords = arena.allocate(4 * plan.total(), 8);
            Haplotypes.reconstructAnnotated(source, batch, rows(DType.U8, plan, haps), rows(DType.I32, plan, varIdx),
                    rows(DType.I32, plan, refCoords), rc);
            out.add(new NamedArray(DatasetOutput.VAR_IDXS, cells(DType.I32, plan, varIdx, cellOffsets, shape)));
            out.add(new NamedArray(DatasetOutput.REF_COORDS, cells(DType.I32, plan, refCoords, cellOffsets, shape)));
        } else {
            Haplotypes.reconstruct(source, batch, rows(DType.U8, plan, haps), rc);
        }
        return out;
    }

    List<NamedArray> tracks() {
        List<String> names = view.activeTracks();
        int t = names.size();
        long[] lengths = new long[n * t];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < t; k++) {
                lengths[i * t + k] = end[i] - start[i];
            }
        }
        SplicePlan plan = SplicePlan.build(lengths, t, inst.pairOffsets());
        List<OpenedDataset.Track> tracks = names.stream().map(ds.tracks()::get).toList();
        MemorySegment data = arena.allocate(4 * plan.total(), 8);
        SplicedTrackPainter.paint(tracks, el, start, minus, plan, data);
        return List.of(new NamedArray(DatasetOutput.TRACKS, cells(DType.F32, plan, data, plan.cellOffsetSegment(arena),
                new long[] {inst.pairs(), t})));
    }

    private KeepMask keep(int[] starts, int[] ends, long[] groups, int ploidy) {
        if (view.varFilter() != VarFilter.EXONIC) {
            return null;
        }
        return ExonicFilter.keepMask(starts, ends, groups, ploidy, ds.haplotypes().genotypes(),
                ds.haplotypes().variants());
    }

    private int[] referenceContigs() {
        int[] contigs = new int[n];
        int[] map = ds.referenceContig();
        for (int i = 0; i < n; i++) {
            contigs[i] = map[metaContig[i]];
        }
        return contigs;
    }

    private QueryWindows rowRegions(SplicePlan plan) {
        int[] contigs = referenceContigs();
        int rows = plan.rows();
        int[] c = new int[rows];
        int[] s = new int[rows];
        int[] e = new int[rows];
        for (int r = 0; r < rows; r++) {
            int q = plan.rowElement()[r];
            c[r] = contigs[q];
            s[r] = start[q];
            e[r] = end[q];
        }
        return new QueryWindows(c, s, e);
    }

    private BitSet rowMinus(SplicePlan plan) {
        BitSet rc = new BitSet(plan.rows());
        for (int r = 0; r < plan.rows(); r++) {
            if (minus[plan.rowElement()[r]]) {
                rc.set(r);
            }
        }
        return rc;
    }

    /** The kernel's view of {@code data}: one row per plan row, offsets on the heap. */
    private static Ragged rows(DType dtype, SplicePlan plan, MemorySegment data) {
        return Ragged.wrap(dtype, new long[] {plan.rows()}, data, plan.rowOffsetSegment());
    }

    /** The output's view of {@code data}: one row per (pair, inner) cell. */
    private static Ragged cells(DType dtype, SplicePlan plan, MemorySegment data, MemorySegment cellOffsets,
                                long[] shape) {
        return Ragged.wrap(dtype, shape, data, cellOffsets);
    }
}
