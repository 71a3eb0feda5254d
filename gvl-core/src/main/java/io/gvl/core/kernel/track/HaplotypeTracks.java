package io.gvl.core.kernel.track;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.track.HaplotypeTrackFill;
import io.gvl.core.internal.kernel.track.TrackOutputs;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.haplotype.HaplotypeSource;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.track.input.TrackSource;
import java.util.BitSet;
import java.util.List;

/**
 * The fused {@code HapsTracks} kernel: for every instance of a batch, paint each track's reference-coordinate
 * scratch row from its intervals, then write every haplotype row and, per track, the track realigned onto that
 * haplotype; negative-strand rows are reverse-complemented / reversed in the same pass. One call fills all
 * caller-provided buffers. Only the part of a scratch row the instance's rows can read is painted, so short outputs
 * of long regions cost their output, not their region; the scratch is per worker range, never per row.
 */
public final class HaplotypeTracks {
    private HaplotypeTracks() {
    }

    /**
     * GVL's scratch track length of an instance: region length plus the largest net deletion among its haplotypes.
     *
     * @param regions the instances' windows
     * @param ploidy haplotypes per instance
     * @param diffs per-row length changes
     * @param instance the instance
     * @return the scratch length in bp
     */
    public static long scratchLength(QueryWindows regions, int ploidy, int[] diffs, int instance) {
        return HaplotypeTrackFill.scratchLength(regions, ploidy, diffs, instance);
    }

    /**
     * Fills the haplotype rows and, per track, the track values realigned onto each haplotype, for every row of
     * {@code batch}.
     *
     * @param source    the genotypes, variants and reference
     * @param batch     the instances
     * @param diffs     per-row diffs ({@code Haplotypes.diffs}) used to size the scratch tracks
     * @param tracks    active tracks, in output order
     * @param haps      U8 output, one row per batch row
     * @param trackOuts one F32 buffer per track with the same row lengths as {@code haps} (views into one
     *                  track-major buffer reproduce GVL's layout)
     * @param baseSeed  FlankSample base seed
     * @param rc        negative-strand instances, or null
     */
    public static void fill(HaplotypeSource source, HaplotypeBatch batch, int[] diffs, List<TrackSource> tracks,
                            long baseSeed, Ragged haps, List<Ragged> trackOuts, BitSet rc) {
        check(batch, diffs, tracks, haps, trackOuts);
        HaplotypeTrackFill.fill(source, batch, diffs, tracks, baseSeed, haps,
                TrackOutputs.perTrack(trackOuts, batch.ploidy()), rc);
    }

    private static void check(HaplotypeBatch batch, int[] diffs, List<TrackSource> tracks, Ragged haps,
                              List<Ragged> trackOuts) {
        if (haps.dtype() != DType.U8 || haps.rows() != batch.rows()) {
            throw new IllegalArgumentException("haps must be U8 with " + batch.rows() + " rows, got " + haps);
        }
        if (diffs.length != batch.rows()) {
            throw new IllegalArgumentException("diffs has " + diffs.length + " rows, batch has " + batch.rows());
        }
        if (trackOuts.size() != tracks.size()) {
            throw new IllegalArgumentException(tracks.size() + " tracks but " + trackOuts.size() + " outputs");
        }
        for (int t = 0; t < tracks.size(); t++) {
            if (tracks.get(t).groups().length != batch.regions().size()) {
                throw new IllegalArgumentException("track " + t + " has " + tracks.get(t).groups().length
                        + " groups for " + batch.regions().size() + " instances");
            }
            Ragged out = trackOuts.get(t);
            if (out.dtype() != DType.F32 || out.rows() != batch.rows()) {
                throw new IllegalArgumentException("track output " + t + " must be F32 with " + batch.rows()
                        + " rows, got " + out);
            }
            for (long r = 0; r < batch.rows(); r++) {
                if (out.length(r) != haps.length(r)) {
                    throw new IllegalArgumentException("track output " + t + " row " + r + " has length "
                            + out.length(r) + ", haplotype row has " + haps.length(r));
                }
            }
        }
    }
}
