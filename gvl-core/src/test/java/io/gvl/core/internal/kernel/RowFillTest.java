package io.gvl.core.internal.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The Vector API {@link RowFill} against the scalar one on odd sizes and offsets, byte for byte. */
class RowFillTest {

    static Stream<Integer> sizes() {
        return IntStream.of(0, 1, 3, 7, 8, 9, 15, 16, 17, 31, 33, 63, 64, 65, 127, 255, 1001).boxed();
    }

    private static MemorySegment random(Arena arena, long bytes, long seed) {
        byte[] b = new byte[(int) bytes];
        new Random(seed).nextBytes(b);
        MemorySegment s = arena.allocate(bytes + 1);
        MemorySegment.copy(MemorySegment.ofArray(b), 0, s, 0, bytes);
        return s;
    }

    private interface Op {
        void apply(RowFill f, MemorySegment s, long at, long n);
    }

    private static void compare(int n, Op op) {
        assumeTrue(VectorSupport.available(), "Vector API unavailable: " + VectorSupport.unavailableReason());
        RowFill vector = RowFill.vector();
        assertEquals(true, vector.name().startsWith("vector-"), vector.name());
        try (Arena arena = Arena.ofConfined()) {
            for (long at = 0; at < 3; at++) {
                long bytes = (n + at + 2) * 4L;
                MemorySegment a = random(arena, bytes, n * 31L + at);
                MemorySegment b = random(arena, bytes, n * 31L + at);
                op.apply(RowFill.scalar(), a, at, n);
                op.apply(vector, b, at, n);
                assertArrayEquals(a.toArray(ValueLayout.JAVA_BYTE), b.toArray(ValueLayout.JAVA_BYTE),
                        "n=" + n + " at=" + at);
            }
        }
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void fillU8(int n) {
        compare(n, (f, s, at, len) -> f.fillU8(s, at * 3 + 1, len, (byte) 'N'));
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void fillI32(int n) {
        compare(n, (f, s, at, len) -> f.fillI32(s, at, len, -1));
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void fillF32(int n) {
        compare(n, (f, s, at, len) -> f.fillF32(s, at, len, Float.intBitsToFloat(0x7fc00123)));
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void rampI32(int n) {
        compare(n, (f, s, at, len) -> f.rampI32(s, at, len, Integer.MAX_VALUE - 40));
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void reverseI32(int n) {
        compare(n, (f, s, at, len) -> f.reverseI32(s, at, len));
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void reverseF32(int n) {
        compare(n, (f, s, at, len) -> f.reverseF32(s, at, len));
    }
}
