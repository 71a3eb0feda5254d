package io.gvl.core.internal.kernel.track;

import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.KernelProvider;
import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.internal.kernel.haplotype.BatchChecks;
import io.gvl.core.internal.kernel.haplotype.HaplotypeRow;
import io.gvl.core.kernel.ReverseComplement;
import io.gvl.core.kernel.RowParallelism;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.haplotype.HaplotypeSource;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.core.kernel.track.input.Intervals;
import io.gvl.core.kernel.track.input.TrackSource;
import java.lang.foreign.MemorySegment;
import java.util.BitSet;
import java.util.List;

/**
 * The body of the fused {@code HaplotypeTracks.fill} kernel, writing track rows wherever {@link TrackOutputs} puts
 * them, so the dataset's instance-major track buffer is filled in place. Inputs are checked by the callers.
 */
public final class HaplotypeTrackFill {
    private HaplotypeTrackFill() {
    }

    /** Fills {@code haps} and every track's realigned rows; {@code rc} marks negative-strand instances. */
    public static void fill(HaplotypeSource source, HaplotypeBatch batch, int[] diffs, List<TrackSource> tracks,
                            long baseSeed, Ragged haps, TrackOutputs outs, BitSet rc) {
        BatchChecks.genotypes(source.genotypes(), source.variants(), batch.offsetIdx(), batch.keep());
        QueryWindows regions = batch.regions();
        int ploidy = batch.ploidy();
        ReferenceGenome ref = source.reference();
        RowFill fill = KernelProvider.get().rowFill();
        ReverseComplement rcKernel = KernelProvider.get().reverseComplement();
        int count = tracks.size();
        TrackRealignRow.Context[] contexts = new TrackRealignRow.Context[count];
        Intervals[] intervals = new Intervals[count];
        long[][] groups = new long[count][];
        for (int t = 0; t < count; t++) {
            contexts[t] = new TrackRealignRow.Context(source.genotypes(), source.variants(), batch.keep(),
                    tracks.get(t).fill(), baseSeed, fill);
            intervals[t] = tracks.get(t).intervals();
            groups[t] = tracks.get(t).groups();
        }
        MemorySegment hapData = haps.data();
        MemorySegment rowOffsets = haps.offsets();
        long bytes = haps.totalLength() * (1 + 4L * count);
        RowParallelism.forEachRange(regions.size(), bytes, (from, to) -> {
            WindowedRealigner realigner = WindowedRealigner.forThisThread(ploidy);
            for (int i = (int) from; i < to; i++) {
                long q0 = regions.start(i);
                int contig = regions.contig(i);
                boolean flip = rc != null && rc.get(i);
                for (int k = i * ploidy; k < (i + 1) * ploidy; k++) {
                    long group = batch.group(k);
                    long at = Mem.i64(rowOffsets, k);
                    long len = Mem.i64(rowOffsets, k + 1) - at;
                    HaplotypeRow.reconstruct(source.genotypes(), source.variants(), batch.keep(), k,
                            source.genotypes().start(group), source.genotypes().stop(group), batch.shift(k),
                            ref.bytes(), ref.contigStart(contig), ref.contigLength(contig), q0, source.pad(),
                            hapData, at, len, null, null, fill);
                    if (flip) {
                        rcKernel.inPlace(hapData, at, len);
                    }
                }
                if (count == 0) {
                    continue;
                }
                long scratchLen = scratchLength(regions, ploidy, diffs, i);
                realigner.measure(contexts[0], batch, i, q0, rowOffsets);
                for (int t = 0; t < count; t++) {
                    realigner.realign(contexts[t], intervals[t], groups[t][i], batch, i, q0, scratchLen,
                            outs.data()[t], outs.offsets()[t], outs.firstRow(i, t), flip);
                }
            }
        });
    }

    /** GVL's scratch track length of an instance: region length plus the largest net deletion among its haplotypes. */
    public static long scratchLength(QueryWindows regions, int ploidy, int[] diffs, int instance) {
        int minDiff = 0;
        for (int h = 0; h < ploidy; h++) {
            minDiff = Math.min(minDiff, diffs[instance * ploidy + h]);
        }
        return (long) regions.end(instance) - regions.start(instance) - minDiff;
    }
}
