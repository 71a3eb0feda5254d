package io.gvl.write.internal;

import io.gvl.io.InputFormatException;
import io.gvl.io.bigwig.BigWigIntervals;
import io.gvl.io.bigwig.BigWigReader;
import java.nio.file.Path;

/**
 * A bigWig served as GVL's writer extracts it: the window is clipped to {@code [0, contig length)} and every item
 * overlapping it is returned clipped to it, values unchanged.
 */
final class BigWigSource implements IntervalSource {
    private final BigWigReader reader;

    BigWigSource(Path file) {
        this.reader = BigWigReader.open(file);
    }

    @Override
    public void requireContig(String contig, String track) {
        if (reader.normalizer().indexOf(contig) < 0) {
            throw new InputFormatException(reader.path(), "contig '" + contig + "'", "track '" + track
                    + "' has no chromosome for BED contig '" + contig + "' (the bigWig has "
                    + reader.chromosomes().keySet().stream().limit(10).toList() + ").",
                    "use bigWigs that cover every BED contig, or drop the regions on '" + contig + "'.");
        }
    }

    @Override
    public BigWigIntervals query(String contig, int start, int end) {
        long s = Math.max(start, 0);
        long e = Math.min(end, reader.length(contig));
        if (s >= e) {
            return new BigWigIntervals(new int[0], new int[0], new float[0]);
        }
        return reader.clippedIntervals(contig, s, e);
    }

    @Override
    public void close() {
        reader.close();
    }
}
