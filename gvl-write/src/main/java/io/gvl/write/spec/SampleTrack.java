package io.gvl.write.spec;

import java.util.List;

/**
 * A per-sample track stored under {@code intervals/<name>/}: one value source per sample. Every kind becomes the
 * same struct-of-arrays intervals, so a dataset cannot tell which one a track came from.
 */
public sealed interface SampleTrack permits BigWigs, Hdf5Track, TableTrack {

    /**
     * Track name, the directory name in the dataset.
     *
     * @return the name
     */
    String name();

    /**
     * The track's samples in the caller's order.
     *
     * @return the sample names
     */
    List<String> samples();
}
