package io.gvl.dataset.internal;

import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;

/**
 * GVL's checks on a view's state ({@code _dataset/_impl.py}), run whenever settings, length, sequences or tracks change, so a
 * view that exists can always be queried. Messages say what to change.
 */
public final class ViewValidation {
    private ViewValidation() {
    }

    public static void check(OpenedDataset ds, ViewState v) {
        int maxJitter = ds.metadata().maxJitter();
        if (v.jitter() < 0 || v.jitter() > maxJitter) {
            throw new IllegalArgumentException("jitter " + v.jitter() + " must be within [0, max_jitter = " + maxJitter
                    + "] of dataset " + ds.path() + "; rewrite the dataset with a larger max_jitter to jitter more");
        }
        if (v.length() instanceof OutputLength.Fixed f) {
            long limit = (long) ds.regions().minLength() + 2L * maxJitter;
            if (f.n() + 2L * v.jitter() > limit) {
                throw new IllegalArgumentException("fixed length " + f.n() + " plus twice the jitter (" + v.jitter()
                        + ") exceeds the shortest region (" + ds.regions().minLength() + " bp) plus twice max_jitter ("
                        + maxJitter + "): lower the length or the jitter");
            }
        }
        OutputKind.of(v.seqs()).check(ds, v);
        if (v.seqs() == SeqKind.ANNOTATED && ds.linkedToSvar2()) {
            throw new IllegalArgumentException("annotated haplotypes label each base with its row in a variant table,"
                    + " and dataset " + ds.path() + " reads its genotypes from a .svar2 store, which has none (as in"
                    + " GenVarLoader): use SeqKind.HAPLOTYPES with SeqKind.VARIANTS, or write the dataset from the VCF");
        }
        VariantValidation.checkOptions(ds, v);
        if (v.varFilter() == io.gvl.dataset.settings.VarFilter.EXONIC && !ds.hasGenotypes()) {
            throw new IllegalArgumentException("the exonic variant filter needs genotypes, but dataset " + ds.path()
                    + " was written without variants");
        }
        if (v.spliced()) {
            SpliceValidation.check(ds, v);
        }
        if (v.intervalTracks()) {
            checkIntervals(v);
        }
        for (String t : v.activeTracks()) {
            if (!ds.tracks().containsKey(t)) {
                throw new IllegalArgumentException("unknown track '" + t + "'; dataset " + ds.path() + " has "
                        + ds.tracks().keySet());
            }
        }
    }

    /** Interval-form tracks are neither spliced nor realigned to haplotypes (GVL raises for both). */
    private static void checkIntervals(ViewState v) {
        if (v.spliced()) {
            throw new IllegalArgumentException("tracks in interval form cannot be spliced: call withoutSplicing(), or"
                    + " return per-base tracks with withTrackKind(TrackKind.TRACKS)");
        }
        if (OutputKind.of(v.seqs()).haplotypeAware() && v.realignTracks()) {
            throw new IllegalArgumentException("track intervals cannot be realigned to haplotype coordinates: set"
                    + " withSettings(s -> s.withRealignTracks(false)) first to return reference-coordinate (as-is)"
                    + " intervals, or choose SeqKind.REFERENCE or SeqKind.NONE");
        }
    }

    /** GVL's checks that it makes only when a view is queried ({@code _dataset/_impl.py} and {@code _dataset/_indexing.py}). */
    public static void checkQuery(OpenedDataset ds, ViewState v) {
        check(ds, v);
        VariantValidation.checkQuery(v);
    }

    static void requireReference(OpenedDataset ds, String what) {
        if (ds.genome() == null) {
            throw new IllegalArgumentException(what + " output needs a reference: open the dataset with the FASTA"
                    + " it was written against");
        }
    }

    /** The sequence kind a freshly opened dataset starts with (GVL's defaults). */
    public static SeqKind defaultSeqs(OpenedDataset ds) {
        if (ds.hasGenotypes() && ds.genome() != null) {
            return SeqKind.HAPLOTYPES;
        }
        if (!ds.hasGenotypes() && ds.genome() != null) {
            return SeqKind.REFERENCE;
        }
        if (ds.hasGenotypes()) {
            return SeqKind.VARIANTS;
        }
        return SeqKind.NONE;
    }
}
