package io.gvl.spark.internal;

import java.io.Serializable;

/**
 * What one Spark task reports to the driver after writing a part: which part, whether a published copy was reused
 * (a retried or speculative attempt) and the attempt number. Small, so the driver collects one per part.
 *
 * @param part the part's name ({@code <kind>-r<block>-s<block>})
 * @param reused whether the part was already published and reused
 * @param attempt Spark's attempt number of the task that reported it, 0 for the first
 */
public record PartOutcome(String part, boolean reused, int attempt) implements Serializable {
}
