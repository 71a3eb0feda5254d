package io.gvl.dataset.settings;

/**
 * The form in which a view returns its active tracks (GVL's {@code with_tracks(kind=...)}): painted per base, or
 * as the stored intervals themselves. Intervals are cheaper when a model consumes sparse signal (peaks, coverage
 * runs) and wants no per-base array.
 */
public enum TrackKind {
    /**
     * Per-base float32 values, {@code (B, T[, P], ~L)} in the {@value io.gvl.dataset.output.DatasetOutput#TRACKS}
     * array: painted over the (jittered) region, reversed on minus strands, realigned to haplotypes when the settings
     * ask for it.
     */
    TRACKS,
    /**
     * The stored intervals of each instance and track, {@code (B, T, ~I)} in the arrays
     * {@value io.gvl.dataset.output.DatasetOutput#INTERVAL_STARTS}, {@value
     * io.gvl.dataset.output.DatasetOutput#INTERVAL_ENDS} and {@value
     * io.gvl.dataset.output.DatasetOutput#INTERVAL_VALUES} (read them with {@link
     * io.gvl.dataset.output.DatasetOutput#intervals()}). As in GVL 0.43.1 they are returned as written: absolute
     * reference coordinates of everything stored for the region padded by the dataset's max jitter, neither shifted by
     * jitter nor reversed on minus strands, and always ragged whatever the output length. Not available for spliced
     * views, nor with haplotype-aware sequences while tracks are realigned ({@link Settings#realignTracks()}).
     */
    INTERVALS
}
