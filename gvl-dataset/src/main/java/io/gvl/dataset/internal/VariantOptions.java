package io.gvl.dataset.internal;

import io.gvl.dataset.settings.DummyVariant;
import io.gvl.dataset.settings.Settings;
import io.gvl.dataset.settings.TokenAlphabet;
import io.gvl.dataset.settings.VarWindowOpt;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The part of a view that only variant outputs read: AF bounds, requested fields, dummy fill, ploidy folding, ride-
 * along flank tokens and the window options of {@code VARIANT_WINDOWS} (null unless that kind was chosen).
 */
public record VariantOptions(OptionalDouble minAf, OptionalDouble maxAf, List<String> varFields,
                             Optional<DummyVariant> dummy, boolean unphasedUnion, int flankLength,
                             Optional<TokenAlphabet> tokens, VarWindowOpt windowOpt) {

    public VariantOptions {
        varFields = List.copyOf(varFields);
    }

    public static VariantOptions defaults() {
        Settings s = Settings.defaults();
        return new VariantOptions(s.minAf(), s.maxAf(), s.varFields(), s.dummyVariant(), s.unphasedUnion(),
                s.flankLength(), s.tokens(), null);
    }

    /** These options with the variant part of {@code s}; the window options stay. */
    public VariantOptions with(Settings s) {
        return new VariantOptions(s.minAf(), s.maxAf(), s.varFields(), s.dummyVariant(), s.unphasedUnion(),
                s.flankLength(), s.tokens(), windowOpt);
    }

    public VariantOptions withWindowOpt(VarWindowOpt opt) {
        return new VariantOptions(minAf, maxAf, varFields, dummy, unphasedUnion, flankLength, tokens, opt);
    }

    public boolean filtersAf() {
        return minAf.isPresent() || maxAf.isPresent();
    }

    public boolean wants(String field) {
        return varFields.contains(field);
    }
}
