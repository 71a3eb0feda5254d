package io.gvl.core.internal.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
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
        return IntStream.of(0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 31, 33, 63, 64, 65, 127, 255, 1001).boxed();
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

    /** Runs that end at the end of their segment: a masked or overlapping store must stay inside it. */
    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void fillF32EndingAtTheSegmentEnd(int n) {
        assumeTrue(VectorSupport.available(), "Vector API unavailable: " + VectorSupport.unavailableReason());
        for (int at = 0; at < 3; at++) {
            float[] want = new float[at + n];
            float[] got = new float[at + n];
            java.util.Arrays.fill(want, at, at + n, -2.5f);
            RowFill.vector().fillF32(MemorySegment.ofArray(got), at, n, -2.5f);
            assertArrayEquals(want, got, "n=" + n + " at=" + at);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment off = arena.allocate(Math.max(1, (at + n) * 4L)).asSlice(0, (at + n) * 4L);
                RowFill.vector().fillF32(off, at, n, -2.5f);
                assertArrayEquals(java.util.Arrays.copyOfRange(want, at, at + n),
                        off.asSlice(at * 4L).toArray(ValueLayout.JAVA_FLOAT), "off-heap n=" + n + " at=" + at);
            }
        }
    }

    /** A fill allowed to run ahead: the run itself and everything from the limit on as the scalar fill leaves them. */
    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void fillF32AheadStaysBeforeItsLimit(int n) {
        assumeTrue(VectorSupport.available(), "Vector API unavailable: " + VectorSupport.unavailableReason());
        for (int ahead : new int[] {0, 1, 5, 16, 31, 32, 33, 64, 100}) {
            int at = ahead % 3;
            int limit = at + n + ahead;
            int size = limit + 40;
            float[] want = new float[size];
            float[] got = new float[size];
            java.util.Arrays.fill(want, 7f);
            java.util.Arrays.fill(got, 7f);
            RowFill.scalar().fillF32Ahead(MemorySegment.ofArray(want), at, n, -1f, limit);
            RowFill.vector().fillF32Ahead(MemorySegment.ofArray(got), at, n, -1f, limit);
            String c = "n=" + n + " ahead=" + ahead;
            assertArrayEquals(java.util.Arrays.copyOfRange(want, 0, at + n),
                    java.util.Arrays.copyOfRange(got, 0, at + n), c);
            assertArrayEquals(java.util.Arrays.copyOfRange(want, limit, size),
                    java.util.Arrays.copyOfRange(got, limit, size),
                    c + ": wrote at or past the limit");
            for (int i = at + n; i < limit; i++) {
                assertTrue(got[i] == 7f || got[i] == -1f, c + ": element " + i + " holds another value");
            }
        }
    }
}
