package io.gvl.dataset;

import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.Settings;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.io.fasta.Reference;
import java.util.List;
import java.util.Optional;

/**
 * What a {@link RefDataset} view is: its rows (regions or spliced rows, and their subset), the settings and row
 * length it is configured with, and the reference it reads. Split out of {@link RefDataset}, its one
 * implementation, so the description of a view is read in one place; {@link RefDataset#toString()} summarizes it.
 */
public interface RefDatasetProperties {
    /**
     * Rows of the view: regions, or spliced rows when spliced.
     *
     * @return the row count
     */
    int size();

    /**
     * The regions of this unspliced view, in view order.
     *
     * @return the regions
     * @throws IllegalStateException if the view is spliced
     */
    List<Region> regions();

    /**
     * Whether the rows are spliced rows (see {@link RefDatasetViews#spliceInfo(String)}).
     *
     * @return {@code true} for a spliced view
     */
    boolean isSpliced();

    /**
     * The splice map of a spliced view (over all regions, not the subset).
     *
     * @return the map, or empty for an unspliced view
     */
    Optional<SpliceMap> spliceMap();

    /**
     * Keys of this spliced view's rows in view order.
     *
     * @return the keys, one per row
     * @throws IllegalStateException if the view is not spliced
     */
    List<String> splicedRowKeys();

    /**
     * Position of spliced row {@code key} in this view.
     *
     * @param key a spliced-row key
     * @return its row index in this view
     * @throws IllegalArgumentException if the key is not a row of this view
     * @throws IllegalStateException if the view is not spliced
     */
    int splicedRowIndex(String key);

    /**
     * The largest random shift of every window, in bp.
     *
     * @return the jitter, {@code >= 0}
     */
    int jitter();

    /**
     * The row length of this view's outputs.
     *
     * @return ragged, variable or fixed length
     */
    OutputLength outputLength();

    /**
     * Whether fixed-length rows take the left part of each region (no random window).
     *
     * @return {@code true} when deterministic
     */
    boolean deterministic();

    /**
     * Whether minus-strand rows are reverse-complemented.
     *
     * @return {@code true} when they are
     */
    boolean rcNeg();

    /**
     * The settings {@link RefDatasetViews#withSettings} starts from: this view's jitter, deterministic and rcNeg,
     * no new seed, and the defaults of the settings a {@code RefDataset} does not have.
     *
     * @return the settings
     */
    Settings settings();

    /**
     * The reference this view reads, owned by the caller.
     *
     * @return the reference
     */
    Reference reference();
}
