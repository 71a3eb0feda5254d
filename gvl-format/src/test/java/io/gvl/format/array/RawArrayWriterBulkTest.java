package io.gvl.format.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gvl.testkit.Seeds;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bulk writes ({@code writeInts}, {@code writeLongs}, {@code writeFloats}) give the same file as one element at a
 * time, with runs of odd lengths and offsets that cross the writer's 1 MiB buffer, mixed with single writes.
 */
class RawArrayWriterBulkTest {
    @TempDir
    Path tmp;

    static java.util.stream.Stream<Long> seeds() {
        return Seeds.range(1, 6);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void bulkEqualsOneByOne(long seed) throws IOException {
        for (RawDtype dtype : new RawDtype[] {RawDtype.INT32, RawDtype.INT64, RawDtype.FLOAT32}) {
            SplittableRandom r = new SplittableRandom(seed);
            Path bulk = tmp.resolve(seed + "-bulk-" + dtype);
            Path single = tmp.resolve(seed + "-single-" + dtype);
            long elements = 0;
            try (RawArrayWriter b = RawArrayWriter.create(bulk, dtype);
                    RawArrayWriter s = RawArrayWriter.create(single, dtype)) {
                for (int run = 0; run < 40; run++) {
                    int len = r.nextInt(4) == 0 ? r.nextInt(3) : r.nextInt(1, 300_000);
                    int off = r.nextInt(5);
                    int n = off + len + r.nextInt(3);
                    switch (dtype) {
                        case INT32 -> {
                            int[] v = r.ints(n).toArray();
                            b.writeInts(v, off, len);
                            for (int i = off; i < off + len; i++) {
                                s.writeInt(v[i]);
                            }
                        }
                        case INT64 -> {
                            long[] v = r.longs(n).toArray();
                            b.writeLongs(v, off, len);
                            for (int i = off; i < off + len; i++) {
                                s.writeLong(v[i]);
                            }
                        }
                        default -> {
                            float[] v = new float[n];
                            for (int i = 0; i < n; i++) {
                                v[i] = Float.intBitsToFloat(r.nextInt());
                            }
                            b.writeFloats(v, off, len);
                            for (int i = off; i < off + len; i++) {
                                s.writeFloat(v[i]);
                            }
                        }
                    }
                    elements += len;
                    if (r.nextBoolean()) { // a single element between runs shifts the buffer's fill
                        switch (dtype) {
                            case INT32 -> { b.writeInt(run); s.writeInt(run); }
                            case INT64 -> { b.writeLong(run); s.writeLong(run); }
                            default -> { b.writeFloat(run); s.writeFloat(run); }
                        }
                        elements++;
                    }
                    assertEquals(elements, b.count(), "count after run " + run);
                }
            }
            byte[] expected = Files.readAllBytes(single);
            assertEquals(elements * dtype.size(), expected.length);
            assertArrayEquals(expected, Files.readAllBytes(bulk), dtype + " seed " + seed);
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void bulkIntsAreLittleEndianInOrder(long seed) throws IOException {
        int[] v = new SplittableRandom(seed).ints(700_001).toArray();
        Path file = tmp.resolve("ints-" + seed);
        try (RawArrayWriter w = RawArrayWriter.create(file, RawDtype.INT32)) {
            w.writeInt(-1);
            w.writeInts(v, 1, v.length - 1);
        }
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(-1, bytes.getInt());
        for (int i = 1; i < v.length; i++) {
            assertEquals(v[i], bytes.getInt(), "element " + i);
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void bulkWritesCheckTypeAndRange(long seed) {
        Path file = tmp.resolve("typed-" + seed);
        try (RawArrayWriter w = RawArrayWriter.create(file, RawDtype.INT32)) {
            assertThrows(IllegalStateException.class, () -> w.writeLongs(new long[2], 0, 2));
            assertThrows(IndexOutOfBoundsException.class, () -> w.writeInts(new int[3], 2, 2));
            assertEquals(0, w.count());
        }
    }
}
