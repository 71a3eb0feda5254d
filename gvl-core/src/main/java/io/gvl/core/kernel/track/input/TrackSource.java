package io.gvl.core.kernel.track.input;

/**
 * One active track of a batch: its stored intervals, the interval group of each instance (per-sample tracks: the
 * instance's dataset id; annotation tracks: its on-disk region) and its insertion fill.
 *
 * @param intervals the stored intervals
 * @param groups the interval group of each instance
 * @param fill how inserted bases get values
 */
public record TrackSource(Intervals intervals, long[] groups, FillCode fill) {

    /** Copies the groups. */
    public TrackSource {
        groups = groups.clone();
    }

    /**
     * The interval group of each instance, as a copy.
     *
     * @return a new array
     */
    @Override
    public long[] groups() {
        return groups.clone();
    }

    long group(int instance) {
        return groups[instance];
    }
}
