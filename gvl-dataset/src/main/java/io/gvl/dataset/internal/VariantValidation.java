package io.gvl.dataset.internal;

import java.util.List;

/**
 * The view checks that concern variant settings ({@code with_settings} and {@code with_seqs} in {@code _dataset/_impl.py}), whatever the kind; the checks of
 * the variant kinds themselves are {@link VariantsKind}'s.
 */
final class VariantValidation {
    private VariantValidation() {
    }

    static void checkOptions(OpenedDataset ds, ViewState v) {
        VariantOptions o = v.variants();
        boolean any = o.filtersAf() || o.dummy().isPresent() || o.unphasedUnion() || o.flankLength() > 0
                || !o.varFields().equals(io.gvl.dataset.settings.Settings.DEFAULT_VAR_FIELDS);
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
        if (o.unphasedUnion() && OutputKind.of(v.seqs()).haplotypeRows()) {
            throw new IllegalArgumentException("unphasedUnion folds the ploidy of variant outputs and cannot be used"
                    + " with " + v.seqs() + "; choose SeqKind.VARIANTS or VARIANT_WINDOWS first");
        }
    }

    static void checkQuery(ViewState v) {
        VariantOptions o = v.variants();
        boolean variantKind = OutputKind.of(v.seqs()) instanceof VariantsKind;
        if (o.dummy().isPresent() && !variantKind) {
            throw new IllegalArgumentException("a dummy variant only applies to VARIANTS or VARIANT_WINDOWS output,"
                    + " but the view produces " + v.seqs() + "; clear it with withoutDummyVariant()");
        }
        if (o.filtersAf() && OutputKind.of(v.seqs()).appliesVariants(v)) {
            throw new UnsupportedOperationException("AF bounds apply only to variant outputs, not to haplotypes or"
                    + " haplotype-realigned tracks (as in GVL); clear them or use reference-coordinate tracks");
        }
    }
}
