package io.gvl.io.internal.bgzf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.internal.bgzf.BlockInflaters.Kind;
import io.gvl.testkit.Seeds;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link BgzfInputStream#skip} steps over whole blocks without inflating them: the bytes read after any mix of
 * skips and reads, and the virtual offsets, are those of a stream that reads instead of skipping.
 */
class BgzfSkipTest {
    @TempDir
    Path tmp;

    static Stream<Long> seeds() {
        return Seeds.range(0, 6);
    }

    private static byte[] file(Random r, ByteArrayOutputStream plain, int blocks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < blocks; i++) {
            int n = r.nextInt(8) == 0 ? 0 : r.nextInt(1 << 16);
            byte[] data = new byte[n];
            for (int k = 0; k < n; k++) {
                data[k] = (byte) ('a' + r.nextInt(r.nextBoolean() ? 2 : 26));
            }
            plain.writeBytes(data);
            out.writeBytes(BgzfInflateDifferentialTest.block(data, 1 + r.nextInt(9)));
        }
        out.writeBytes(BgzfInflateDifferentialTest.block(new byte[0], 6));
        return out.toByteArray();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void skipsAndReadsMatchAStreamThatReadsEverything(long seed) throws IOException {
        Random r = new Random(seed);
        ByteArrayOutputStream plainOut = new ByteArrayOutputStream();
        Path path = Files.write(tmp.resolve("s" + seed + ".gz"), file(r, plainOut, 20 + r.nextInt(20)));
        byte[] plain = plainOut.toByteArray();
        for (Kind kind : new Kind[] {Kind.AUTO, Kind.ZLIB}) {
            try (BgzfInputStream skipping = new BgzfInputStream(path, kind);
                    BgzfInputStream reading = new BgzfInputStream(path, Kind.ZLIB)) {
                long pos = 0;
                Random ops = new Random(seed + 1);
                while (pos < plain.length) {
                    long want = ops.nextInt(3) == 0 ? ops.nextInt(100) : ops.nextInt(300_000);
                    long skipped = skipping.skip(want);
                    byte[] same = reading.readNBytes((int) want);
                    assertEquals(same.length, skipped, "skip " + want + " at " + pos);
                    pos += skipped;
                    assertEquals(reading.getFilePointer(), skipping.getFilePointer(), "after skipping to " + pos);
                    int m = ops.nextInt(70_000);
                    byte[] got = skipping.readNBytes(m);
                    byte[] expected = Arrays.copyOfRange(plain, (int) Math.min(pos, plain.length),
                            (int) Math.min(pos + m, plain.length));
                    assertArrayEquals(expected, got, "read " + m + " at " + pos);
                    assertArrayEquals(expected, reading.readNBytes(m));
                    pos += got.length;
                    assertEquals(reading.getFilePointer(), skipping.getFilePointer(), "after reading to " + pos);
                }
                assertEquals(-1, skipping.read());
                assertTrue(skipping.skippedBlocks() > 0, "some block was stepped over");
                assertEquals(0, reading.skippedBlocks());
            }
        }
    }

    @Test
    void aDamagedHeaderInASkippedBlockIsReportedAsAReadReportsIt() throws IOException {
        Random r = new Random(7);
        byte[] bytes = file(r, new ByteArrayOutputStream(), 6);
        // the third block's header: find it by walking BSIZE
        int at = 0;
        for (int i = 0; i < 2; i++) {
            at += ((bytes[at + 16] & 0xff) | (bytes[at + 17] & 0xff) << 8) + 1;
        }
        bytes[at + 12] = 'X';
        Path path = Files.write(tmp.resolve("bad.gz"), bytes);
        IOException read = assertThrows(IOException.class, () -> {
            try (BgzfInputStream in = new BgzfInputStream(path)) {
                in.readAllBytes();
            }
        });
        IOException skip = assertThrows(IOException.class, () -> {
            try (BgzfInputStream in = new BgzfInputStream(path)) {
                in.skip(Long.MAX_VALUE);
            }
        });
        assertEquals(read.getMessage(), skip.getMessage());
        assertTrue(skip.getMessage().contains("no BGZF block at byte " + at), skip.getMessage());
        Path cut = Files.write(tmp.resolve("cut.gz"), Arrays.copyOf(Files.readAllBytes(path), at - 3));
        IOException eof = assertThrows(IOException.class, () -> {
            try (BgzfInputStream in = new BgzfInputStream(cut)) {
                in.skip(Long.MAX_VALUE);
            }
        });
        assertTrue(eof.getMessage().contains("ends inside the BGZF block"), eof.getMessage());
    }
}
