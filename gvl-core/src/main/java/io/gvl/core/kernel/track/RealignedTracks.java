package io.gvl.core.kernel.track;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.KernelProvider;
import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.internal.kernel.haplotype.BatchChecks;
import io.gvl.core.internal.kernel.track.TrackRealignRow;
import io.gvl.core.kernel.RowParallelism;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantTable;
import java.lang.foreign.MemorySegment;
import java.util.BitSet;

/**
 * Realigns reference-coordinate tracks onto haplotypes for a whole batch (GVL's
 * {@code shift_and_realign_tracks_sparse}): row {@code k = instance * ploidy + hap} of {@code out} follows the
 * same variants and shift as haplotype row {@code k}, reading instance {@code k / ploidy}'s track row.
 */
public final class RealignedTracks {
    private RealignedTracks() {
    }

    /**
     * Realigns every row of {@code batch}: reference bases copy the track value at their position, deleted
     * positions are skipped, and inserted bases take values from {@code fill}; then flagged rows are reversed.
     *
     * @param tracks   one F32 row per instance, starting at the instance's jittered start (GVL's scratch track:
     *                 region length plus the largest net deletion of its haplotypes)
     * @param baseSeed FlankSample base seed ({@code GvlDraws.baseSeed} / {@code deterministicBaseSeed})
     * @param out      F32, one row per batch row, sized like the haplotypes
     * @param reverse  instances whose rows are reversed afterwards (negative strand), or null
     * @param genotypes the sparse genotypes
     * @param variants the variant table the genotypes index
     * @param batch the rows, with their groups, shifts and keep mask
     * @param fill how inserted bases get values
     */
    public static void realign(SparseGenotypes genotypes, VariantTable variants, HaplotypeBatch batch,
                               Ragged tracks, InsertionFill fill, long baseSeed, Ragged out, BitSet reverse) {
        check(batch, tracks, out);
        BatchChecks.genotypes(genotypes, variants, batch.offsetIdx(), batch.keep());
        TrackRealignRow.Context c = new TrackRealignRow.Context(genotypes, variants, batch.keep(), fill, baseSeed,
                KernelProvider.get().rowFill());
        MemorySegment src = tracks.data();
        MemorySegment srcOffsets = tracks.offsets();
        MemorySegment dst = out.data();
        MemorySegment dstOffsets = out.offsets();
        int ploidy = batch.ploidy();
        RowParallelism.forEachRange(batch.rows(), out.totalLength() * 4, (from, to) -> {
            double[] scratch = new double[8];
            for (int k = (int) from; k < to; k++) {
                int i = k / ploidy;
                long group = batch.group(k);
                long at = Mem.i64(dstOffsets, k);
                long len = Mem.i64(dstOffsets, k + 1) - at;
                long trackAt = Mem.i64(srcOffsets, i);
                TrackRealignRow.realign(c, k, i, k % ploidy, genotypes.start(group), genotypes.stop(group),
                        batch.shift(k), src, trackAt, Mem.i64(srcOffsets, i + 1) - trackAt, batch.regions().start(i),
                        dst, at, len, scratch);
                if (reverse != null && reverse.get(i)) {
                    c.rows().reverseF32(dst, at, len);
                }
            }
        });
    }

    private static void check(HaplotypeBatch batch, Ragged tracks, Ragged out) {
        if (tracks.dtype() != DType.F32 || out.dtype() != DType.F32) {
            throw new IllegalArgumentException("tracks and out must be F32, got " + tracks.dtype() + " and "
                    + out.dtype());
        }
        if (tracks.rows() != batch.regions().size()) {
            throw new IllegalArgumentException("tracks has " + tracks.rows() + " rows, batch has "
                    + batch.regions().size() + " instances");
        }
        if (out.rows() != batch.rows()) {
            throw new IllegalArgumentException("out has " + out.rows() + " rows, batch has " + batch.rows());
        }
    }
}
