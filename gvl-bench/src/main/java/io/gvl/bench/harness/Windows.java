package io.gvl.bench.harness;

import io.gvl.dataset.Region;

/**
 * Fixed-length windows centred on a region, the windows a fixed-length dataset query reads, so peers fetch
 * the same span of the same contig. Peers clip to the contig; at {@link QuerySuite#PEER_LENGTH} every demo
 * window lies inside it.
 */
final class Windows {
    private Windows() {}

    /** {@code [start, end)} of the {@code length}-bp window centred on {@code r}, clipped to {@code [0, contigLength)}. */
    static long[] centred(Region r, int length, long contigLength) {
        long centre = ((long) r.start() + r.end()) / 2;
        long start = Math.max(0, centre - length / 2);
        long end = Math.min(contigLength, start + length);
        return new long[] {start, end};
    }
}
