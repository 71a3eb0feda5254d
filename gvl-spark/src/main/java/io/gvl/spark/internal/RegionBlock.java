package io.gvl.spark.internal;

import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One planned partition: a block of consecutive region indices (only those the pushed filters allow) with the
 * samples and haplotypes to read for each. Rows come out region-major, then sample, then haplotype.
 *
 * @param regions region indices, ascending, all inside one block of {@code regionsPerPartition}
 * @param samples sample indices, ascending
 * @param haplotypes haplotype indices, ascending
 */
public record RegionBlock(int[] regions, int[] samples, int[] haplotypes) implements InputPartition {
}
