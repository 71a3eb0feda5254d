package io.gvl.core.kernel.track;

/**
 * One active track of a batch: its stored intervals, the interval group of each instance (per-sample tracks: the
 * instance's dataset id; annotation tracks: its on-disk region) and its insertion fill.
 */
public record TrackSource(Intervals intervals, long[] groups, InsertionFill fill) {

    public TrackSource {
        groups = groups.clone();
    }

    @Override
    public long[] groups() {
        return groups.clone();
    }

    long group(int instance) {
        return groups[instance];
    }
}
