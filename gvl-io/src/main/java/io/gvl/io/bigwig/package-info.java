/**
 * bigWig files read and written without a third-party library. {@link io.gvl.io.bigwig.BigWigReader} answers
 * interval queries (unclipped, as pyBigWig's {@code intervals()}, or clipped to the query, as GVL stores tracks)
 * and is safe for concurrent queries; {@link io.gvl.io.bigwig.BigWigWriter} writes the files tests and tools need,
 * holding intervals in memory until {@code finish()}.
 */
package io.gvl.io.bigwig;
