package io.gvl.core.buffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class OneHotTest {

    /** The definition written out: channel c of row b at position l is 1 iff base (b, l) is "ACGT"[c], any case. */
    private static float[] expected(byte[] seqs, int rows, int length) {
        float[] out = new float[rows * 4 * length];
        String upper = "ACGT";
        for (int b = 0; b < rows; b++) {
            for (int l = 0; l < length; l++) {
                char base = Character.toUpperCase((char) (seqs[b * length + l] & 0xFF));
                int c = upper.indexOf(base);
                if (c >= 0 && (seqs[b * length + l] & 0x80) == 0) {
                    out[(b * 4 + c) * length + l] = 1f;
                }
            }
        }
        return out;
    }

    static Stream<Arguments> cases() {
        return Stream.of(new long[] {11, 1, 1}, new long[] {12, 3, 7}, new long[] {13, 5, 64}, new long[] {14, 2, 1001},
                new long[] {15, 0, 9}, new long[] {16, 4, 0})
                .map(c -> Arguments.of("seed=" + c[0] + " rows=" + c[1] + " length=" + c[2], c[0], (int) c[1],
                        (int) c[2]));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void encodesLikeTheDefinition(String name, long seed, int rows, int length) {
        SplittableRandom rng = new SplittableRandom(seed);
        byte[] alphabet = "ACGTacgtNnRY-\0\u00ff".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        byte[] seqs = new byte[rows * length];
        for (int i = 0; i < seqs.length; i++) {
            seqs[i] = alphabet[rng.nextInt(alphabet.length)];
        }
        try (Arena arena = Arena.ofConfined()) {
            Dense in = Dense.wrap(DType.U8, new long[] {rows, length}, arena.allocateFrom(ValueLayout.JAVA_BYTE, seqs));
            Dense out = OneHot.encode(in, arena);
            assertArrayEquals(new long[] {rows, 4, length}, out.shape());
            assertArrayEquals(expected(seqs, rows, length), out.data().toArray(ValueLayout.JAVA_FLOAT));
        }
    }

    @Test
    void keepsLeadingAxes() {
        try (Arena arena = Arena.ofConfined()) {
            byte[] seqs = "ACGTNAcg".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            Dense in = Dense.wrap(DType.U8, new long[] {2, 2, 2}, arena.allocateFrom(ValueLayout.JAVA_BYTE, seqs));
            Dense out = OneHot.encode(in, arena);
            assertArrayEquals(new long[] {2, 2, 4, 2}, out.shape());
            assertArrayEquals(expected(seqs, 4, 2), out.data().toArray(ValueLayout.JAVA_FLOAT));
        }
    }

    @Test
    void overwritesStaleValues() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seqs = arena.allocateFrom("AN", java.nio.charset.StandardCharsets.US_ASCII).asSlice(0, 2);
            MemorySegment out = arena.allocate(8 * Float.BYTES);
            out.fill((byte) 0x3f);
            OneHot.encode(seqs, out, 1, 2);
            assertArrayEquals(new float[] {1, 0, 0, 0, 0, 0, 0, 0}, out.toArray(ValueLayout.JAVA_FLOAT));
        }
    }

    @Test
    void channelsAreAcgtInEitherCase() {
        assertEquals(0, OneHot.channel((byte) 'a'));
        assertEquals(1, OneHot.channel((byte) 'C'));
        assertEquals(2, OneHot.channel((byte) 'g'));
        assertEquals(3, OneHot.channel((byte) 'T'));
        assertEquals(-1, OneHot.channel((byte) 'N'));
        assertEquals(-1, OneHot.channel((byte) 0xC1));
    }

    @Test
    void refusesWrongShapesAndSmallSegments() {
        try (Arena arena = Arena.ofConfined()) {
            Dense f32 = Dense.allocate(arena, DType.F32, new long[] {2, 3});
            assertThrows(IllegalArgumentException.class, () -> OneHot.encode(f32, arena));
            MemorySegment small = arena.allocate(4);
            assertThrows(IllegalArgumentException.class, () -> OneHot.encode(arena.allocate(3), small, 1, 3));
        }
    }
}
