package io.gvl.format.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testkit.Seeds;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Large arrays written past the page cache ({@link DirectWrites}) give the same file, byte for byte, as the page-cache
 * route: every kind of write, tails of every length modulo the block (none, one byte's worth of elements, almost a
 * block), and a file whose direct reopen fails, which falls back.
 */
class RawArrayWriterDirectTest {
    @TempDir
    Path tmp;

    static Stream<Long> seeds() {
        return Seeds.range(1, 8);
    }

    /** Whether the temporary directory's file system takes direct writes under {@code always} here. */
    private boolean directHere() {
        return DirectWrites.DIRECT != null && DirectWrites.blockSize(tmp, DirectWrites.Mode.ALWAYS, 4096) != 0;
    }

    /** The JDK's direct-I/O option is found by name (else every file would quietly take the page cache). */
    @Test
    void theJdkHasItsDirectOption() {
        assertNotNull(DirectWrites.DIRECT, "com.sun.nio.file.ExtendedOpenOption.DIRECT");
        assertEquals("DIRECT", DirectWrites.DIRECT.toString());
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void directEqualsPageCacheRouteSeeded(long seed) throws IOException {
        for (RawDtype dtype : new RawDtype[] {RawDtype.INT32, RawDtype.INT64, RawDtype.FLOAT32}) {
            Path viaCache = tmp.resolve(seed + "-cache-" + dtype);
            Path viaDirect = tmp.resolve(seed + "-direct-" + dtype);
            boolean wentDirect;
            try (RawArrayWriter c = RawArrayWriter.create(viaCache, dtype, DirectWrites.Mode.NEVER);
                    RawArrayWriter d = RawArrayWriter.create(viaDirect, dtype, DirectWrites.Mode.ALWAYS)) {
                writeSame(new SplittableRandom(seed), dtype, c, d);
                assertFalse(c.direct(), "never means the page cache");
                wentDirect = d.direct();
                assertEquals(c.count(), d.count());
            }
            byte[] expected = Files.readAllBytes(viaCache);
            if (expected.length > 1 << 20 && directHere()) {
                assertTrue(wentDirect, "a file past the buffer goes direct on " + Files.getFileStore(tmp).type());
            }
            if (expected.length < (1 << 20) - 8) {
                assertFalse(wentDirect, "a file within the buffer stays in the page cache");
            }
            assertEquals(0, expected.length % dtype.size());
            assertArrayEquals(expected, Files.readAllBytes(viaDirect), dtype + " seed " + seed);
        }
    }

    /** A seeded mix of bulk runs, single elements and raw bytes, the same into both writers. */
    private static void writeSame(SplittableRandom r, RawDtype dtype, RawArrayWriter a, RawArrayWriter b) {
        int runs = r.nextInt(3, 14);
        for (int run = 0; run < runs; run++) {
            int len = r.nextInt(5) == 0 ? r.nextInt(3) : r.nextInt(1, 400_000);
            int off = r.nextInt(4);
            int n = off + len + r.nextInt(3);
            switch (r.nextInt(4)) {
                case 0 -> { // raw little-endian bytes
                    ByteBuffer bytes = ByteBuffer.allocate(len * dtype.size()).order(ByteOrder.LITTLE_ENDIAN);
                    r.nextBytes(bytes.array());
                    a.writeBytes(bytes.duplicate());
                    b.writeBytes(bytes.duplicate());
                }
                case 1 -> { // one element
                    switch (dtype) {
                        case INT32 -> { a.writeInt(run); b.writeInt(run); }
                        case INT64 -> { a.writeLong(run); b.writeLong(run); }
                        default -> { a.writeFloat(run); b.writeFloat(run); }
                    }
                }
                default -> {
                    switch (dtype) {
                        case INT32 -> {
                            int[] v = r.ints(n).toArray();
                            a.writeInts(v, off, len);
                            b.writeInts(v, off, len);
                        }
                        case INT64 -> {
                            long[] v = r.longs(n).toArray();
                            a.writeLongs(v, off, len);
                            b.writeLongs(v, off, len);
                        }
                        default -> {
                            float[] v = new float[n];
                            for (int i = 0; i < n; i++) {
                                v[i] = Float.intBitsToFloat(r.nextInt());
                            }
                            a.writeFloats(v, off, len);
                            b.writeFloats(v, off, len);
                        }
                    }
                }
            }
        }
    }

    @Test
    void tailsOfEveryKindAreCutBackToTheLength() throws IOException {
        int buffer = 1 << 20;
        // whole blocks only, one element past, one element short of a block, and past two buffers
        for (int ints : new int[] {buffer / 4 + 1024, buffer / 4 + 1, buffer / 4 + 1023, 3 * buffer / 4 + 517}) {
            Path file = tmp.resolve("tail-" + ints);
            int[] v = new SplittableRandom(ints).ints(ints).toArray();
            try (RawArrayWriter w = RawArrayWriter.create(file, RawDtype.INT32, DirectWrites.Mode.ALWAYS)) {
                w.writeInts(v, 0, v.length);
            }
            assertEquals(4L * ints, Files.size(file), "length of " + ints + " ints");
            assertHoldsInts(file, v);
        }
    }

    /** {@code file} is exactly {@code v} as little-endian INT32. */
    private static void assertHoldsInts(Path file, int[] v) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(4 * v.length, bytes.capacity(), file + ": length");
        for (int i = 0; i < v.length; i++) {
            assertEquals(v[i], bytes.getInt(), file + ": element " + i + " of " + v.length);
        }
    }

    @Test
    void smallFilesStayInThePageCache() throws IOException {
        Path file = tmp.resolve("small");
        try (RawArrayWriter w = RawArrayWriter.create(file, RawDtype.INT64, DirectWrites.Mode.ALWAYS)) {
            w.writeLongs(new long[1000], 0, 1000);
            w.writeLong(7);
            assertFalse(w.direct(), "a file that never fills the buffer is not reopened");
        }
        assertEquals(8008, Files.size(file));
    }

    @Test
    void autoFollowsTheFileSystemType() throws IOException {
        String type = Files.getFileStore(tmp).type();
        boolean known = type.equals("ext4") || type.equals("xfs");
        assertEquals(known, DirectWrites.blockSize(tmp, DirectWrites.Mode.AUTO, 4096) != 0, "auto on " + type);
        assertEquals(0, DirectWrites.blockSize(tmp, DirectWrites.Mode.NEVER, 4096));
    }

    /**
     * When the direct reopen fails (here the file was renamed after it was created, so its path is gone), the writer
     * stays on the page cache and the file is whole.
     */
    @Test
    void aFailedDirectReopenFallsBack() throws IOException {
        Path file = tmp.resolve("array");
        Path moved = tmp.resolve("moved");
        int[] v = new SplittableRandom(11).ints(300_001).toArray();
        try (RawArrayWriter w = RawArrayWriter.create(file, RawDtype.INT32, DirectWrites.Mode.ALWAYS)) {
            Files.move(file, moved);
            w.writeInts(v, 0, v.length);
            assertFalse(w.direct(), "the path is gone, so no direct channel could be opened");
        }
        assertHoldsInts(moved, v);
    }

    @Test
    void writingAfterCloseFailsClearly() {
        Path file = tmp.resolve("closed");
        RawArrayWriter w = RawArrayWriter.create(file, RawDtype.INT32, DirectWrites.Mode.ALWAYS);
        w.writeInts(new int[300_000], 0, 300_000);
        w.close();
        w.close();
        assertThrows(IllegalStateException.class, () -> w.writeInt(1));
        assertThrows(IllegalStateException.class, () -> w.writeBytes(ByteBuffer.allocate(4)));
    }
}
