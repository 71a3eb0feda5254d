package io.gvl.io.internal.bgzf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import htsjdk.samtools.util.BlockCompressedInputStream;
import htsjdk.samtools.util.BlockCompressedOutputStream;
import io.gvl.testkit.Oracle;
import io.gvl.testkit.Seeds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** BGZF reading against files written by {@code bgzip}: whole-file bytes, lines, and seeks to virtual offsets. */
class BgzfInputStreamTest {
    @TempDir
    Path tmp;

    static Stream<Long> seeds() {
        return Seeds.range(0, 6);
    }

    private Path bgzip(String text) throws Exception {
        Path plain = tmp.resolve("t.txt");
        Files.writeString(plain, text, StandardCharsets.UTF_8);
        Oracle.BGZIP.run("-f", plain.toString());
        return tmp.resolve("t.txt.gz");
    }

    private static String text(long seed, List<String> lines) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder();
        int n = 2000 + r.nextInt(3000);
        for (int i = 0; i < n; i++) {
            // line lengths up to 200 kb so some lines span several 64 KiB blocks
            int len = r.nextInt(50) == 0 ? r.nextInt(200_000) : r.nextInt(120);
            StringBuilder line = new StringBuilder(len + 8).append(i).append(':');
            for (int k = 0; k < len; k++) {
                line.append((char) ('a' + r.nextInt(26)));
            }
            lines.add(line.toString());
            sb.append(line).append(r.nextInt(10) == 0 ? "\r\n" : "\n");
        }
        return sb.toString();
    }

    /**
     * After every byte read, the virtual offset equals htsjdk's: within a block its address and the offset in it, at
     * a block's end (the block read to its last byte) the next block's address. Blocks end at seeded places, some
     * after a single byte, and the file ends with the empty end-of-file block.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void filePointerAfterEveryByteIsHtsjdks(long seed) throws Exception {
        Random r = new Random(seed);
        Path gz = tmp.resolve("blocks.gz");
        int total = 0;
        try (BlockCompressedOutputStream out = new BlockCompressedOutputStream(gz.toFile())) {
            for (int b = 0; b < 12; b++) {
                int n = r.nextInt(4) == 0 ? 1 : 1 + r.nextInt(3000);
                for (int i = 0; i < n; i++) {
                    out.write(r.nextInt(4) == 0 ? r.nextInt(256) : 'A');
                }
                total += n;
                out.flush(); // ends the block here
            }
        }
        try (BgzfInputStream in = new BgzfInputStream(gz);
                BlockCompressedInputStream want = new BlockCompressedInputStream(gz.toFile())) {
            assertEquals(want.getFilePointer(), in.getFilePointer(), "at the start");
            for (int i = 0; i < total; i++) {
                assertEquals(want.read(), in.read(), "byte " + i);
                assertEquals(want.getFilePointer(), in.getFilePointer(), "after byte " + i);
            }
            assertEquals(-1, in.read());
            assertEquals(-1, want.read());
            assertEquals(want.getFilePointer(), in.getFilePointer(), "at the end");
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void linesBytesAndSeeksMatchWhatBgzipWrote(long seed) throws Exception {
        List<String> lines = new ArrayList<>();
        String text = text(seed, lines);
        Path gz = bgzip(text);
        List<Long> pointers = new ArrayList<>();
        try (BgzfInputStream in = new BgzfInputStream(gz)) {
            for (String want : lines) {
                pointers.add(in.getFilePointer());
                assertEquals(want, in.readLine());
            }
            assertNull(in.readLine());
            assertEquals(-1, in.read());
        }
        try (BgzfInputStream in = new BgzfInputStream(gz)) {
            assertArrayEquals(text.getBytes(StandardCharsets.UTF_8), in.readAllBytes());
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            order.add(i);
        }
        Collections.shuffle(order, new Random(seed));
        try (BgzfInputStream in = new BgzfInputStream(gz)) {
            for (int i : order.subList(0, 300)) {
                in.seek(pointers.get(i));
                assertEquals(lines.get(i), in.readLine(), "line " + i + " at " + pointers.get(i));
            }
        }
    }

    /**
     * {@link BgzfInputStream#readLineStart} gives each line's first bytes, through its n-th tab and at least m bytes
     * (the whole line, {@code \r} dropped as {@link BgzfInputStream#readLineBytes} drops it, when it ends before),
     * and leaves the stream where {@code readLineBytes} leaves it: lines of up to 200 kb with tabs and {@code \r\n}
     * endings, across 64 KiB blocks, against the whole lines.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aLineStartIsTheFirstBytesOfTheLine(long seed) throws Exception {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder();
        int n = 1500 + r.nextInt(1500);
        for (int i = 0; i < n; i++) {
            int len = r.nextInt(40) == 0 ? r.nextInt(200_000) : r.nextInt(400);
            for (int k = 0; k < len; k++) {
                sb.append(r.nextInt(8) == 0 ? '\t' : (char) ('a' + r.nextInt(26)));
            }
            sb.append(r.nextInt(10) == 0 ? "\r\n" : "\n");
        }
        Path gz = bgzip(sb.toString());
        int[][] cases = {{0, 0}, {3, 0}, {8, 10}, {8, 256}, {1, 1000}};
        for (int[] c : cases) {
            try (BgzfInputStream whole = new BgzfInputStream(gz); BgzfInputStream start = new BgzfInputStream(gz);
                    BgzfInputStream chosen = new BgzfInputStream(gz)) {
                byte[][] asked = new byte[1][];
                // whole when the start's length and first byte add up to an even number: about half of the lines
                BgzfInputStream.LineTest test = (line, len) -> {
                    asked[0] = java.util.Arrays.copyOf(line, len);
                    return (len + (len > 0 ? line[0] : 0)) % 2 == 0;
                };
                for (int line = 0; ; line++) {
                    int length = whole.readLineBytes();
                    int got = start.readLineStart(c[0], c[1]);
                    asked[0] = null;
                    int picked = chosen.readLineStart(c[0], c[1], test);
                    String what = "line " + line + ", " + c[0] + " tabs, " + c[1] + " bytes";
                    if (length < 0) {
                        assertEquals(-1, got, what);
                        assertEquals(-1, picked, what);
                        break;
                    }
                    byte[] full = java.util.Arrays.copyOf(whole.line(), length);
                    byte[] want = expectedStart(full, c[0], c[1]);
                    assertArrayEquals(want, java.util.Arrays.copyOf(start.line(), got), what);
                    assertEquals(whole.getFilePointer(), start.getFilePointer(), what);
                    // the test sees the start when the line goes on past it, and a line it accepts reads whole
                    byte[] pickedBytes = java.util.Arrays.copyOf(chosen.line(), picked);
                    if (asked[0] == null) {
                        assertArrayEquals(full, pickedBytes, what + ": not asked, so whole");
                    } else {
                        assertArrayEquals(want, asked[0], what + ": asked about its start");
                        assertArrayEquals(test.test(want, want.length) ? full : want, pickedBytes, what);
                    }
                    assertEquals(whole.getFilePointer(), chosen.getFilePointer(), what);
                }
            }
        }
    }

    /**
     * The first bytes of a line whose {@code readLineBytes} bytes are {@code full}: the shortest start with
     * {@code tabs} tabs and {@code minBytes} bytes, or {@code full} when no shorter start of the raw line (a dropped
     * {@code \r} counted) has both.
     */
    private static byte[] expectedStart(byte[] full, int tabs, int minBytes) {
        int seen = 0;
        for (int cut = 0; cut < full.length; cut++) {
            if (seen >= tabs && cut >= minBytes) {
                return java.util.Arrays.copyOf(full, cut);
            }
            if (full[cut] == '\t') {
                seen++;
            }
        }
        return full;
    }

    @Test
    void aDamagedBlockNamesItsAddress() throws Exception {
        Path gz = bgzip(text(99, new ArrayList<>()));
        byte[] bytes = Files.readAllBytes(gz);
        bytes[100] ^= 0x5a;
        Path bad = Files.write(tmp.resolve("bad.gz"), bytes);
        IOException e = assertThrows(IOException.class, () -> {
            try (BgzfInputStream in = new BgzfInputStream(bad)) {
                in.readAllBytes();
            }
        });
        assertTrue(e.getMessage().contains("bad.gz") && e.getMessage().contains("block at byte 0"), e.getMessage());
        Path plain = Files.writeString(tmp.resolve("plain.txt"), "not gzip at all, long enough for a header\n");
        IOException notBgzf = assertThrows(IOException.class, () -> {
            try (BgzfInputStream in = new BgzfInputStream(plain)) {
                in.read();
            }
        });
        assertTrue(notBgzf.getMessage().contains("no BGZF block"), notBgzf.getMessage());
    }
}
