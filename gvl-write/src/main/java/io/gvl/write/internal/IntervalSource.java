package io.gvl.write.internal;

import io.gvl.io.bigwig.BigWigIntervals;

/** Where one cell's intervals come from: a sample's bigWig, an annotation bigWig or an annotation table. */
interface IntervalSource extends AutoCloseable {

    /**
     * Fails with a typed error naming the file when {@code contig} cannot be served and that is an error for this
     * kind of source (bigWig); table sources serve unknown contigs as empty.
     */
    void requireContig(String contig, String track);

    /** Intervals overlapping the stored window {@code [start, end)}, sorted by start. */
    BigWigIntervals query(String contig, int start, int end);

    @Override
    void close();
}
