package io.gvl.core.dataset;

import java.util.OptionalLong;

/**
 * The per-view settings that {@link Dataset#withSettings} changes. Immutable; each {@code with...} returns a copy.
 *
 * @param jitter         maximum random translation of each window, {@code 0 <= jitter <= maxJitter}
 * @param seed           a new seed installs a new random generator (NumPy {@code default_rng(seed)}); empty keeps the
 *                       current generator, which views derived from one another share, as in GVL
 * @param deterministic  {@code false} randomly shifts haplotypes longer than a fixed output length
 * @param rcNeg          reverse-complement (sequences) or reverse (tracks, annotations) negative-strand regions
 * @param realignTracks  realign tracks to haplotype coordinates when haplotypes are the sequence output
 */
public record Settings(int jitter, OptionalLong seed, boolean deterministic, boolean rcNeg, boolean realignTracks) {

    /** GVL's defaults: no jitter, seed 0, deterministic, reverse-complement negative strands, realign tracks. */
    public static Settings defaults() {
        return new Settings(0, OptionalLong.empty(), true, true, true);
    }

    public Settings withJitter(int jitter) {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks);
    }

    public Settings withSeed(long seed) {
        return new Settings(jitter, OptionalLong.of(seed), deterministic, rcNeg, realignTracks);
    }

    public Settings withDeterministic(boolean deterministic) {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks);
    }

    public Settings withRcNeg(boolean rcNeg) {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks);
    }

    public Settings withRealignTracks(boolean realignTracks) {
        return new Settings(jitter, seed, deterministic, rcNeg, realignTracks);
    }
}
