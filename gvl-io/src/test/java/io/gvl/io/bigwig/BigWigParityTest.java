package io.gvl.io.bigwig;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.TestData;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bigWig under the shared data decodes to the recorded answers of the reference bigWig library for the same
 * queries (digests in {@code bigwig/recorded_intervals.tsv}; {@code bigwig/README.md} says how they were recorded).
 * The digests are committed data: this test only reads them.
 */
class BigWigParityTest {
    record Expected(String file, String chrom, long start, long end, int count, String sha) {}

    static List<Expected> expected() throws IOException {
        List<Expected> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                BigWigParityTest.class.getResourceAsStream("/bigwig/recorded_intervals.tsv"), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (!line.startsWith("#")) {
                    String[] f = line.split("\t");
                    out.add(new Expected(f[0], f[1], Long.parseLong(f[2]), Long.parseLong(f[3]),
                            Integer.parseInt(f[4]), f[5]));
                }
            }
        }
        return out;
    }

    static Stream<String> files() throws IOException {
        return expected().stream().map(Expected::file).distinct();
    }

    @ParameterizedTest
    @MethodSource("files")
    void matchesRecordedAnswers(String file) throws Exception {
        try (BigWigReader bw = BigWigReader.open(TestData.shared().resolve(file))) {
            for (Expected e : expected()) {
                if (!e.file().equals(file)) {
                    continue;
                }
                BigWigIntervals iv = bw.intervals(e.chrom(), e.start(), e.end());
                String where = e.chrom() + ":" + e.start() + "-" + e.end();
                assertEquals(e.count(), iv.size(), where);
                assertEquals(e.sha(), digest(iv), where);
            }
        }
    }

    @Test
    void everyBigWigInSharedDataIsCovered() throws IOException {
        try (Stream<Path> all = Files.walk(TestData.shared())) {
            List<String> found = all.filter(p -> p.toString().endsWith(".bw"))
                    .map(p -> TestData.shared().relativize(p).toString()).sorted().toList();
            assertEquals(found, files().sorted().toList());
        }
    }

    @ParameterizedTest
    @MethodSource("wigs")
    void volvoxBigWigEqualsItsWig(String name) throws IOException {
        Path wig = TestData.real("jbrowse-volvox/" + name + ".wig");
        Map<String, BigWigIntervals> expected = WigText.parse(wig);
        try (BigWigReader bw = BigWigReader.open(TestData.real("jbrowse-volvox/" + name + ".bw"))) {
            for (var entry : expected.entrySet()) {
                BigWigIntervals got = bw.intervals(entry.getKey(), 0, bw.length(entry.getKey()));
                assertTrue(got.size() > 0);
                assertArrayEquals(entry.getValue().starts(), got.starts());
                assertArrayEquals(entry.getValue().ends(), got.ends());
                assertArrayEquals(entry.getValue().values(), got.values());
            }
        }
    }

    static Stream<String> wigs() {
        return Stream.of("volvox_microarray", "volvox_sine");
    }

    @Test
    void intervalEndingAtQueryStartIsNotReturnedAndClippingIsOptIn() {
        try (BigWigReader bw = BigWigReader.open(TestData.real("jbrowse-volvox/volvox_sine.bw"))) {
            BigWigIntervals iv = bw.intervals("ctgA", 210, 305);
            assertArrayEquals(new int[] {200, 300}, iv.starts());
            assertArrayEquals(new int[] {220, 320}, iv.ends());
            assertEquals(0, bw.intervals("ctgA", 220, 300).size());
            BigWigIntervals clipped = bw.clippedIntervals("ctgA", 210, 305);
            assertArrayEquals(new int[] {210, 300}, clipped.starts());
            assertArrayEquals(new int[] {220, 305}, clipped.ends());
            assertArrayEquals(iv.values(), clipped.values());
        }
    }

    @Test
    void gvlSmallFixtureTracks() {
        try (BigWigReader bw = BigWigReader.open(TestData.fixture("bigwig_small/sample_0.bw"))) {
            assertEquals(Map.of("chr1", 2000, "chr2", 1000), new HashMap<>(bw.chromosomes()));
            BigWigIntervals iv = bw.intervals("1", 0, 2000);
            assertEquals(2, iv.size(), "chr prefix resolves");
            assertArrayEquals(new int[] {1, 100}, iv.starts());
            assertArrayEquals(new int[] {5, 105}, iv.ends());
            assertArrayEquals(new float[] {1f, 2f}, iv.values());
        }
    }

    static String digest(BigWigIntervals iv) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < iv.size(); i++) {
            b.clear();
            b.putInt(iv.starts()[i]).putInt(iv.ends()[i]).putFloat(iv.values()[i]);
            md.update(b.array());
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
