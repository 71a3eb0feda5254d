package io.gvl.core.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.KernelProvider;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ReverseComplementTest {
    private static final int[] SIZES = {0, 1, 2, 3, 7, 15, 16, 17, 31, 32, 33, 47, 63, 64, 65, 95, 127, 128, 129,
        255, 256, 257, 1000, 4095, 4096, 4097, (1 << 20) + 3};
    private static final byte[] DNA = "ACGTN".getBytes();

    /** Obvious definition: complement A/C/G/T (upper case only), reverse. */
    private static byte[] expected(byte[] in) {
        byte[] out = new byte[in.length];
        for (int i = 0; i < in.length; i++) {
            out[in.length - 1 - i] = ReverseComplement.complement(in[i]);
        }
        return out;
    }

    /** Half the cases use every byte value (boundary bytes such as 0x00, 0x7F, 0x80, 0xFF, lower case, IUPAC). */
    private static byte[] randomBytes(long seed, int n) {
        SplittableRandom rng = new SplittableRandom(seed);
        byte[] b = new byte[n];
        boolean allBytes = (seed & 1) == 1;
        for (int i = 0; i < n; i++) {
            b[i] = allBytes ? (byte) rng.nextInt(256) : DNA[rng.nextInt(DNA.length)];
        }
        return b;
    }

    static Stream<Arguments> cases() {
        return IntStream.range(0, SIZES.length).boxed().flatMap(i -> Stream.of(
                Arguments.of(SIZES[i], 1000L + 2 * i), Arguments.of(SIZES[i], 1001L + 2 * i)));
    }

    static Stream<ReverseComplement> implementations() {
        return Stream.of(KernelProvider.scalar().reverseComplement(), KernelProvider.vector().reverseComplement());
    }

    @Test
    void complementRuleIsUpperCaseAcgtOnly() {
        for (int b = 0; b < 256; b++) {
            byte expected = switch (b) {
                case 'A' -> 'T';
                case 'T' -> 'A';
                case 'C' -> 'G';
                case 'G' -> 'C';
                default -> (byte) b;
            };
            assertEquals(expected, ReverseComplement.complement((byte) b), "byte " + b);
        }
    }

    @Test
    void knownSequence() {
        byte[] in = "AACGTNacgtRYx".getBytes();
        assertArrayEquals("xYRtgcaNACGTT".getBytes(), expected(in));
        implementations().forEach(rc -> {
            MemorySegment seg = MemorySegment.ofArray(in.clone());
            rc.inPlace(seg, 0, in.length);
            assertArrayEquals("xYRtgcaNACGTT".getBytes(), seg.toArray(ValueLayout.JAVA_BYTE), rc.name());
        });
    }

    @ParameterizedTest(name = "size={0} seed={1}")
    @MethodSource("cases")
    void vectorAndScalarMatchTheDefinitionInPlace(int size, long seed) {
        byte[] in = randomBytes(seed, size);
        byte[] want = expected(in);
        // Embed the row at an odd offset inside a larger off-heap segment; the guard bytes must not change.
        try (Arena arena = Arena.ofConfined()) {
            for (ReverseComplement rc : implementations().toList()) {
                MemorySegment seg = arena.allocate(size + 10);
                seg.fill((byte) 0x5A);
                MemorySegment.copy(in, 0, seg, ValueLayout.JAVA_BYTE, 3, size);
                rc.inPlace(seg, 3, size);
                assertArrayEquals(want, seg.asSlice(3, size).toArray(ValueLayout.JAVA_BYTE), rc.name());
                assertGuards(seg, 3, size);
            }
        }
    }

    @ParameterizedTest(name = "size={0} seed={1}")
    @MethodSource("cases")
    void vectorAndScalarMatchTheDefinitionOutOfPlace(int size, long seed) {
        byte[] in = randomBytes(seed, size);
        byte[] want = expected(in);
        try (Arena arena = Arena.ofConfined()) {
            for (ReverseComplement rc : implementations().toList()) {
                MemorySegment src = arena.allocate(size + 5);
                MemorySegment.copy(in, 0, src, ValueLayout.JAVA_BYTE, 5, size);
                MemorySegment dst = arena.allocate(size + 10);
                dst.fill((byte) 0x5A);
                rc.copy(src, 5, dst, 3, size);
                assertArrayEquals(want, dst.asSlice(3, size).toArray(ValueLayout.JAVA_BYTE), rc.name());
                assertGuards(dst, 3, size);
                assertArrayEquals(in, src.asSlice(5, size).toArray(ValueLayout.JAVA_BYTE), "source untouched");
            }
        }
    }

    private static void assertGuards(MemorySegment seg, int offset, int size) {
        for (long i = 0; i < seg.byteSize(); i++) {
            if (i < offset || i >= offset + size) {
                assertEquals((byte) 0x5A, seg.get(ValueLayout.JAVA_BYTE, i), "guard byte " + i + " changed");
            }
        }
    }

    @Test
    void vectorPathIsChosenUnderTheProjectFlags() {
        // Surefire runs with --add-modules=jdk.incubator.vector; a missing vector path there is a build problem.
        assertTrue(KernelProvider.get().reverseComplement().name().startsWith("vector-"),
                KernelProvider.choice().message());
    }

    @Test
    void rangesAreChecked() {
        MemorySegment seg = MemorySegment.ofArray(new byte[8]);
        implementations().forEach(rc -> {
            assertThrows(IndexOutOfBoundsException.class, () -> rc.inPlace(seg, 4, 5));
            assertThrows(IndexOutOfBoundsException.class, () -> rc.copy(seg, 0, seg, 6, 4));
        });
    }

    @ParameterizedTest(name = "seed={0} parallel={1}")
    @MethodSource("raggedCases")
    void raggedRowsWithMaskSerialEqualsParallel(long seed, String parallel) {
        SplittableRandom rng = new SplittableRandom(seed);
        int rows = 37;
        long[] lengths = new long[rows];
        for (int i = 0; i < rows; i++) {
            lengths[i] = rng.nextInt(200_000);
        }
        BitSet mask = new BitSet();
        for (int i = 0; i < rows; i++) {
            if (rng.nextBoolean()) {
                mask.set(i);
            }
        }
        try (Ragged src = Ragged.allocate(DType.U8, new long[] {rows}, lengths);
             Ragged inPlace = Ragged.allocate(DType.U8, new long[] {rows}, lengths);
             Ragged copied = Ragged.allocate(DType.U8, new long[] {rows}, lengths)) {
            byte[] all = randomBytes(seed, (int) src.totalLength());
            MemorySegment.copy(all, 0, src.data(), ValueLayout.JAVA_BYTE, 0, all.length);
            MemorySegment.copy(all, 0, inPlace.data(), ValueLayout.JAVA_BYTE, 0, all.length);
            String before = System.getProperty("gvl.parallel");
            System.setProperty("gvl.parallel", parallel);
            try {
                KernelProvider.get().reverseComplement().rowsInPlace(inPlace, mask);
                KernelProvider.get().reverseComplement().rowsCopy(src, copied, mask);
            } finally {
                restore(before);
            }
            for (int i = 0; i < rows; i++) {
                byte[] row = src.rowBytes(i);
                byte[] want = mask.get(i) ? expected(row) : row;
                assertArrayEquals(want, inPlace.rowBytes(i), "in place row " + i);
                assertArrayEquals(want, copied.rowBytes(i), "copy row " + i);
            }
        }
    }

    static Stream<Arguments> raggedCases() {
        return Stream.of(Arguments.of(7L, "never"), Arguments.of(7L, "always"), Arguments.of(8L, "always"));
    }

    private static void restore(String before) {
        if (before == null) {
            System.clearProperty("gvl.parallel");
        } else {
            System.setProperty("gvl.parallel", before);
        }
    }

    @Test
    void rejectsNonByteRows() {
        try (Ragged ints = Ragged.allocate(DType.I32, new long[] {1}, new long[] {3})) {
            assertThrows(IllegalArgumentException.class,
                    () -> KernelProvider.scalar().reverseComplement().rowsInPlace(ints, null));
        }
    }
}
