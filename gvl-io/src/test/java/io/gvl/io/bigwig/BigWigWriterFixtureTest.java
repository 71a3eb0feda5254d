package io.gvl.io.bigwig;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.TestData;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Tests make their bigWigs with {@link BigWigWriter} rather than with the reference bigWig library. This checks
 * that the two agree: every fixture in the shared data written by that library, rewritten interval for interval by
 * BigWigWriter, decodes to the same intervals, and answers every recorded query
 * ({@code bigwig/recorded_intervals.tsv}, see {@code bigwig/README.md}) with the same count and digest. Fixtures and answers are committed data.
 */
class BigWigWriterFixtureTest {
    @TempDir
    Path dir;

    /** The bigWigs GenVarLoader's recipes wrote with the reference library (see the shared data README, section 3). */
    static Stream<String> referenceWrittenFixtures() throws Exception {
        return BigWigParityTest.files().filter(f -> f.startsWith("gvl-fixtures/"));
    }

    @Test
    void everyGvlFixtureBigWigIsCrossChecked() throws Exception {
        assertEquals(14, referenceWrittenFixtures().count());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("referenceWrittenFixtures")
    void rewrittenFixtureDecodesIdentically(String file) throws Exception {
        Path rewritten = dir.resolve("rewritten.bw");
        Map<String, BigWigIntervals> original = new HashMap<>();
        try (BigWigReader in = BigWigReader.open(TestData.shared().resolve(file))) {
            BigWigWriter out = BigWigWriter.create(rewritten, in.chromosomes());
            for (String chrom : in.chromosomes().keySet()) {
                BigWigIntervals iv = in.intervals(chrom, 0, in.length(chrom));
                original.put(chrom, iv);
                out.addAll(chrom, iv);
            }
            out.finish();
        }
        int queries = 0;
        try (BigWigReader back = BigWigReader.open(rewritten)) {
            assertEquals(original.keySet(), back.chromosomes().keySet());
            for (var e : original.entrySet()) {
                BigWigIntervals got = back.intervals(e.getKey(), 0, back.length(e.getKey()));
                assertArrayEquals(e.getValue().starts(), got.starts(), e.getKey());
                assertArrayEquals(e.getValue().ends(), got.ends(), e.getKey());
                assertArrayEquals(e.getValue().values(), got.values(), e.getKey());
            }
            for (BigWigParityTest.Expected q : BigWigParityTest.expected()) {
                if (q.file().equals(file)) {
                    BigWigIntervals got = back.intervals(q.chrom(), q.start(), q.end());
                    String where = file + " " + q.chrom() + ":" + q.start() + "-" + q.end();
                    assertEquals(q.count(), got.size(), where);
                    assertEquals(q.sha(), BigWigParityTest.digest(got), where);
                    queries++;
                }
            }
        }
        assertTrue(queries > 0, "recorded queries for " + file);
    }
}
