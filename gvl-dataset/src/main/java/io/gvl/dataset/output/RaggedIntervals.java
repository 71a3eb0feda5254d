package io.gvl.dataset.output;

import io.gvl.core.buffer.Ragged;

/**
 * Interval-form track output (GVL's {@code RaggedIntervals}): three ragged arrays with the same shape and offsets,
 * {@code (leading..., T, ~I)} in C order, so that row {@code (b, t)} holds the intervals of track {@code t} for
 * instance {@code b}, sorted by start. Coordinates are absolute, 0-based and half-open. The arrays belong to the
 * {@link DatasetOutput} they came from and are valid until it is closed.
 *
 * @param starts int32 interval starts
 * @param ends   int32 interval ends (exclusive)
 * @param values float32 interval values
 */
public record RaggedIntervals(Ragged starts, Ragged ends, Ragged values) {
}
