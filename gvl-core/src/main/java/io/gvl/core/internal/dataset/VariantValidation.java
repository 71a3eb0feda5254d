package io.gvl.core.internal.dataset;

import io.gvl.core.dataset.OutputLength;
import io.gvl.core.dataset.SeqKind;
import java.util.List;

/** The view checks that concern variant outputs and their settings (read-path §2.2, §2.3, §2.12). */
final class VariantValidation {
    private VariantValidation() {
    }

    static void checkKind(OpenedDataset ds, ViewState v) {
        if (!ds.hasGenotypes()) {
            throw new IllegalArgumentException(v.seqs() + " output needs genotypes, but dataset " + ds.path()
                    + " was written without variants");
        }
        if (!(v.length() instanceof OutputLength.Ragged)) {
            throw new IllegalArgumentException(v.seqs() + " output is always ragged; remove the output length "
                    + v.length() + " (withLen(OutputLength.ragged()))");
        }
        boolean realigned = v.realignTracks() && !v.activeTracks().isEmpty();
        if (v.seqs() == SeqKind.VARIANT_WINDOWS) {
            if (v.variants().windowOpt() == null) {
                throw new IllegalArgumentException("VARIANT_WINDOWS output needs window options: use"
                        + " withSeqs(SeqKind.VARIANT_WINDOWS, new VarWindowOpt(...))");
            }
            ViewValidation.requireReference(ds, "VARIANT_WINDOWS");
            if (realigned) {
                throw new IllegalArgumentException("VARIANT_WINDOWS with tracks needs reference-coordinate tracks:"
                        + " set withRealignTracks(false) or drop the tracks");
            }
        } else if (realigned) {
            ViewValidation.requireReference(ds, "VARIANTS with haplotype-realigned tracks");
        }
    }

    static void checkOptions(OpenedDataset ds, ViewState v) {
        VariantOptions o = v.variants();
        boolean any = o.filtersAf() || o.dummy().isPresent() || o.unphasedUnion() || o.flankLength() > 0
                || !o.varFields().equals(io.gvl.core.dataset.Settings.DEFAULT_VAR_FIELDS);
        if (!ds.hasGenotypes()) {
            if (any) {
                throw new IllegalArgumentException("variant settings (AF bounds, var fields, dummy variant,"
                        + " unphased union, flank tokens) need genotypes, but dataset " + ds.path()
                        + " was written without variants");
            }
            return;
        }
        VariantStore store = ds.variants();
        List<String> available = store.availableFields();
        for (String f : o.varFields()) {
            if (!available.contains(f)) {
                throw new IllegalArgumentException("unknown variant field '" + f + "'; dataset " + ds.path()
                        + " has " + available);
            }
        }
        if (o.filtersAf() && !store.isInfo("AF")) {
            throw new IllegalArgumentException("AF bounds need a numeric AF column in genotypes/variants.arrow, but"
                    + " dataset " + ds.path() + " has only " + available + "; write the dataset from a VCF with"
                    + " INFO/AF");
        }
        if (o.flankLength() < 0) {
            throw new IllegalArgumentException("flank length must be >= 0, got " + o.flankLength());
        }
        if (o.flankLength() > 0 && o.tokens().isEmpty()) {
            throw new IllegalArgumentException("flank tokens need a token alphabet: set withTokens(...) together"
                    + " with withFlankLength(" + o.flankLength() + ")");
        }
        if (o.unphasedUnion() && (v.seqs() == SeqKind.HAPLOTYPES || v.seqs() == SeqKind.ANNOTATED)) {
            throw new IllegalArgumentException("unphasedUnion folds the ploidy of variant outputs and cannot be used"
                    + " with " + v.seqs() + "; choose SeqKind.VARIANTS or VARIANT_WINDOWS first");
        }
    }

    static void checkQuery(ViewState v) {
        VariantOptions o = v.variants();
        boolean variantKind = v.seqs() == SeqKind.VARIANTS || v.seqs() == SeqKind.VARIANT_WINDOWS;
        if (o.dummy().isPresent() && !variantKind) {
            throw new IllegalArgumentException("a dummy variant only applies to VARIANTS or VARIANT_WINDOWS output,"
                    + " but the view produces " + v.seqs() + "; clear it with withoutDummyVariant()");
        }
        boolean haplotypeLike = v.seqs() == SeqKind.HAPLOTYPES || v.seqs() == SeqKind.ANNOTATED
                || (v.seqs() == SeqKind.VARIANTS && v.realignTracks() && !v.activeTracks().isEmpty());
        if (o.filtersAf() && haplotypeLike) {
            throw new UnsupportedOperationException("AF bounds apply only to variant outputs, not to haplotypes or"
                    + " haplotype-realigned tracks (as in GVL); clear them or use reference-coordinate tracks");
        }
    }
}
