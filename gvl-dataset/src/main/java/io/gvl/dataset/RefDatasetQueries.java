package io.gvl.dataset;

import io.gvl.dataset.output.DatasetOutput;

/**
 * What a {@link RefDataset} view answers: reference rows ({@code get} in every form, returning
 * {@link DatasetOutput}s with the array {@code "reference"} that the caller closes) and their sizes. Split out of
 * {@link RefDataset}, its one implementation, so the query surface is read in one place.
 */
public interface RefDatasetQueries {
    /**
     * One row; the leading axis is squeezed away.
     *
     * @param row row index of this view
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalStateException if the reference is closed
     */
    DatasetOutput get(int row);

    /**
     * Rows {@code rows} in this order: leading shape {@code (rows.length)}.
     *
     * @param rows row indices of this view
     * @return the outputs, owning their memory; the caller must close them
     * @throws IllegalStateException if the reference is closed
     */
    DatasetOutput get(int[] rows);

    /**
     * Every row of the view.
     *
     * @return the outputs, owning their memory; the caller must close them
     */
    DatasetOutput getAll();

    /**
     * Bytes row {@code row} occupies in a query's outputs, data plus its int64 offset: the fixed length, or the
     * region (widened by the jitter on both sides) or, when spliced, the sum of its elements. Data loaders plan
     * their memory with it, so it never underestimates a ragged or fixed row.
     *
     * @param row row index of this view
     * @return the bytes
     */
    long outputBytes(int row);
}
