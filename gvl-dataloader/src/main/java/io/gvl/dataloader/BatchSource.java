package io.gvl.dataloader;


import io.gvl.core.dataset.DatasetOutput;

/**
 * What a data loader batches: a grid of {@code regions x samples} instances (C order: flat index
 * {@code region * samples + sample}) that can be fetched many at a time. A dataset view implements this.
 *
 * <p>Implementations must be safe to call from a background thread (one call at a time).
 */
public interface BatchSource {

    int regions();

    int samples();

    /**
     * Exact bytes one instance occupies across all outputs of {@link #fetch}, including the int64 offsets of
     * its ragged rows. Prefetching plans its memory from this table, so it must not underestimate.
     */
    long instanceBytes(int region, int sample);

    /**
     * Produces the outputs for the instances {@code (regions[i], samples[i])}, in that order, each array's first
     * axis being the instance axis. The caller owns (and closes) the result.
     */
    DatasetOutput fetch(int[] regions, int[] samples);

    /**
     * Whether a fetched chunk can be cut into batches: every output array has the instance axis first, or is one of
     * a variant output's per-variant arrays ({@link io.gvl.core.dataset.DatasetOutput#isPerVariant}), cut by the
     * variant range of the batch's instances. Prefetching modes need this; sources whose outputs are indexed
     * otherwise say no.
     */
    default boolean instanceSliceable() {
        return true;
    }
}
