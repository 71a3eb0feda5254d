package io.gvl.write.spec;

/**
 * A per-interval value transform for {@link io.gvl.write.Gvl#writeTransformedTrack}: called once per stored cell
 * (a (region, sample) pair of a per-sample track, or a region of an annotation track) with that cell's intervals,
 * it replaces {@code values} in place; coordinates cannot change. Cells are visited one at a time, in on-disk order,
 * from the calling thread, so an implementation needs no synchronization.
 */
@FunctionalInterface
public interface TrackTransform {

    /**
     * Transforms one cell's interval values.
     *
     * @param region the region's row in the BED the dataset was written from (input order)
     * @param sample the sample's index in the dataset's sample order, or -1 for an annotation track
     * @param starts the intervals' 0-based starts (absolute contig coordinates); read only
     * @param ends the intervals' exclusive ends; read only
     * @param values the intervals' values, to overwrite with the transformed values
     */
    void apply(int region, int sample, int[] starts, int[] ends, float[] values);
}
