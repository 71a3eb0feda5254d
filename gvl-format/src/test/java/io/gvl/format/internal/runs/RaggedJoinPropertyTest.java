package io.gvl.format.internal.runs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.gvl.format.array.RawArrayWriter;
import io.gvl.format.array.RawDtype;
import io.gvl.testkit.Seeds;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The streamed join of ragged stores equals a join computed slot by slot from a materialized provenance map, for
 * random grids (2 to 4 inputs, empty slots, empty inputs' regions) split along regions or samples in a random
 * interleaving. The seed is in the case name.
 */
class RaggedJoinPropertyTest {
    @TempDir
    Path tmp;

    static Stream<Long> seeds() {
        return Seeds.range(0, 40);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void streamedJoinEqualsSlotBySlotJoin(long seed) throws IOException {
        Random rnd = new Random(seed);
        boolean alongRegions = rnd.nextBoolean();
        int nInputs = 2 + rnd.nextInt(3);
        int ploidy = 1 + rnd.nextInt(2);
        int sharedRegions = 1 + rnd.nextInt(4);
        int sharedSamples = 1 + rnd.nextInt(3);
        int[] nRegions = new int[nInputs];
        int[] nSamples = new int[nInputs];
        List<int[][]> data = new ArrayList<>();
        List<RaggedJoin.Store> stores = new ArrayList<>();
        for (int d = 0; d < nInputs; d++) {
            nRegions[d] = alongRegions ? rnd.nextInt(4) : sharedRegions;
            nSamples[d] = alongRegions ? sharedSamples : 1 + rnd.nextInt(3);
            int slots = nRegions[d] * nSamples[d] * ploidy;
            int[][] cells = new int[slots][];
            for (int s = 0; s < slots; s++) {
                cells[s] = rnd.ints(rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(5), 0, 1000).toArray();
            }
            data.add(cells);
            stores.add(write(tmp.resolve("in" + d), cells, "input #" + d));
        }
        int joined = 0;
        for (int d = 0; d < nInputs; d++) {
            joined += alongRegions ? nRegions[d] : nSamples[d];
        }
        int[] source = new int[joined];
        int[] left = alongRegions ? nRegions.clone() : nSamples.clone();
        for (int i = 0; i < joined; i++) {
            int d;
            do {
                d = rnd.nextInt(nInputs);
            } while (left[d] == 0);
            left[d]--;
            source[i] = d;
        }
        JoinOrder order = JoinOrder.fromSources(source, nInputs);
        Path out = Files.createDirectories(tmp.resolve("out"));
        RaggedJoin.join(stores, new SlotRuns(alongRegions, order, sharedRegions, nSamples, ploidy),
                out.resolve("offsets"), List.of(out.resolve("a"), out.resolve("b")), 4);

        List<Integer> expectedOffsets = new ArrayList<>(List.of(0));
        List<Integer> expectedValues = new ArrayList<>();
        int regions = alongRegions ? joined : sharedRegions;
        for (int r = 0; r < regions; r++) {
            for (int j = 0; j < (alongRegions ? sharedSamples : joined); j++) {
                for (int p = 0; p < ploidy; p++) {
                    int d = alongRegions ? source[r] : source[j];
                    int rr = alongRegions ? order.within()[r] : r;
                    int ss = alongRegions ? j : order.within()[j];
                    for (int v : data.get(d)[(rr * nSamples[d] + ss) * ploidy + p]) {
                        expectedValues.add(v);
                    }
                    expectedOffsets.add(expectedValues.size());
                }
            }
        }
        assertArrayEquals(expectedOffsets.stream().mapToLong(Integer::longValue).toArray(),
                longs(out.resolve("offsets")), "offsets");
        int[] values = expectedValues.stream().mapToInt(Integer::intValue).toArray();
        assertArrayEquals(values, ints(out.resolve("a")), "payload a");
        assertArrayEquals(values, ints(out.resolve("b")), "payload b");
    }

    /** One input store whose two payload files hold the same values. */
    private static RaggedJoin.Store write(Path dir, int[][] cells, String label) throws IOException {
        Files.createDirectories(dir);
        try (RawArrayWriter off = RawArrayWriter.create(dir.resolve("offsets"), RawDtype.INT64);
             RawArrayWriter a = RawArrayWriter.create(dir.resolve("a"), RawDtype.INT32);
             RawArrayWriter b = RawArrayWriter.create(dir.resolve("b"), RawDtype.INT32)) {
            long total = 0;
            off.writeLong(0);
            for (int[] c : cells) {
                a.writeInts(c, 0, c.length);
                b.writeInts(c, 0, c.length);
                total += c.length;
                off.writeLong(total);
            }
        }
        return new RaggedJoin.Store(dir.resolve("offsets"), List.of(dir.resolve("a"), dir.resolve("b")),
                cells.length, label);
    }

    private static long[] longs(Path f) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
        long[] out = new long[b.remaining() / 8];
        b.asLongBuffer().get(out);
        return out;
    }

    private static int[] ints(Path f) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
        int[] out = new int[b.remaining() / 4];
        b.asIntBuffer().get(out);
        return out;
    }
}
