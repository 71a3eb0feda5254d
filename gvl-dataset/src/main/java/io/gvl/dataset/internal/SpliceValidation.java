package io.gvl.dataset.internal;

import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SpliceMap;

/**
 * GVL's constraints on spliced views ({@code _dataset/_impl.py}, {@code _dataset/_splice.py}), checked whenever a spliced view is derived rather
 * than at query time: element lengths must not depend on random draws, outputs must be ragged, and only outputs
 * with a splice plan (reference, haplotypes, annotated, tracks alone, variants alone) can be spliced.
 */
final class SpliceValidation {
    private SpliceValidation() {
    }

    static void check(OpenedDataset ds, ViewState v) {
        SpliceMap map = v.splice();
        int regions = ds.regions().size();
        if (map.maxRow() >= regions) {
            throw new IllegalArgumentException("the splice map lists input row " + map.maxRow() + " but dataset "
                    + ds.path() + " has " + regions + " regions; rows are 0-based input BED rows");
        }
        if (v.jitter() > 0) {
            throw new IllegalArgumentException("jitter " + v.jitter() + " is not supported with splicing: set jitter"
                    + " to 0, or drop the splicing with withoutSplicing()");
        }
        if (!v.deterministic()) {
            throw new IllegalArgumentException("non-deterministic settings are not supported with splicing: set"
                    + " deterministic to true");
        }
        if (v.length() instanceof OutputLength.Fixed f) {
            throw new IllegalArgumentException("fixed length " + f.n() + " is not supported with splicing: the number"
                    + " of elements per spliced row varies, so its length does too; use ragged or variable length");
        }
        if (!OutputKind.of(v.seqs()).spliceable()) {
            throw new IllegalArgumentException(v.seqs() + " output is not supported with splicing; use VARIANTS");
        }
        if (OutputKind.of(v.seqs()) != TracksOnlyKind.INSTANCE && !v.activeTracks().isEmpty()) {
            throw new IllegalArgumentException("spliced " + v.seqs() + " output cannot carry tracks (GVL splices"
                    + " neither haplotype-realigned nor reference-coordinate tracks next to sequences): call"
                    + " withoutTracks(), or withSeqs(SeqKind.NONE) for spliced tracks alone");
        }
    }
}
