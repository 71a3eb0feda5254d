package io.gvl.dataset.internal;

import io.gvl.core.kernel.rng.NumpyGenerator;
import io.gvl.dataset.settings.InsertionFill;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.Parallel;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.dataset.settings.TrackKind;
import io.gvl.dataset.settings.VarFilter;
import java.util.List;
import java.util.Map;

/**
 * Everything a dataset view decides, immutable. The generator object is shared by views derived from one another
 * (as in GVL), so drawing through any of them advances the same stream.
 *
 * @param regionRows input-order region rows in view order, or null for all
 * @param sampleCols sample columns (metadata order) in view order, or null for all
 * @param variants   what variant outputs read
 * @param splice     the spliced rows, or null when unspliced (then {@code regionRows} index its groups)
 * @param varFilter  which stored variants haplotype outputs apply
 * @param trackKind  whether active tracks come per base or as their stored intervals
 * @param parallel   the view's parallelism policy, applied to its queries
 */
public record ViewState(SeqKind seqs, List<String> activeTracks, TrackKind trackKind, OutputLength length, int jitter,
                        NumpyGenerator rng, boolean deterministic, boolean rcNeg, boolean realignTracks,
                        Map<String, InsertionFill> fills, int[] regionRows, int[] sampleCols,
                        VariantOptions variants, SpliceMap splice, VarFilter varFilter, Parallel parallel) {

    public ViewState {
        activeTracks = List.copyOf(activeTracks);
        fills = Map.copyOf(fills);
    }

    public ViewState withSeqs(SeqKind s) {
        return new ViewState(s, activeTracks, trackKind, length, jitter, rng, deterministic, rcNeg, realignTracks,
                fills, regionRows, sampleCols, variants, splice, varFilter, parallel);
    }

    public ViewState withTracks(List<String> t) {
        return new ViewState(seqs, t, trackKind, length, jitter, rng, deterministic, rcNeg, realignTracks, fills,
                regionRows, sampleCols, variants, splice, varFilter, parallel);
    }

    public ViewState withTrackKind(TrackKind k) {
        return new ViewState(seqs, activeTracks, k, length, jitter, rng, deterministic, rcNeg, realignTracks, fills,
                regionRows, sampleCols, variants, splice, varFilter, parallel);
    }

    /** Whether the view returns tracks in interval form (and has any active). */
    public boolean intervalTracks() {
        return trackKind == TrackKind.INTERVALS && !activeTracks.isEmpty();
    }

    public ViewState withLength(OutputLength l) {
        return new ViewState(seqs, activeTracks, trackKind, l, jitter, rng, deterministic, rcNeg, realignTracks, fills,
                regionRows, sampleCols, variants, splice, varFilter, parallel);
    }

    public ViewState withSettings(int j, NumpyGenerator g, boolean det, boolean rc, boolean realign) {
        return new ViewState(seqs, activeTracks, trackKind, length, j, g, det, rc, realign, fills, regionRows,
                sampleCols, variants, splice, varFilter, parallel);
    }

    public ViewState withFills(Map<String, InsertionFill> f) {
        return new ViewState(seqs, activeTracks, trackKind, length, jitter, rng, deterministic, rcNeg, realignTracks, f,
                regionRows, sampleCols, variants, splice, varFilter, parallel);
    }

    public ViewState withSubset(int[] regions, int[] samples) {
        return new ViewState(seqs, activeTracks, trackKind, length, jitter, rng, deterministic, rcNeg, realignTracks,
                fills, regions, samples, variants, splice, varFilter, parallel);
    }

    public ViewState withVariants(VariantOptions v) {
        return new ViewState(seqs, activeTracks, trackKind, length, jitter, rng, deterministic, rcNeg, realignTracks,
                fills, regionRows, sampleCols, v, splice, varFilter, parallel);
    }

    /** Splices by {@code map} (null: unspliced); the region subset is dropped, since its indices change meaning. */
    public ViewState withSplice(SpliceMap map) {
        return new ViewState(seqs, activeTracks, trackKind, length, jitter, rng, deterministic, rcNeg, realignTracks,
                fills, null, sampleCols, variants, map, varFilter, parallel);
    }

    public ViewState withParallel(Parallel p) {
        return new ViewState(seqs, activeTracks, trackKind, length, jitter, rng, deterministic, rcNeg, realignTracks,
                fills, regionRows, sampleCols, variants, splice, varFilter, p);
    }

    public ViewState withVarFilter(VarFilter f) {
        return new ViewState(seqs, activeTracks, trackKind, length, jitter, rng, deterministic, rcNeg, realignTracks,
                fills, regionRows, sampleCols, variants, splice, f, parallel);
    }

    public boolean spliced() {
        return splice != null;
    }

    /** The fill for {@code track}: its own if set, else GVL's default {@code Repeat5p}. */
    public InsertionFill fill(String track) {
        return fills.getOrDefault(track, new InsertionFill.Repeat5p());
    }
}
