package io.gvl.io.internal.bgzf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testkit.Seeds;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * gvl's DEFLATE decoder against the JDK's zlib: seeded data of every shape the genotype files have (and others),
 * deflated at every level and strategy, decodes to the same bytes; hand-built streams that zlib refuses (bad codes,
 * undefined symbols, distances before the start, wrong sizes, early ends) are refused, and those it accepts (a
 * single one-bit distance code, no distance code) decode the same. The pattern fill of short-distance matches is
 * checked against a byte-by-byte copy.
 */
class JavaBlockInflaterTest {
    static Stream<Long> seeds() {
        return Seeds.range(0, 12);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void seededDataDecodesToTheDeflatedBytes(long seed) throws DataFormatException {
        Random r = new Random(seed);
        try (JavaBlockInflater java = new JavaBlockInflater()) {
            for (int i = 0; i < 60; i++) {
                byte[] data = data(r);
                int level = r.nextInt(10);
                int strategy = new int[] {Deflater.DEFAULT_STRATEGY, Deflater.FILTERED, Deflater.HUFFMAN_ONLY}[r.nextInt(3)];
                byte[] deflated = deflate(data, level, strategy);
                byte[] out = new byte[BlockInflater.MAX_BLOCK];
                int from = r.nextInt(BlockInflater.INPUT - deflated.length + 1); // anywhere, the end included
                java.buffer().put(from, deflated);
                java.inflate(from, deflated.length, out, data.length);
                assertTrue(Arrays.equals(data, 0, data.length, out, 0, data.length),
                        "seed " + seed + ", case " + i + ": " + data.length + " bytes, level " + level + ", strategy "
                                + strategy);
            }
        }
    }

    /**
     * Data up to 64 KiB: random, text, runs, short periods, genotype text rows, BCF-like rows, bytes of geometric
     * frequencies (so codewords of up to 15 bits, past the tables' first level), and stretches of many patterns of 2,
     * 4 or 8 bytes (matches of every length at those distances, and codes of every longest length).
     */
    static byte[] data(Random r) {
        int n = r.nextInt(8) == 0 ? r.nextInt(20) : r.nextInt(BlockInflater.MAX_BLOCK + 1);
        byte[] b = new byte[n];
        switch (r.nextInt(8)) {
            case 0 -> r.nextBytes(b);
            case 7 -> { // stretches repeating units of 2, 4 or 8 bytes
                for (int i = 0; i < n; ) {
                    byte[] unit = new byte[2 << r.nextInt(3)];
                    for (int k = 0; k < unit.length; k++) {
                        unit[k] = (byte) (2 + r.nextInt(3));
                    }
                    int stretch = 1 + r.nextInt(800);
                    for (int k = 0; k < stretch && i < n; k++) {
                        b[i++] = unit[k % unit.length];
                    }
                }
            }
            case 6 -> {
                for (int i = 0; i < n; i++) {
                    b[i] = (byte) (Long.numberOfTrailingZeros(r.nextLong()) * 3 + r.nextInt(2));
                }
            }
            case 1 -> {
                byte[] alphabet = "ACGTN\t\n0123456789;=".getBytes();
                for (int i = 0; i < n; i++) {
                    b[i] = alphabet[r.nextInt(alphabet.length)];
                }
            }
            case 2 -> {
                for (int i = 0; i < n; ) {
                    int run = 1 + r.nextInt(400);
                    byte v = (byte) r.nextInt(3);
                    for (int k = 0; k < run && i < n; k++) {
                        b[i++] = v;
                    }
                }
            }
            case 3 -> { // a period of 1 to 40 bytes, sometimes broken
                byte[] unit = new byte[1 + r.nextInt(40)];
                r.nextBytes(unit);
                for (int i = 0; i < n; i++) {
                    b[i] = r.nextInt(5000) == 0 ? (byte) r.nextInt(256) : unit[i % unit.length];
                }
            }
            case 4 -> { // VCF genotype text: 0|0 with rare carriers
                byte[][] calls = {"0|0".getBytes(), "1|0".getBytes(), "0|1".getBytes(), "1|1".getBytes()};
                int i = 0;
                while (i < n) {
                    byte[] c = r.nextInt(200) == 0 ? calls[1 + r.nextInt(3)] : calls[0];
                    for (int k = 0; k < c.length && i < n; k++) {
                        b[i++] = c[k];
                    }
                    if (i < n) {
                        b[i++] = (byte) (r.nextInt(500) == 0 ? '\n' : '\t');
                    }
                }
            }
            default -> { // BCF diploid phased calls: 02 03 with rare carriers
                for (int i = 0; i + 1 < n; i += 2) {
                    boolean carrier = r.nextInt(300) == 0;
                    b[i] = (byte) (carrier ? 4 : 2);
                    b[i + 1] = 3;
                }
            }
        }
        return b;
    }

    static byte[] deflate(byte[] data, int level, int strategy) {
        Deflater d = new Deflater(level, true);
        d.setStrategy(strategy);
        d.setInput(data);
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[1 << 16];
        while (!d.finished()) {
            int k = d.deflate(chunk);
            out.write(chunk, 0, k);
        }
        d.end();
        return out.toByteArray();
    }

    /**
     * Blocks sent with the code lengths of the block before are decoded with its tables; others, and blocks after
     * one whose code was refused, build their own (seeded: 20261207).
     */
    @Test
    void blocksSharingTheirCodesDecodeWithTheTablesOfTheLast_seed20261207() throws DataFormatException {
        Random r = new Random(20261207);
        byte[][] data = new byte[4][];
        byte[][] deflated = new byte[4][];
        for (int i = 0; i < data.length; i++) {
            do {
                data[i] = data(r);
            } while (data[i].length < 1000);
            deflated[i] = deflate(data[i], 6, Deflater.DEFAULT_STRATEGY);
        }
        // a good literal/length code, then a distance code refused: built after the literal/length table changed
        byte[] refused = dynamic(complete(), new byte[] {1, 0, 2}, new int[] {256}, null);
        int[] order = {0, 0, 1, 1, 0, 2, -1, 2, 3, -1, 3, 0, 0};
        try (JavaBlockInflater java = new JavaBlockInflater()) {
            byte[] out = new byte[BlockInflater.MAX_BLOCK];
            for (int k = 0; k < order.length; k++) {
                int i = order[k];
                if (i < 0) {
                    java.buffer().put(0, refused);
                    assertThrows(DataFormatException.class, () -> java.inflate(0, refused.length, out, 0));
                    continue;
                }
                java.buffer().put(0, deflated[i]);
                java.inflate(0, deflated[i].length, out, data[i].length);
                assertArrayEquals(data[i], Arrays.copyOf(out, data[i].length), "step " + k + ": data " + i);
            }
        }
    }

    /** The same code lengths split differently between the two codes are different codes. */
    @Test
    void theSameLengthsSplitOtherwiseAreBuiltAgain() {
        byte[] lit = complete();
        byte[] longer = Arrays.copyOf(lit, lit.length + 1); // symbol 259, unused: the lengths run on alike
        int[] symbols = {'a', 'b', 257, 256}; // "ab", then a match of length 3
        byte[] two = dynamic(lit, new byte[] {0, 1}, symbols, new int[] {1, 0}); // distance code 1: distance 2
        byte[] one = dynamic(longer, new byte[] {1}, symbols, new int[] {0, 0}); // distance code 0: distance 1
        try (JavaBlockInflater java = new JavaBlockInflater()) {
            byte[] out = new byte[BlockInflater.MAX_BLOCK];
            for (byte[] stream : List.of(two, one, two)) {
                byte[] expected = stream == two ? "ababa".getBytes() : "abbbb".getBytes();
                assertArrayEquals(expected, zlib(stream, 5), "zlib");
                java.buffer().put(0, stream);
                java.inflate(0, stream.length, out, 5);
                assertArrayEquals(expected, Arrays.copyOf(out, 5));
            }
        } catch (DataFormatException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * A block whose header differs from the last one's only in its final bits (here the last code length, in the
     * header's partial last byte: 1,114 bits) is read and built again, not decoded with the last tables.
     */
    @Test
    void aHeaderDifferingInItsLastBitsIsReadAgain() {
        byte[] none = dynamic(complete(), new byte[] {0}, new int[] {'q', 256}, null); // no distance code
        byte[] one = dynamic(complete(), new byte[] {1}, new int[] {'q', 257, 256}, new int[] {0, 0}); // "qqqq"
        try (JavaBlockInflater java = new JavaBlockInflater()) {
            byte[] out = new byte[BlockInflater.MAX_BLOCK];
            java.buffer().put(0, none);
            java.inflate(0, none.length, out, 1);
            assertEquals('q', out[0]);
            java.buffer().put(0, one);
            java.inflate(0, one.length, out, 4);
            assertArrayEquals("qqqq".getBytes(), Arrays.copyOf(out, 4));
            assertArrayEquals("qqqq".getBytes(), zlib(one, 4), "zlib");
        } catch (DataFormatException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void shortDistanceFillsEqualAByteByByteCopy() {
        Random r = new Random(20261207);
        for (int distance = 1; distance <= 40; distance++) {
            for (int len = 1; len <= 300; len++) {
                int op = distance + r.nextInt(20);
                byte[] fast = new byte[op + len + 16];
                r.nextBytes(fast);
                byte[] slow = fast.clone();
                JavaBlockInflater.copyMatch(fast, op, distance, len);
                for (int i = 0; i < len; i++) {
                    slow[op + i] = slow[op - distance + i];
                }
                assertArrayEquals(slow, fast, "distance " + distance + ", length " + len);
            }
        }
    }

    // ---- hand-built streams, each against zlib ----

    @Test
    void blockType3IsRefused() {
        assertRefusedLikeZlib(new Bits().put(1, 1).put(3, 2).bytes(), 0, "block type 3");
    }

    @Test
    void fixedCodeSymbolsDeflateDoesNotDefineAreRefused() {
        // literal/length 286 (fixed code 11000110)
        assertRefusedLikeZlib(new Bits().put(1, 1).put(1, 2).code(0b11000110, 8).bytes(), 0, "literal/length");
        // 'a', then a match of length 3 at distance code 30 (fixed code 11110)
        byte[] dist30 = new Bits().put(1, 1).put(1, 2).code(0x30 + 'a', 8).code(1, 7).code(30, 5).code(0, 7).bytes();
        assertRefusedLikeZlib(dist30, 4, "distance");
    }

    @Test
    void aDistanceBeforeTheStartIsRefused() {
        byte[] stream = new Bits().put(1, 1).put(1, 2).code(1, 7).code(0, 5).code(0, 7).bytes(); // length 3, dist 1
        assertRefusedLikeZlib(stream, 3, "before the start");
    }

    @Test
    void storedBlocksWithAWrongLengthComplementAreRefused() {
        Bits b = new Bits().put(1, 1).put(0, 2).align();
        b.put(3, 16).put(~3 & 0xFFFF ^ 1, 16).put('a', 8).put('b', 8).put('c', 8);
        assertRefusedLikeZlib(b.bytes(), 3, "stored block length");
        Bits ok = new Bits().put(0, 1).put(0, 2).align().put(2, 16).put(~2 & 0xFFFF, 16).put('x', 8).put('y', 8);
        ok.put(1, 1).put(1, 2).code(0x30 + 'z', 8).code(0, 7); // then a final fixed block: "z"
        assertDecodesLikeZlib(ok.bytes(), "xyz".getBytes());
    }

    @Test
    void overSubscribedAndIncompleteCodesAreRefused() {
        byte[] lit = new byte[257];
        Arrays.fill(lit, (byte) 8); // 257 codes of 8 bits: more than 256 fit
        assertRefusedLikeZlib(dynamic(lit, new byte[] {1}, new int[] {256}, null), 0, "over-subscribed");
        byte[] two = new byte[257];
        two['a'] = 2;
        two[256] = 2; // two codes of 2 bits fill half the space
        assertRefusedLikeZlib(dynamic(two, new byte[] {0}, new int[] {'a', 256}, null), 1, "incomplete");
        byte[] all = new byte[288]; // 224 codes of 8 bits and 64 of 9: complete, but 287 and 288 are not symbols
        Arrays.fill(all, (byte) 8);
        Arrays.fill(all, 224, 288, (byte) 9);
        assertRefusedLikeZlib(dynamic(all, new byte[] {1}, new int[] {256}, null), 0, "too many");
        byte[] fourDist = {1, 0, 2}; // one code of 1 bit and one of 2: three quarters of the distance space
        assertRefusedLikeZlib(dynamic(complete(), fourDist, new int[] {256}, null), 0, "incomplete");
    }

    @Test
    void aSingleOneBitDistanceCodeAndNoDistanceCodeDecodeLikeZlib() {
        byte[] oneDist = {0, 0, 0, 0, 1}; // distance code 4 (distance 5, 6: one extra bit) alone, one bit
        // "abcde", then a match of length 4 at distance 5 (code 4, extra 0) -> "abcdeabcd"
        int[] symbols = {'a', 'b', 'c', 'd', 'e', 258, 256};
        assertDecodesLikeZlib(dynamic(complete(), oneDist, symbols, new int[] {4, 0}), "abcdeabcd".getBytes());
        assertDecodesLikeZlib(dynamic(complete(), new byte[] {0}, new int[] {'q', 256}, null), "q".getBytes());
    }

    @Test
    void wrongSizesAndEarlyEndsAreRefused() throws DataFormatException {
        byte[] data = "0|0\t".repeat(5000).getBytes();
        byte[] deflated = deflate(data, 6, Deflater.DEFAULT_STRATEGY);
        try (JavaBlockInflater java = new JavaBlockInflater()) {
            byte[] out = new byte[BlockInflater.MAX_BLOCK];
            java.buffer().put(0, deflated);
            DataFormatException more = assertThrows(DataFormatException.class,
                    () -> java.inflate(0, deflated.length, out, data.length - 1));
            assertTrue(more.getMessage().contains("more than"), more.getMessage());
            DataFormatException fewer = assertThrows(DataFormatException.class,
                    () -> java.inflate(0, deflated.length, out, data.length + 1));
            assertTrue(fewer.getMessage().contains("not " + (data.length + 1)), fewer.getMessage());
            for (int cut = 1; cut < deflated.length; cut++) {
                int length = deflated.length - cut;
                assertThrows(DataFormatException.class, () -> java.inflate(0, length, out, data.length),
                        "cut by " + cut);
            }
            java.inflate(0, deflated.length, out, data.length);
            assertArrayEquals(data, Arrays.copyOf(out, data.length));
        }
    }

    @Test
    void closingTwiceIsHarmlessAndUseAfterCloseSaysSo() {
        JavaBlockInflater java = new JavaBlockInflater();
        java.close();
        java.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> java.inflate(0, 1, new byte[1], 1));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertThrows(IllegalStateException.class, java::buffer);
    }

    // ---- helpers ----

    private static void assertRefusedLikeZlib(byte[] stream, int isize, String detail) {
        assertThrows(DataFormatException.class, () -> zlib(stream, isize), "zlib refuses it too");
        try (JavaBlockInflater java = new JavaBlockInflater()) {
            java.buffer().put(0, stream);
            DataFormatException e = assertThrows(DataFormatException.class,
                    () -> java.inflate(0, stream.length, new byte[BlockInflater.MAX_BLOCK], isize));
            assertTrue(e.getMessage().contains(detail), e.getMessage());
        }
    }

    private static void assertDecodesLikeZlib(byte[] stream, byte[] expected) {
        try (JavaBlockInflater java = new JavaBlockInflater()) {
            assertArrayEquals(expected, zlib(stream, expected.length), "zlib");
            java.buffer().put(0, stream);
            byte[] out = new byte[BlockInflater.MAX_BLOCK];
            java.inflate(0, stream.length, out, expected.length);
            assertArrayEquals(expected, Arrays.copyOf(out, expected.length));
        } catch (DataFormatException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] zlib(byte[] stream, int isize) throws DataFormatException {
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(stream);
            byte[] out = new byte[isize + 1];
            int n = 0;
            while (!inflater.finished()) {
                int k = inflater.inflate(out, n, out.length - n);
                if (k == 0 && (inflater.needsInput() || n == out.length)) {
                    throw new DataFormatException("zlib: ends early or makes more than " + isize + " bytes");
                }
                n += k;
            }
            assertEquals(isize, n, "zlib's size");
            return Arrays.copyOf(out, n);
        } finally {
            inflater.end();
        }
    }

    /** 259 literal/length codes (0–258): 253 of 8 bits and 6 of 9, which fill the code space exactly. */
    private static byte[] complete() {
        byte[] lit = new byte[259];
        Arrays.fill(lit, (byte) 8);
        Arrays.fill(lit, 253, 259, (byte) 9);
        return lit;
    }

    /**
     * One final dynamic block: the given code lengths (sent through a code-length code of sixteen 4-bit codes),
     * then {@code symbols} in the literal/length code; a length symbol (one without extra bits) is followed by a
     * distance from {@code matches} (pairs: the distance code, then the value of its extra bits).
     */
    private static byte[] dynamic(byte[] lit, byte[] dist, int[] symbols, int[] matches) {
        Bits b = new Bits().put(1, 1).put(2, 2);
        b.put(lit.length - 257, 5).put(dist.length - 1, 5).put(19 - 4, 4);
        byte[] order = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
        for (byte s : order) {
            b.put(s < 16 ? 4 : 0, 3);
        }
        for (byte len : lit) {
            b.code(len, 4);
        }
        for (byte len : dist) {
            b.code(len, 4);
        }
        int[] litCodes = canonical(lit);
        int[] distCodes = canonical(dist);
        int m = 0;
        for (int s : symbols) {
            b.code(litCodes[s], lit[s]);
            if (s > 256) {
                int code = matches[m++];
                b.code(distCodes[code], dist[code]);
                b.put(matches[m++], code < 4 ? 0 : (code - 2) / 2);
            }
        }
        return b.bytes();
    }

    private static int[] canonical(byte[] lengths) {
        int[] count = new int[16];
        for (byte l : lengths) {
            count[l]++;
        }
        count[0] = 0;
        int[] next = new int[17];
        int code = 0;
        for (int len = 1; len <= 15; len++) {
            code = (code + count[len - 1]) << 1;
            next[len] = code;
        }
        int[] codes = new int[lengths.length];
        for (int s = 0; s < lengths.length; s++) {
            if (lengths[s] != 0) {
                codes[s] = next[lengths[s]]++;
            }
        }
        return codes;
    }

    /** A DEFLATE bit writer: values least significant bit first, Huffman codes most significant bit first. */
    private static final class Bits {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private int acc;
        private int n;

        Bits put(int value, int bits) {
            for (int i = 0; i < bits; i++) {
                bit((value >>> i) & 1);
            }
            return this;
        }

        Bits code(int code, int bits) {
            for (int i = bits - 1; i >= 0; i--) {
                bit((code >>> i) & 1);
            }
            return this;
        }

        Bits align() {
            while (n != 0) {
                bit(0);
            }
            return this;
        }

        private void bit(int b) {
            acc |= b << n;
            if (++n == 8) {
                out.write(acc);
                acc = 0;
                n = 0;
            }
        }

        byte[] bytes() {
            align();
            return out.toByteArray();
        }
    }
}
