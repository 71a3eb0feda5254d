package io.gvl.dataset.internal;

import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.core.kernel.variant.FlatRagged;
import io.gvl.core.kernel.variant.VariantBuffers;
import java.lang.foreign.Arena;
import java.util.Map;

/**
 * The per-variant sequence arrays a variant kind builds for the selected calls (alleles, or token windows), with
 * the flank tokens that ride along and the flank length both use; {@link VariantsKind} builds them, one body per
 * kind.
 *
 * @param arrays the arrays by output name, in GVL's order, each with per-variant offsets
 * @param flankTokens the flank tokens, or null when none were asked for
 * @param flankLength the flank length of windows or flank tokens, 0 without flanks
 */
record VariantSequences(Map<String, FlatRagged> arrays, FlatRagged flankTokens, int flankLength) {

    /**
     * What a kind builds its sequences from.
     *
     * @param arena where the arrays go
     * @param store the dataset's variants
     * @param options the view's variant options
     * @param genome the reference, or null without one
     * @param gathered the selected calls' variant indices and contigs
     * @param rows the output row offsets of the selected calls
     * @param flank whether flank tokens may be built (false when tracks are realigned)
     */
    record Inputs(Arena arena, VariantStore store, VariantOptions options, ReferenceGenome genome,
                  VariantBuffers.Gathered gathered, long[] rows, boolean flank) {
    }
}
