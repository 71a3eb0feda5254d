package io.gvl.dataset.settings;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The per-view settings that {@link io.gvl.dataset.Dataset#withSettings} changes (and
 * {@link io.gvl.dataset.RefDataset#withSettings}, which honours jitter, seed, deterministic and rcNeg). Immutable;
 * each {@code with...} returns a copy.
 *
 * @param jitter         maximum random translation of each window, {@code 0 <= jitter <= maxJitter}
 * @param seed           a new seed installs a new random generator (NumPy {@code default_rng(seed)}, any non-negative
 *                       integer, as Python accepts); empty keeps the current generator, which views derived from one
 *                       another share, as in GVL
 * @param deterministic  {@code false} randomly shifts haplotypes longer than a fixed output length
 * @param rcNeg          reverse-complement (sequences) or reverse (tracks, annotations) negative-strand regions
 * @param realignTracks  realign tracks to haplotype coordinates when haplotypes are the sequence output
 * @param minAf          keep only variants with {@code AF >= minAf} in variant outputs (NaN AF fails)
 * @param maxAf          keep only variants with {@code AF <= maxAf} in variant outputs (NaN AF fails)
 * @param varFields      fields of variant outputs; {@code alt} and {@code start} are always present, the others
 *                       ({@code ref}, {@code ilen}, {@code dosage}, INFO columns) only when listed; see
 *                       {@link io.gvl.dataset.Dataset#availableVarFields()}
 * @param dummyVariant   the record put into every empty (instance, ploid) group of variant outputs
 * @param unphasedUnion  fold the ploidy axis of variant outputs to 1 (hap 0's variants, then hap 1's, ...)
 * @param flankLength    {@code L > 0} adds {@code flank_tokens} ({@code 2L} reference tokens around each variant) to
 *                       {@link SeqKind#VARIANTS} output; needs {@link #tokens}
 * @param tokens         the token alphabet of flank tokens
 * @param parallel       whether this view's queries split rows over threads: {@link Parallel#AUTO} (default) defers
 *                       to {@code GVL_FORCE_PARALLEL} and then to the size gate; see {@link Parallel}
 */
public record Settings(int jitter, Optional<BigInteger> seed, boolean deterministic, boolean rcNeg,
        boolean realignTracks,
                       OptionalDouble minAf, OptionalDouble maxAf, List<String> varFields,
                       Optional<DummyVariant> dummyVariant, boolean unphasedUnion, int flankLength,
                       Optional<TokenAlphabet> tokens, Parallel parallel) {

    /** GVL's default variant fields. */
    public static final List<String> DEFAULT_VAR_FIELDS = List.of("alt", "ilen", "start");

    /** Checks a given seed (non-negative) and that no optional is {@code null}; copies the field list. */
    public Settings {
        Objects.requireNonNull(seed, "seed");
        seed.ifPresent(Settings::checkSeed);
        Objects.requireNonNull(minAf, "minAf");
        Objects.requireNonNull(maxAf, "maxAf");
        varFields = List.copyOf(varFields);
        Objects.requireNonNull(dummyVariant, "dummyVariant");
        Objects.requireNonNull(tokens, "tokens");
        Objects.requireNonNull(parallel, "parallel");
    }

    /**
     * GVL's defaults: no jitter, seed 0, deterministic, reverse-complement negative strands, realign tracks, no AF
     * bounds, fields {@code alt, ilen, start}, no dummy, phased, no flank tokens, parallelism AUTO.
     *
     * @return the default settings
     */
    public static Settings defaults() {
        return new Settings(0, Optional.empty(), true, true, true, OptionalDouble.empty(), OptionalDouble.empty(),
                DEFAULT_VAR_FIELDS, Optional.empty(), false, 0, Optional.empty(), Parallel.AUTO);
    }

    /**
     * GVL's {@code with_settings(parallel=...)}: force this view's queries parallel or serial, or leave it to AUTO.
     *
     * @param p the policy
     * @return a copy with that policy
     */
    public Settings withParallel(Parallel p) {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks, minAf, maxAf, varFields, dummyVariant,
                unphasedUnion, flankLength, tokens, Objects.requireNonNull(p, "parallel"));
    }

    /**
     * A copy with another jitter; the dataset checks it against its maximum jitter when the settings are applied.
     *
     * @param j the maximum random shift in bp, {@code >= 0}
     * @return a new settings object
     */
    public Settings withJitter(int j) {
        return new Settings(j, seed, deterministic, rcNeg, realignTracks, minAf, maxAf, varFields, dummyVariant,
                unphasedUnion, flankLength, tokens, parallel);
    }

    /**
     * {@link #withSeed(BigInteger)} for a {@code long} seed.
     *
     * @param s a non-negative seed
     * @return a new settings object
     */
    public Settings withSeed(long s) {
        return withSeed(BigInteger.valueOf(s));
    }

    /**
     * A new generator seeded as NumPy's {@code default_rng(s)}: any non-negative integer, also beyond 64 bits (NumPy
     * splits it into 32-bit words). A negative seed is refused with NumPy's wording.
     *
     * @param s a non-negative seed, of any size
     * @return a new settings object
     * @throws IllegalArgumentException if the seed is negative
     */
    public Settings withSeed(BigInteger s) {
        return new Settings(jitter, Optional.of(s), deterministic, rcNeg, realignTracks, minAf, maxAf, varFields,
                dummyVariant, unphasedUnion, flankLength, tokens, parallel);
    }

    /**
     * A copy with another {@code deterministic} flag.
     *
     * @param d {@code false} to shift haplotypes longer than a fixed length randomly
     * @return a new settings object
     */
    public Settings withDeterministic(boolean d) {
        return new Settings(jitter, seed, d, rcNeg, realignTracks, minAf, maxAf, varFields, dummyVariant,
                unphasedUnion, flankLength, tokens, parallel);
    }

    /**
     * A copy with another {@code rcNeg} flag.
     *
     * @param rc {@code true} to reverse-complement negative-strand regions
     * @return a new settings object
     */
    public Settings withRcNeg(boolean rc) {
        return new Settings(jitter, seed, deterministic, rc, realignTracks, minAf, maxAf, varFields, dummyVariant,
                unphasedUnion, flankLength, tokens, parallel);
    }

    /**
     * A copy with another {@code realignTracks} flag.
     *
     * @param r {@code true} to realign tracks to haplotype coordinates
     * @return a new settings object
     */
    public Settings withRealignTracks(boolean r) {
        return new Settings(jitter, seed, deterministic, rcNeg, r, minAf, maxAf, varFields, dummyVariant,
                unphasedUnion, flankLength, tokens, parallel);
    }

    /**
     * A copy keeping only variants with {@code AF >= af} in variant outputs.
     *
     * @param af the lower bound, in {@code [0, 1]}
     * @return a new settings object
     */
    public Settings withMinAf(double af) {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks, OptionalDouble.of(af), maxAf,
                varFields, dummyVariant, unphasedUnion, flankLength, tokens, parallel);
    }

    /**
     * A copy without a lower AF bound.
     *
     * @return a new settings object
     */
    public Settings withoutMinAf() {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks, OptionalDouble.empty(), maxAf,
                varFields, dummyVariant, unphasedUnion, flankLength, tokens, parallel);
    }

    /**
     * A copy keeping only variants with {@code AF <= af} in variant outputs.
     *
     * @param af the upper bound, in {@code [0, 1]}
     * @return a new settings object
     */
    public Settings withMaxAf(double af) {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks, minAf, OptionalDouble.of(af),
                varFields, dummyVariant, unphasedUnion, flankLength, tokens, parallel);
    }

    /**
     * A copy without an upper AF bound.
     *
     * @return a new settings object
     */
    public Settings withoutMaxAf() {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks, minAf, OptionalDouble.empty(),
                varFields, dummyVariant, unphasedUnion, flankLength, tokens, parallel);
    }

    /**
     * A copy with other variant-output fields.
     *
     * @param fields field names, from {@link io.gvl.dataset.Dataset#availableVarFields()}
     * @return a new settings object
     */
    public Settings withVarFields(List<String> fields) {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks, minAf, maxAf, fields, dummyVariant,
                unphasedUnion, flankLength, tokens, parallel);
    }

    /**
     * A copy with other variant-output fields.
     *
     * @param fields field names, from {@link io.gvl.dataset.Dataset#availableVarFields()}
     * @return a new settings object
     */
    public Settings withVarFields(String... fields) {
        return withVarFields(List.of(fields));
    }

    /**
     * A copy that puts {@code d} into every empty group of variant outputs.
     *
     * @param d the dummy record
     * @return a new settings object
     */
    public Settings withDummyVariant(DummyVariant d) {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks, minAf, maxAf, varFields,
                Optional.of(d), unphasedUnion, flankLength, tokens, parallel);
    }

    /**
     * A copy without a dummy variant: empty groups stay empty.
     *
     * @return a new settings object
     */
    public Settings withoutDummyVariant() {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks, minAf, maxAf, varFields,
                Optional.empty(), unphasedUnion, flankLength, tokens, parallel);
    }

    /**
     * A copy with another {@code unphasedUnion} flag.
     *
     * @param u {@code true} to fold the ploidy axis of variant outputs to 1
     * @return a new settings object
     */
    public Settings withUnphasedUnion(boolean u) {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks, minAf, maxAf, varFields, dummyVariant,
                u, flankLength, tokens, parallel);
    }

    /**
     * {@code 0} disables flank tokens.
     *
     * @param l flank length {@code L} in tokens on each side, {@code >= 0}
     * @return a new settings object
     */
    public Settings withFlankLength(int l) {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks, minAf, maxAf, varFields, dummyVariant,
                unphasedUnion, l, tokens, parallel);
    }

    /**
     * A copy with a token alphabet for flank tokens.
     *
     * @param t the alphabet
     * @return a new settings object
     */
    public Settings withTokens(TokenAlphabet t) {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks, minAf, maxAf, varFields, dummyVariant,
                unphasedUnion, flankLength, Optional.of(t), parallel);
    }

    private static void checkSeed(BigInteger s) {
        if (s.signum() < 0) {
            throw new IllegalArgumentException("expected non-negative integer (seed " + s + ")");
        }
    }
}
