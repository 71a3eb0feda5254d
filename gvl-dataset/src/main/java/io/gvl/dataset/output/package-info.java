/**
 * What a query returns: {@link io.gvl.dataset.output.DatasetOutput}, the named dense and ragged arrays of one batch
 * in off-heap memory it owns or borrows, and the interval view over them. Below the read engine, which fills it.
 */
package io.gvl.dataset.output;
