package io.gvl.core.kernel.track;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.track.RealignedTrackRows;
import io.gvl.core.internal.kernel.track.TrackOutputs;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.track.input.FillCode;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;
import java.util.BitSet;
import java.util.List;

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
    public static void realign(SparseGenotypes genotypes, VariantArrays variants, HaplotypeBatch batch,
                               Ragged tracks, FillCode fill, long baseSeed, Ragged out, BitSet reverse) {
        check(batch, tracks, out);
        RealignedTrackRows.realign(genotypes, variants, batch, tracks, fill, baseSeed,
                TrackOutputs.perTrack(List.of(out), batch.ploidy()), 0, out.totalLength() * 4, reverse);
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
