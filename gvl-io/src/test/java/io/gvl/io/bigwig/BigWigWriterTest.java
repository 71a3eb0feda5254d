package io.gvl.io.bigwig;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files from {@link BigWigWriter} read back through {@link BigWigReader} (agreement with files the reference bigWig
 * library wrote: {@link BigWigWriterFixtureTest}). Pure Java: no external tool runs here.
 */
class BigWigWriterTest {
    @TempDir
    Path dir;

    /** Seeded intervals per contig; "empty" gets none, "big" enough blocks for a two-level R-tree. */
    record Track(Map<String, Integer> sizes, Map<String, BigWigIntervals> intervals) {
        static Track random(long seed, int bigCount) {
            SplittableRandom rng = new SplittableRandom(seed);
            Map<String, Integer> sizes = new LinkedHashMap<>();
            sizes.put("chr2", 500_000);
            sizes.put("chr10", 80_000);
            sizes.put("empty", 1_000);
            sizes.put("big", bigCount * 4 + 10);
            Map<String, BigWigIntervals> intervals = new LinkedHashMap<>();
            for (var e : sizes.entrySet()) {
                int target = switch (e.getKey()) {
                    case "empty" -> 0;
                    case "big" -> bigCount;
                    default -> 1 + rng.nextInt(5_000);
                };
                intervals.put(e.getKey(), draw(rng, e.getValue(), target));
            }
            return new Track(sizes, intervals);
        }

        private static BigWigIntervals draw(SplittableRandom rng, int length, int target) {
            int[] s = new int[target];
            int[] en = new int[target];
            float[] v = new float[target];
            int pos = 0;
            int n = 0;
            int meanStep = Math.max(2, length / Math.max(1, target));
            while (n < target && pos < length - 1) {
                int start = pos + rng.nextInt(Math.max(1, meanStep / 2));
                int end = Math.min(length, start + 1 + rng.nextInt(Math.max(1, meanStep / 2)));
                if (start >= end) {
                    break;
                }
                s[n] = start;
                en[n] = end;
                v[n] = (float) (rng.nextDouble() * 100 - 10);
                n++;
                pos = end;
            }
            return new BigWigIntervals(java.util.Arrays.copyOf(s, n), java.util.Arrays.copyOf(en, n),
                    java.util.Arrays.copyOf(v, n));
        }

        Path write(Path file) {
            BigWigWriter w = BigWigWriter.create(file, sizes);
            // interleave contigs in reverse to check that order across chromosomes is free
            List<String> names = new ArrayList<>(intervals.keySet());
            java.util.Collections.reverse(names);
            for (String c : names) {
                w.addAll(c, intervals.get(c));
            }
            w.finish();
            return file;
        }
    }

    static Stream<Long> seeds() {
        return Stream.of(1L, 7L, 20261202L);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void roundTripsThroughOurReader(long seed) {
        Track t = Track.random(seed, seed == 1L ? 300_000 : 3_000);
        Path file = t.write(dir.resolve("t" + seed + ".bw"));
        try (BigWigReader r = BigWigReader.open(file)) {
            assertEquals(List.of("big", "chr10", "chr2", "empty"), List.copyOf(r.chromosomes().keySet()));
            for (var e : t.sizes().entrySet()) {
                assertEquals(e.getValue(), r.length(e.getKey()));
                BigWigIntervals want = t.intervals().get(e.getKey());
                BigWigIntervals got = r.intervals(e.getKey(), 0, e.getValue());
                assertIntervalsEqual(want, got, e.getKey());
            }
            SplittableRandom rng = new SplittableRandom(seed ^ 0x5DEECE66DL);
            for (int q = 0; q < 200; q++) {
                String c = List.copyOf(t.sizes().keySet()).get(rng.nextInt(t.sizes().size()));
                int len = t.sizes().get(c);
                int a = rng.nextInt(len);
                int b = a + 1 + rng.nextInt(Math.min(len - a, 20_000));
                assertIntervalsEqual(overlapping(t.intervals().get(c), a, b), r.intervals(c, a, b), c + ":" + a + "-" + b);
            }
        }
    }

    @Test
    void rejectsBadIntervalsWithClearMessages() {
        BigWigWriter w = BigWigWriter.create(dir.resolve("bad.bw"), Map.of("c", 100));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> w.add("x", 0, 1, 1f)).getMessage()
                .contains("'x'"));
        assertThrows(IllegalArgumentException.class, () -> w.add("c", 5, 5, 1f));
        assertThrows(IllegalArgumentException.class, () -> w.add("c", 90, 101, 1f));
        w.add("c", 10, 20, 1f);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> w.add("c", 15, 30, 1f)).getMessage()
                .contains("sorted"));
        assertThrows(IllegalArgumentException.class, () -> BigWigWriter.create(dir.resolve("z.bw"), Map.of("c", 0)));
    }

    @Test
    void nothingIsWrittenBeforeFinishAndFinishIsOnce() throws IOException {
        Path file = dir.resolve("once.bw");
        BigWigWriter w = BigWigWriter.create(file, Map.of("c", 100)).add("c", 0, 10, 2f);
        assertFalse(Files.exists(file));
        w.finish();
        assertThrows(IllegalStateException.class, w::finish);
        assertThrows(IllegalStateException.class, () -> w.add("c", 20, 30, 1f));
        try (Stream<Path> files = Files.list(dir).filter(f -> f.toString().endsWith(".bw"))) {
            assertEquals(List.of(file), files.toList());
        }
    }

    private static BigWigIntervals overlapping(BigWigIntervals all, int a, int b) {
        List<Integer> keep = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (all.ends()[i] > a && all.starts()[i] < b) {
                keep.add(i);
            }
        }
        int[] s = keep.stream().mapToInt(i -> all.starts()[i]).toArray();
        int[] e = keep.stream().mapToInt(i -> all.ends()[i]).toArray();
        float[] v = new float[keep.size()];
        for (int k = 0; k < v.length; k++) {
            v[k] = all.values()[keep.get(k)];
        }
        return new BigWigIntervals(s, e, v);
    }

    private static void assertIntervalsEqual(BigWigIntervals want, BigWigIntervals got, String where) {
        assertArrayEquals(want.starts(), got.starts(), where);
        assertArrayEquals(want.ends(), got.ends(), where);
        assertArrayEquals(want.values(), got.values(), where);
    }
}
