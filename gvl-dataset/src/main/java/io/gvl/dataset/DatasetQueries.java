package io.gvl.dataset;

import io.gvl.dataset.output.DatasetOutput;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Optional;

/**
 * What a {@link Dataset} view answers without changing: its outputs for chosen instances ({@code get} in every
 * form, returning {@link DatasetOutput}s that the caller closes), their sizes, and the per-instance statistics
 * that need no reconstruction. Split out of {@link Dataset}, its one implementation, so the query surface is read
 * in one place.
 */
public interface DatasetQueries {
    /**
     * One (region, sample) instance; the leading axis is squeezed away. Spliced: a (spliced row, sample) pair.
     *
     * @param region row index of this view
     * @param sample sample index of this view
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalStateException if the dataset is closed
     */
    DatasetOutput get(int region, int sample);

    /**
     * Element-wise pairs {@code (regions[i], samples[i])}: leading shape {@code (n)}. The batched fast path.
     *
     * @param regions row indices of this view
     * @param samples sample indices of this view, the same length as {@code regions}
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalArgumentException if the arrays differ in length or an index is out of range
     * @throws IllegalStateException if the dataset is closed
     */
    DatasetOutput get(int[] regions, int[] samples);

    /**
     * Pairs {@code (regions[i], samples[i])} with the outputs' leading axis reshaped to {@code leadingShape} (GVL's
     * N-d indexing: {@code ds[r2d, s2d]} gives outputs of shape {@code (a, b, ...)}), in C order.
     *
     * @param regions row indices of this view
     * @param samples sample indices of this view, the same length as {@code regions}
     * @param leadingShape the shape of the leading axes; their product must equal {@code regions.length}
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalArgumentException if the shape does not hold exactly the pairs given
     */
    DatasetOutput getShaped(int[] regions, int[] samples, long... leadingShape);

    /**
     * Pairs of regions and samples named by sample name (GVL's {@code ds[regions, ["NA12878", ...]]}).
     *
     * @param regions row indices of this view
     * @param samples sample names of this view, the same length as {@code regions}
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalArgumentException for an unknown sample name or unequal lengths
     */
    DatasetOutput get(int[] regions, List<String> samples);

    /**
     * Every sample of these regions (GVL's one-argument {@code ds[regions]}): the grid {@code (regions, samples)}.
     *
     * @param regions row indices of this view
     * @return the outputs, owning their memory; the caller must close them
     */
    DatasetOutput getRegions(int... regions);

    /**
     * {@link #get(int[], int[])} with the outputs allocated in a caller-owned arena, which the result only borrows:
     * closing it does not free the memory, closing {@code arena} does. Closing a shared arena costs a handshake with
     * every thread (tens of microseconds), so callers making many small queries can amortize it by allocating a
     * series of outputs in one arena. The arena must be shared (or global / automatic): kernels write rows from
     * ForkJoin worker threads.
     *
     * @param regions row indices of this view
     * @param samples sample indices of this view, the same length as {@code regions}
     * @param arena a shared, global or automatic arena the outputs are allocated in
     * @return the outputs, borrowing {@code arena}
     * @throws IllegalStateException if the arena or the dataset is closed
     */
    DatasetOutput get(int[] regions, int[] samples, Arena arena);

    /**
     * The outer product of regions and samples: leading shape {@code (regions, samples)}.
     *
     * @param regions row indices of this view
     * @param samples sample indices of this view
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalStateException if the dataset is closed
     */
    DatasetOutput getGrid(int[] regions, int[] samples);

    /**
     * Every instance of the view: leading shape {@code (regions, samples)}.
     *
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalStateException if the dataset is closed
     */
    DatasetOutput getAll();

    /**
     * Bytes the instance {@code (region, sample)} of this view adds to the arena a query builds its outputs in: data,
     * one offset per ragged row, and any scratch the reconstruction keeps there (gathered variant indices and alleles,
     * the haplotypes that tracks are realigned through). A query allocates a few bytes more per batch (each offsets
     * array's closing entry). Exact without jitter for sequences and per-base tracks at ragged and fixed lengths, and
     * for variant data without AF bounds or dummies; an upper bound with jitter and for interval-form tracks. Data
     * loaders size their slots with it.
     *
     * @param region row index of this view
     * @param sample sample index of this view
     * @return the size in bytes
     */
    long outputBytes(int region, int sample);

    /**
     * Whether a query's outputs can be cut into smaller batches of instances: every array has the instance axis
     * first, or is a per-variant array ({@link DatasetOutput#isPerVariant}) cut by the variant range of the
     * instances. Prefetching data loaders need this.
     *
     * @return {@code true} if this view's outputs can be cut by instance
     */
    boolean instanceSliceable();

    /**
     * GVL's {@code haplotype_lengths} for the pairs {@code (regions[i], samples[i])}: the length of each haplotype
     * over its region widened by the view's jitter on both sides, {@code ploidy} values per pair at
     * {@code [i * ploidy + p]}. Empty, as in GVL, when the dataset has no genotypes or the view is not deterministic
     * (random choices would make lengths vary). Not defined for spliced views.
     *
     * @param regions view-relative region indices
     * @param samples view-relative sample indices, paired with {@code regions}
     * @return the lengths, or empty as described
     */
    Optional<int[]> haplotypeLengths(int[] regions, int[] samples);

    /**
     * GVL's {@code n_variants}: variants stored for each haplotype of the pairs (over the region padded by the
     * dataset's max jitter), {@code ploidy} values per pair; one 0 per pair when the dataset has no genotypes.
     *
     * @param regions view-relative region indices
     * @param samples view-relative sample indices, paired with {@code regions}
     * @return the counts, {@code [i * ploidy + p]}
     */
    int[] nVariants(int[] regions, int[] samples);

    /**
     * GVL's {@code n_intervals}: stored intervals per pair of each active track, in active-track order.
     *
     * @param regions view-relative region indices
     * @param samples view-relative sample indices, paired with {@code regions}
     * @return the counts, {@code [i * activeTracks + t]}
     */
    int[] nIntervals(int[] regions, int[] samples);
}
