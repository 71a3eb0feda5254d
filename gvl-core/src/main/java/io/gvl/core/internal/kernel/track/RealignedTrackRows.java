package io.gvl.core.internal.kernel.track;

import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.KernelProvider;
import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.internal.kernel.haplotype.BatchChecks;
import io.gvl.core.kernel.RowParallelism;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.track.input.FillCode;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;
import java.lang.foreign.MemorySegment;
import java.util.BitSet;

/**
 * The body of {@code RealignedTracks.realign} for track {@code track} of a {@link TrackOutputs}, so the dataset's
 * instance-major track buffer is filled in place. Inputs are checked by the callers.
 */
public final class RealignedTrackRows {
    private RealignedTrackRows() {
    }

    /** Realigns every row of {@code batch} from the scratch rows {@code tracks} into track {@code track} of outs. */
    public static void realign(SparseGenotypes genotypes, VariantArrays variants, HaplotypeBatch batch, Ragged tracks,
                               FillCode fill, long baseSeed, TrackOutputs outs, int track, long outBytes,
                               BitSet reverse) {
        BatchChecks.genotypes(genotypes, variants, batch.offsetIdx(), batch.keep());
        TrackRealignRow.Context c = new TrackRealignRow.Context(genotypes, variants, batch.keep(), fill, baseSeed,
                KernelProvider.get().rowFill());
        MemorySegment src = tracks.data();
        MemorySegment srcOffsets = tracks.offsets();
        MemorySegment dst = outs.data()[track];
        MemorySegment dstOffsets = outs.offsets()[track];
        int ploidy = batch.ploidy();
        RowParallelism.forEachRange(batch.rows(), outBytes, (from, to) -> {
            double[] scratch = new double[8];
            for (int k = (int) from; k < to; k++) {
                int i = k / ploidy;
                int h = k % ploidy;
                long group = batch.group(k);
                long row = outs.firstRow(i, track) + h;
                long at = Mem.i64(dstOffsets, row);
                long len = Mem.i64(dstOffsets, row + 1) - at;
                long trackAt = Mem.i64(srcOffsets, i);
                TrackRealignRow.realign(c, k, i, h, genotypes.start(group), genotypes.stop(group),
                        batch.shift(k), src, trackAt, Mem.i64(srcOffsets, i + 1) - trackAt, batch.regions().start(i),
                        dst, at, len, scratch);
                if (reverse != null && reverse.get(i)) {
                    c.rows().reverseF32(dst, at, len);
                }
            }
        });
    }
}
