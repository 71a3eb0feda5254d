package io.gvl.dataloader;


import io.gvl.core.buffer.NamedArray;
import io.gvl.dataloader.internal.ArrayViews;
import io.gvl.dataset.memory.MemoryBudget;
import io.gvl.dataset.output.DatasetOutput;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Optional;

/**
 * What a data loader batches: a grid of {@code regions x samples} instances (C order: flat index
 * {@code region * samples + sample}) that can be fetched many at a time. A dataset view implements this.
 *
 * <p>Implementations must be safe to call from a background thread (one call at a time).
 */
public interface BatchSource {

    /**
     * The number of regions (rows of the grid).
     *
     * @return the region count
     */
    int regions();

    /**
     * The number of samples (columns of the grid).
     *
     * @return the sample count
     */
    int samples();

    /**
     * Exact bytes one instance occupies across all outputs of {@link #fetch}, including the int64 offsets of
     * its ragged rows. Prefetching plans its memory from this table, so it must not underestimate.
     *
     * @param region region index, {@code 0 <= region < regions()}
     * @param sample sample index, {@code 0 <= sample < samples()}
     * @return the size in bytes
     */
    long instanceBytes(int region, int sample);

    /**
     * Produces the outputs for the instances {@code (regions[i], samples[i])}, in that order, each array's first
     * axis being the instance axis. The caller owns (and closes) the result.
     *
     * @param regions region index of each instance
     * @param samples sample index of each instance, the same length as {@code regions}
     * @return the outputs, owned by the caller
     */
    DatasetOutput fetch(int[] regions, int[] samples);

    /**
     * The outputs of {@link #fetch(int[], int[])}, allocated in {@code arena}: prefetching loaders pass an arena over
     * one of their reusable slots, so a source that can write its outputs into a given arena (a dataset view does)
     * fills the slot directly. The default fetches and copies the arrays into {@code arena}, then frees the fetch.
     *
     * @param regions region index of each instance
     * @param samples sample index of each instance, the same length as {@code regions}
     * @param arena where every array of the result must live; it is never closed by the source
     * @return the outputs, valid while {@code arena}'s memory is
     */
    default List<NamedArray> fetch(int[] regions, int[] samples, Arena arena) {
        try (DatasetOutput out = fetch(regions, samples)) {
            return ArrayViews.copies(out.arrays(), arena);
        }
    }

    /**
     * The memory budget this source's own outputs are charged to, so a loader can charge its buffers to a child of it.
     *
     * @return the budget, or empty when the source keeps none
     */
    default Optional<MemoryBudget> memoryBudget() {
        return Optional.empty();
    }

    /**
     * Whether a fetched chunk can be cut into batches: every output array has the instance axis first, or is one of
     * a variant output's per-variant arrays ({@link io.gvl.dataset.output.DatasetOutput#isPerVariant}), cut by the
     * variant range of the batch's instances. Prefetching modes need this; sources whose outputs are indexed
     * otherwise say no.
     *
     * @return {@code true} if the outputs can be cut into batches this way
     */
    default boolean instanceSliceable() {
        return true;
    }
}
