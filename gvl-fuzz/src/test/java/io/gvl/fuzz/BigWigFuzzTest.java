package io.gvl.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gvl.io.bigwig.BigWigIntervals;
import io.gvl.io.bigwig.BigWigReader;
import java.util.Map;

/**
 * Fuzzes bigWig files: the header, the chromosome B+ tree, the R-tree index and the (zlib) data blocks. Every
 * chromosome is queried whole and in a clipped window; the intervals must come back sorted and within the query.
 */
class BigWigFuzzTest {
    private static final FileSet FILES = FileSet.of(BigWigFuzzTest.class, "");

    @FuzzTest
    void fuzz(byte[] data) throws Exception {
        FILES.apply(data);
        Contract.typedOrResult(FILES, () -> {
            try (BigWigReader r = BigWigReader.open(FILES.file("in.bw"))) {
                for (Map.Entry<String, Integer> c : r.chromosomes().entrySet()) {
                    int length = r.length(c.getKey());
                    check(c.getKey(), r.intervals(c.getKey(), 0, length));
                    check(c.getKey(), r.clippedIntervals(c.getKey(), length / 3, length / 3 + 100));
                }
            }
        });
    }

    private static void check(String contig, BigWigIntervals iv) {
        for (int i = 0; i < iv.size(); i++) {
            if (iv.ends()[i] < iv.starts()[i] || i > 0 && iv.starts()[i] < iv.starts()[i - 1]) {
                throw new AssertionError(contig + ": interval " + i + " [" + iv.starts()[i] + ", " + iv.ends()[i]
                        + ") is out of order");
            }
        }
    }
}
