package io.gvl.dataset.internal;

/**
 * Sizes of the tracks that ride along with a sequence kind: per base in reference coordinates (one row per
 * instance and track), per base realigned to the haplotypes (one row per instance, track and ploid), or as the
 * stored intervals ({@link IntervalOutput}). The painting itself is the batch's ({@link Reconstruction}).
 */
final class TrackOutput {
    private TrackOutput() {
    }

    /** Reference-coordinate tracks, or interval-form tracks when the view asks for them. */
    static long referenceBytes(InstanceShape s, long row) {
        if (s.view().intervalTracks()) {
            return IntervalOutput.bytes(s.ds(), s.view().activeTracks(), s.trackRegion(), s.cell());
        }
        return s.tracks() * (4 * row + 8);
    }

    /** Tracks realigned to haplotypes whose lengths sum to {@code haplotypeTotal}. */
    static long realignedBytes(InstanceShape s, long haplotypeTotal) {
        return s.tracks() * (4 * haplotypeTotal + 8L * s.ds().ploidy());
    }

    /** Whether the view realigns its (per-base) tracks to haplotypes. */
    static boolean realigned(ViewState v) {
        return v.realignTracks() && !v.activeTracks().isEmpty() && !v.intervalTracks();
    }
}
