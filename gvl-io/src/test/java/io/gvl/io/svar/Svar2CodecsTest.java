package io.gvl.io.svar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The codecs on hand-built bytes: every lane, lowest-bits-first packing, padding. */
class Svar2CodecsTest {
    private static final String TABLE = "ACTG";

    @Test
    void snpCodesPackLowestPairFirstAndPadTheLastByte() {
        // items 0..3 = codes 0,1,2,3 -> 0b11_10_01_00; item 4 = code 2 then three zero pads.
        MemorySegment packed = MemorySegment.ofArray(new byte[]{(byte) 0xE4, 0x02});
        int[] codes = IntStream.range(0, 8).map(i -> Svar2SnpCodes.code(packed, i)).toArray();
        assertArrayEquals(new int[]{0, 1, 2, 3, 2, 0, 0, 0}, codes);
        assertEquals('A', Svar2SnpCodes.base(0));
        assertEquals('C', Svar2SnpCodes.base(1));
        assertEquals('T', Svar2SnpCodes.base(2));
        assertEquals('G', Svar2SnpCodes.base(3));
        assertEquals(0, Svar2SnpCodes.packedBytes(0));
        assertEquals(1, Svar2SnpCodes.packedBytes(4));
        assertEquals(2, Svar2SnpCodes.packedBytes(5));
    }

    @Test
    void genoraysEncoderAgreesWithTheTable() {
        for (char c : TABLE.toCharArray()) {
            assertEquals(c, Svar2SnpCodes.base(c >> 1 & 3));
        }
    }

    @Test
    void keyLanesAsObservedInZSvar2() {
        assertEquals(Svar2IndelKeys.Lane.INLINE, Svar2IndelKeys.lane(0x0A000000));
        assertEquals(1, Svar2IndelKeys.ilen(0x0A000000));
        assertEquals('C', Svar2IndelKeys.inlineBase(0x0A000000, 0));
        assertEquals('A', Svar2IndelKeys.inlineBase(0x0A000000, 1));
        assertEquals(Svar2IndelKeys.Lane.DELETION, Svar2IndelKeys.lane(0xFFFFFFFE));
        assertEquals(-1, Svar2IndelKeys.ilen(0xFFFFFFFE));
        assertEquals(-4, Svar2IndelKeys.ilen(0xFFFFFFF8));
        assertEquals(Svar2IndelKeys.Lane.LOOKUP, Svar2IndelKeys.lane(0x00000007));
        assertEquals(3, Svar2IndelKeys.lookupRow(0x00000007));
        assertEquals(Svar2IndelKeys.Lane.LOOKUP, Svar2IndelKeys.lane(0xFFFFFFFF));
        assertEquals(0x7FFFFFFF, Svar2IndelKeys.lookupRow(0xFFFFFFFF));
        assertThrows(IllegalArgumentException.class, () -> Svar2IndelKeys.ilen(0x00000007));
    }

    static Stream<String> seeds() {
        return Stream.of(1L, 7L, 42L, 1234L).map(s -> "seed=" + s);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seeds")
    void inlineKeysRoundTripRandomInsertions(String seed) {
        Random rnd = new Random(Long.parseLong(seed.substring(5)));
        for (int t = 0; t < 500; t++) {
            int ilen = rnd.nextInt(13);
            StringBuilder alt = new StringBuilder();
            int key = ilen << 27;
            for (int i = 0; i <= ilen; i++) {
                char b = TABLE.charAt(rnd.nextInt(4));
                alt.append(b);
                key |= (b >> 1 & 3) << (25 - 2 * i);
            }
            assertEquals(Svar2IndelKeys.Lane.INLINE, Svar2IndelKeys.lane(key), alt.toString());
            assertEquals(ilen, Svar2IndelKeys.ilen(key));
            StringBuilder back = new StringBuilder();
            for (int i = 0; i <= ilen; i++) {
                back.append((char) Svar2IndelKeys.inlineBase(key, i));
            }
            assertEquals(alt.toString(), back.toString());
            int del = -1 - rnd.nextInt(1 << 20);
            assertEquals(del, Svar2IndelKeys.ilen(del << 1), "deletion " + del);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seeds")
    void genotypeBitsAreHaplotypeMajorLsbFirstWithoutPadding(String seed) {
        Random rnd = new Random(Long.parseLong(seed.substring(5)));
        int haps = 1 + rnd.nextInt(9);
        int vars = 1 + rnd.nextInt(13);
        boolean[][] want = new boolean[haps][vars];
        byte[] bytes = new byte[(int) Svar2GenotypeBits.matrixBytes(haps, vars)];
        for (int h = 0; h < haps; h++) {
            for (int v = 0; v < vars; v++) {
                want[h][v] = rnd.nextBoolean();
                int b = h * vars + v;
                if (want[h][v]) {
                    bytes[b >> 3] |= (byte) (1 << (b & 7));
                }
            }
        }
        assertEquals((haps * vars + 7) / 8, bytes.length);
        MemorySegment seg = MemorySegment.ofArray(bytes);
        for (int h = 0; h < haps; h++) {
            for (int v = 0; v < vars; v++) {
                assertEquals(want[h][v], Svar2GenotypeBits.carries(seg, vars, h, v), "h=" + h + " v=" + v);
            }
        }
    }

    @Test
    void genotypeBitsOfAHandBuiltMatrix() {
        // H=3, V=3: bits 0 (h0 v0), 4 (h1 v1) and 8 (h2 v2) set -> 0x11, 0x01.
        MemorySegment seg = MemorySegment.ofArray(new byte[]{0x11, 0x01});
        for (int h = 0; h < 3; h++) {
            for (int v = 0; v < 3; v++) {
                assertEquals(h == v, Svar2GenotypeBits.carries(seg, 3, h, v));
            }
        }
    }

    @Test
    void originsPackKindInTheTopTwoBits() {
        assertEquals(0xC000000000000005L, Svar2Origin.of(Svar2StreamKind.DENSE_INDEL, 5));
        assertEquals(7L, Svar2Origin.of(Svar2StreamKind.VAR_KEY_SNP, 7));
        for (Svar2StreamKind k : Svar2StreamKind.values()) {
            long o = Svar2Origin.of(k, (1L << 62) - 1);
            assertEquals(k, Svar2Origin.kind(o));
            assertEquals((1L << 62) - 1, Svar2Origin.index(o));
        }
        assertThrows(IllegalArgumentException.class, () -> Svar2Origin.of(Svar2StreamKind.DENSE_SNP, 1L << 62));
        assertThrows(IllegalArgumentException.class, () -> Svar2Origin.of(Svar2StreamKind.DENSE_SNP, -1));
        assertTrue(Svar2StreamKind.DENSE_SNP.dense() && Svar2StreamKind.DENSE_SNP.snp());
        assertFalse(Svar2StreamKind.VAR_KEY_INDEL.dense() || Svar2StreamKind.VAR_KEY_INDEL.snp());
    }
}
