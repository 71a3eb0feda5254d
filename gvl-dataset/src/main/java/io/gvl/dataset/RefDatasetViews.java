package io.gvl.dataset;

import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.Settings;
import io.gvl.dataset.settings.SpliceMap;
import java.math.BigInteger;
import java.util.function.UnaryOperator;

/**
 * How a {@link RefDataset} view derives others: its settings (jitter, seed, deterministic, rcNeg), row length,
 * splicing and row subsets. Every method returns a new immutable view over the same regions and reference, and
 * leaves this one unchanged; every view change re-checks jitter and length against the view's regions. Split out
 * of {@link RefDataset}, its one implementation, so the view-building surface is read in one place.
 */
public interface RefDatasetViews {
    /**
     * Windows translated by a uniform offset in {@code [-jitter, jitter]} per row ({@code 0 <= jitter <=} shortest
     * region): {@code withSettings(s -> s.withJitter(jitter))}.
     *
     * @param jitter the largest shift in bp
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if the jitter is negative or longer than the shortest region
     */
    RefDataset withJitter(int jitter);

    /**
     * Ragged rows (each region's length), variable (padded with {@code N} to the longest row of a query) or fixed
     * ({@code n + 2 * jitter} must not exceed the shortest region).
     *
     * @param length ragged, variable or fixed output length
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if a fixed length plus jitter does not fit the shortest region
     */
    RefDataset withLen(OutputLength length);

    /**
     * Deterministic fixed-length rows keep a region's left part; otherwise a random window of it is taken:
     * {@code withSettings(s -> s.withDeterministic(deterministic))}.
     *
     * @param deterministic {@code true} to take the left part of each region, {@code false} for a random window
     * @return a new view; this one is unchanged
     */
    RefDataset withDeterministic(boolean deterministic);

    /**
     * Whether minus-strand regions (and spliced elements) are reverse-complemented:
     * {@code withSettings(s -> s.withRcNeg(rcNeg))}.
     *
     * @param rcNeg {@code true} to reverse-complement minus-strand rows
     * @return a new view; this one is unchanged
     */
    RefDataset withRcNeg(boolean rcNeg);

    /**
     * A view with a new NumPy-compatible generator seeded with {@code seed} (views share their generator).
     *
     * @param seed a non-negative seed
     * @return a new view with its own generator; this one is unchanged
     */
    RefDataset withSeed(long seed);

    /**
     * {@link #withSeed(long)} for any non-negative integer seed, as NumPy's {@code default_rng} takes it (what
     * {@code withSettings(s -> s.withSeed(seed))} does).
     *
     * @param seed a non-negative seed, of any size
     * @return a new view with its own generator; this one is unchanged
     */
    RefDataset withSeed(BigInteger seed);

    /**
     * A view with changed settings, as for {@link Dataset#withSettings}, e.g.
     * {@code ref.withSettings(s -> s.withJitter(10).withSeed(1))}. A {@code RefDataset} honours the settings of
     * GVL's {@code RefDataset.with_settings}: jitter, seed, deterministic and rcNeg. A seed installs a new generator;
     * otherwise the generator stays shared with this view.
     *
     * @param change maps the current settings ({@link RefDatasetProperties#settings()}) to the new ones
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException naming the setting if {@code change} changes one that a {@code RefDataset}
     *     does not have (variant, track and parallelism settings), or if the jitter or a fixed length does not fit
     *     the view's regions
     */
    RefDataset withSettings(UnaryOperator<Settings> change);

    /**
     * Spliced rows grouping regions by the BED column {@code column}, in row order (see docs/splicing.md).
     *
     * @param column a BED column naming the group of each region
     * @return a new spliced view; this one is unchanged
     * @throws IllegalArgumentException if the column does not exist
     */
    RefDataset spliceInfo(String column);

    /**
     * As {@link #spliceInfo(String)}, with each group's regions sorted by {@code orderColumn}.
     *
     * @param column a BED column naming the group of each region
     * @param orderColumn a BED column whose values order the regions of a group
     * @return a new spliced view; this one is unchanged
     * @throws IllegalArgumentException if a column does not exist
     */
    RefDataset spliceInfo(String column, String orderColumn);

    /**
     * A view spliced by an explicit map (rows are 0-based region positions); any subset is dropped.
     *
     * @param map spliced-row keys to region positions
     * @return a new spliced view; this one is unchanged
     */
    RefDataset spliceInfo(SpliceMap map);

    /**
     * The same view without splicing (any spliced-row subset is dropped).
     *
     * @return a new unspliced view; this one is unchanged
     */
    RefDataset withoutSplicing();

    /**
     * A view of these rows (regions, or spliced rows), indices relative to this view; this view is unchanged.
     *
     * @param rows row indices of this view
     * @return a new view; this one is unchanged
     * @throws IllegalArgumentException if an index is out of range
     */
    RefDataset subsetTo(int[] rows);

    /**
     * The same view without a subset.
     *
     * @return a new view over every row; this one is unchanged
     */
    RefDataset toFullDataset();
}
