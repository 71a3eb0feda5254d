package io.gvl.core.internal.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.kernel.ReverseComplement;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every {@link KernelProvider} must do, run once per implementation by its subclasses: each kernel on odd
 * sizes (around every vector width, where the loop tails are) and at odd offsets, checked against a plain
 * definition written here on Java arrays and against the other implementation, byte for byte. Buffers are
 * random bytes (seeded by size and offset) with one spare element after the range, so a write past the end shows.
 */
abstract class KernelProviderContract {
    private static final int[] SIZES = {0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 31, 33, 63, 64, 65, 127, 255, 1001,
        4099};
    private static final int OFFSETS = 3;

    /** The implementation under test. */
    abstract KernelProvider kernels();

    /** The implementation it is compared with. */
    abstract KernelProvider counterpart();

    static Stream<Integer> sizes() {
        return IntStream.of(SIZES).boxed();
    }

    /** One kernel applied to {@code n} elements at element {@code at}. */
    private interface Kernel {
        void apply(KernelProvider k, MemorySegment s, long at, long n);
    }

    /** The same operation on the little-endian bytes of a plain array, in place. */
    private interface Definition {
        void apply(byte[] bytes, int at, int n);
    }

    private void check(String what, int n, int elementBytes, Kernel kernel, Definition definition) {
        try (Arena arena = Arena.ofConfined()) {
            for (int at = 0; at < OFFSETS; at++) {
                int bytes = (n + at + 1) * elementBytes;
                byte[] input = new byte[bytes];
                new SplittableRandom(1_000_003L * n + at).nextBytes(input);
                byte[] want = input.clone();
                definition.apply(want, at, n);
                MemorySegment mine = arena.allocate(bytes);
                MemorySegment theirs = arena.allocate(bytes);
                MemorySegment.copy(input, 0, mine, ValueLayout.JAVA_BYTE, 0, bytes);
                MemorySegment.copy(input, 0, theirs, ValueLayout.JAVA_BYTE, 0, bytes);
                kernel.apply(kernels(), mine, at, n);
                kernel.apply(counterpart(), theirs, at, n);
                String where = what + " n=" + n + " at=" + at + " " + kernels().name();
                assertArrayEquals(want, mine.toArray(ValueLayout.JAVA_BYTE), where + " vs the definition");
                assertArrayEquals(theirs.toArray(ValueLayout.JAVA_BYTE), mine.toArray(ValueLayout.JAVA_BYTE),
                        where + " vs " + counterpart().name());
            }
        }
    }

    private static int getInt(byte[] b, int i) {
        return (b[4 * i] & 0xFF) | (b[4 * i + 1] & 0xFF) << 8 | (b[4 * i + 2] & 0xFF) << 16 | (b[4 * i + 3] & 0xFF) << 24;
    }

    private static void setInt(byte[] b, int i, int v) {
        for (int k = 0; k < 4; k++) {
            b[4 * i + k] = (byte) (v >>> (8 * k));
        }
    }

    private static byte complement(byte b) {
        return switch (b) {
            case 'A' -> 'T';
            case 'T' -> 'A';
            case 'C' -> 'G';
            case 'G' -> 'C';
            default -> b;
        };
    }

    private static void reverseComplementDefinition(byte[] b, int at, int n) {
        byte[] row = new byte[n];
        for (int i = 0; i < n; i++) {
            row[i] = complement(b[at + n - 1 - i]);
        }
        System.arraycopy(row, 0, b, at, n);
    }

    private static void reverseIntsDefinition(byte[] b, int at, int n) {
        int[] row = new int[n];
        for (int i = 0; i < n; i++) {
            row[i] = getInt(b, at + n - 1 - i);
        }
        for (int i = 0; i < n; i++) {
            setInt(b, at + i, row[i]);
        }
    }

    /** Random bytes hold few ACGT letters; these cases use DNA letters so complementing is exercised too. */
    private static void dna(MemorySegment s, long n, long seed) {
        byte[] letters = "ACGTNacgtRY".getBytes();
        SplittableRandom rng = new SplittableRandom(seed);
        for (long i = 0; i < n; i++) {
            s.set(ValueLayout.JAVA_BYTE, i, letters[rng.nextInt(letters.length)]);
        }
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void reverseComplementInPlaceOnAnyBytes(int n) {
        check("rc in place", n, 1, (k, s, at, len) -> k.reverseComplement().inPlace(s, at, len),
                KernelProviderContract::reverseComplementDefinition);
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void reverseComplementInPlaceOnDna(int n) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mine = arena.allocate(n + 2);
            MemorySegment theirs = arena.allocate(n + 2);
            dna(mine, n + 2, n);
            dna(theirs, n + 2, n);
            byte[] want = mine.toArray(ValueLayout.JAVA_BYTE);
            reverseComplementDefinition(want, 1, n);
            kernels().reverseComplement().inPlace(mine, 1, n);
            counterpart().reverseComplement().inPlace(theirs, 1, n);
            assertArrayEquals(want, mine.toArray(ValueLayout.JAVA_BYTE), "n=" + n + " vs the definition");
            assertArrayEquals(theirs.toArray(ValueLayout.JAVA_BYTE), mine.toArray(ValueLayout.JAVA_BYTE),
                    "n=" + n + " vs " + counterpart().name());
        }
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void reverseComplementCopy(int n) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(n + 3);
            dna(src, n + 3, 7L * n + 1);
            byte[] want = src.toArray(ValueLayout.JAVA_BYTE);
            reverseComplementDefinition(want, 3, n);
            ReverseComplement mine = kernels().reverseComplement();
            MemorySegment dst = arena.allocate(n + 2);
            dst.fill((byte) 0x5A);
            mine.copy(src, 3, dst, 1, n);
            MemorySegment other = arena.allocate(n + 2);
            other.fill((byte) 0x5A);
            counterpart().reverseComplement().copy(src, 3, other, 1, n);
            byte[] got = dst.toArray(ValueLayout.JAVA_BYTE);
            assertArrayEquals(Arrays.copyOfRange(want, 3, 3 + n), Arrays.copyOfRange(got, 1, 1 + n),
                    "n=" + n + " vs the definition");
            assertEquals((byte) 0x5A, got[0], "byte before the range");
            assertEquals((byte) 0x5A, got[n + 1], "byte after the range");
            assertArrayEquals(other.toArray(ValueLayout.JAVA_BYTE), got, "n=" + n + " vs " + counterpart().name());
        }
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void fillU8(int n) {
        check("fillU8", n, 1, (k, s, at, len) -> k.rowFill().fillU8(s, at, len, (byte) 'N'),
                (b, at, len) -> Arrays.fill(b, at, at + len, (byte) 'N'));
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void fillI32(int n) {
        check("fillI32", n, 4, (k, s, at, len) -> k.rowFill().fillI32(s, at, len, -7), (b, at, len) -> {
            for (int i = 0; i < len; i++) {
                setInt(b, at + i, -7);
            }
        });
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void fillF32KeepsTheNanPayload(int n) {
        int bits = 0x7fc00123;
        check("fillF32", n, 4, (k, s, at, len) -> k.rowFill().fillF32(s, at, len, Float.intBitsToFloat(bits)),
                (b, at, len) -> {
                    for (int i = 0; i < len; i++) {
                        setInt(b, at + i, bits);
                    }
                });
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void rampI32WrapsLikeIntArithmetic(int n) {
        int first = Integer.MAX_VALUE - 40;
        check("rampI32", n, 4, (k, s, at, len) -> k.rowFill().rampI32(s, at, len, first), (b, at, len) -> {
            for (int i = 0; i < len; i++) {
                setInt(b, at + i, first + i);
            }
        });
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void reverseI32(int n) {
        check("reverseI32", n, 4, (k, s, at, len) -> k.rowFill().reverseI32(s, at, len),
                KernelProviderContract::reverseIntsDefinition);
    }

    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void reverseF32MovesRawBits(int n) {
        check("reverseF32", n, 4, (k, s, at, len) -> k.rowFill().reverseF32(s, at, len),
                KernelProviderContract::reverseIntsDefinition);
    }

    /** Runs that end at the end of their segment, heap and off-heap: a masked or overlapping store stays inside. */
    @ParameterizedTest(name = "n={0}")
    @MethodSource("sizes")
    void fillF32EndingAtTheSegmentEnd(int n) {
        for (int at = 0; at < OFFSETS; at++) {
            float[] want = new float[at + n];
            float[] got = new float[at + n];
            Arrays.fill(want, at, at + n, -2.5f);
            kernels().rowFill().fillF32(MemorySegment.ofArray(got), at, n, -2.5f);
            assertArrayEquals(want, got, "heap n=" + n + " at=" + at + " " + kernels().name());
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment exact = arena.allocate(Math.max(1, (at + n) * 4L)).asSlice(0, (at + n) * 4L);
                kernels().rowFill().fillF32(exact, at, n, -2.5f);
                assertArrayEquals(Arrays.copyOfRange(want, at, at + n),
                        exact.asSlice(at * 4L).toArray(ValueLayout.JAVA_FLOAT), "off-heap n=" + n + " at=" + at);
            }
        }
    }

    /**
     * Runs painted front to back (seed = size): touching runs, gaps, runs inside earlier ones, runs clipped at
     * either end of {@code [lo, hi)} and runs outside it, as a plain definition paints them, up to the returned
     * cursor; nothing is written before {@code lo} or at or past {@code hi}, and the returned cursor is the
     * definition's. Mirrored, the same row reversed within {@code [lo, hi)}: the definition's elements up to the
     * cursor, at their mirror images.
     */
    @ParameterizedTest(name = "runs={0}")
    @MethodSource("sizes")
    void paintRunsMatchesThePlainDefinition(int n) {
        paintRunsMatchesThePlainDefinition(n, false);
    }

    @ParameterizedTest(name = "runs={0}")
    @MethodSource("sizes")
    void mirroredPaintRunsMatchesThePlainDefinitionReversed(int n) {
        paintRunsMatchesThePlainDefinition(n, true);
    }

    private void paintRunsMatchesThePlainDefinition(int n, boolean mirrored) {
        SplittableRandom rnd = new SplittableRandom(n);
        for (int round = 0; round < 20; round++) {
            int[] starts = new int[n];
            int[] ends = new int[n];
            int[] bits = new int[n];
            int pos = rnd.nextInt(40);
            for (int i = 0; i < n; i++) {
                int kind = rnd.nextInt(20);
                int start = kind == 0 ? pos + 1 + rnd.nextInt(50) // a gap
                        : kind == 1 && i > 0 ? Math.max(starts[i - 1], pos - 1 - rnd.nextInt(8)) // starts inside
                        : pos;
                int len = 1 + rnd.nextInt(kind == 2 ? 100 : 40);
                starts[i] = start;
                ends[i] = kind == 1 && i > 0 ? Math.min(start + len, pos) : start + len; // may end inside
                bits[i] = rnd.nextInt();
                pos = Math.max(pos, ends[i]);
            }
            int shift = rnd.nextInt(30) - 10;
            int lo = rnd.nextInt(20);
            int hi = lo + rnd.nextInt(pos + 40);
            int size = hi + 50;
            int[] want = new int[size];
            Arrays.fill(want, 0x5a5a5a5a);
            long wantCursor = lo;
            for (int i = 0; i < n; i++) {
                int from = Math.max(starts[i] + shift, lo);
                int to = Math.min(ends[i] + shift, hi);
                if (to <= from) {
                    continue;
                }
                for (long p = wantCursor; p < from; p++) {
                    want[(int) p] = 0;
                }
                Arrays.fill(want, from, to, bits[i]);
                wantCursor = Math.max(wantCursor, to);
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment got = arena.allocate(4L * size);
                got.fill((byte) 0x5a);
                long cursor = kernels().rowFill().paintRuns(starts, ends, bits, n, shift, lo, hi, lo, mirrored, got);
                String c = "runs=" + n + " round=" + round + " mirrored=" + mirrored + " " + kernels().name();
                assertEquals(wantCursor, cursor, c + ": cursor");
                int[] have = got.toArray(ValueLayout.JAVA_INT);
                if (mirrored) {
                    // Element p of the definition is at lo + hi - 1 - p.
                    int[] painted = new int[(int) cursor - lo];
                    for (int p = lo; p < cursor; p++) {
                        painted[p - lo] = have[lo + hi - 1 - p];
                    }
                    assertArrayEquals(Arrays.copyOfRange(want, lo, (int) cursor), painted, c);
                } else {
                    assertArrayEquals(Arrays.copyOfRange(want, lo, (int) cursor), Arrays.copyOfRange(have, lo,
                            (int) cursor), c);
                }
                int[] untouched = new int[lo];
                Arrays.fill(untouched, 0x5a5a5a5a);
                assertArrayEquals(untouched, Arrays.copyOfRange(have, 0, lo), c + ": wrote before lo");
                assertArrayEquals(Arrays.copyOfRange(want, hi, size), Arrays.copyOfRange(have, hi, size),
                        c + ": wrote at or past hi");
            }
        }
    }
}
