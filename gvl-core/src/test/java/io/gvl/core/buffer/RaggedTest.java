package io.gvl.core.buffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RaggedTest {

    private static Ragged bytes(String... rows) {
        long[] lengths = new long[rows.length];
        for (int i = 0; i < rows.length; i++) {
            lengths[i] = rows[i].length();
        }
        Ragged r = Ragged.allocate(DType.U8, new long[] {rows.length}, lengths);
        for (int i = 0; i < rows.length; i++) {
            MemorySegment.copy(rows[i].getBytes(), 0, r.row(i), ValueLayout.JAVA_BYTE, 0, rows[i].length());
        }
        return r;
    }

    @Test
    void layoutMatchesOffsets() {
        try (Ragged r = Ragged.allocate(DType.I32, new long[] {2, 3}, new long[] {1, 0, 4, 2, 2, 5})) {
            assertEquals(6, r.rows());
            assertArrayEquals(new long[] {2, 3}, r.shape());
            assertArrayEquals(new long[] {0, 1, 1, 5, 7, 9, 14},
                    r.offsets().toArray(ValueLayout.JAVA_LONG));
            assertEquals(14L * 4, r.data().byteSize());
            assertEquals(4, r.length(2));
            assertEquals(5, r.maxLength());
            assertEquals(14, r.totalLength());
            r.row(3).setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, 1, 42);
            assertEquals(42, r.data().getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, 6));
        }
    }

    @Test
    void rowViewsAreZeroCopy() {
        try (Ragged r = bytes("ACGT", "", "NN")) {
            MemorySegment row = r.row(2);
            row.set(ValueLayout.JAVA_BYTE, 0, (byte) 'A');
            assertArrayEquals("AN".getBytes(), r.rowBytes(2));
            assertEquals(r.data().address() + 4, row.address());
            assertEquals(0, r.row(1).byteSize());
        }
    }

    @Test
    void paddingAndBackRoundTrip() {
        try (Ragged r = bytes("ACGT", "", "NNA"); Arena arena = Arena.ofConfined()) {
            Dense padded = r.toPadded(arena, 'N');
            assertArrayEquals(new long[] {3, 4}, padded.shape());
            assertEquals("ACGTNNNNNNAN", new String(padded.data().toArray(ValueLayout.JAVA_BYTE)));
            Dense wide = r.toPadded(arena, 6, '.');
            assertEquals("ACGT........NNA...", new String(wide.data().toArray(ValueLayout.JAVA_BYTE)));
            Ragged back = Ragged.fromPadded(arena, padded, new long[] {4, 0, 3});
            for (int i = 0; i < 3; i++) {
                assertArrayEquals(r.rowBytes(i), back.rowBytes(i));
            }
            assertThrows(IllegalArgumentException.class, () -> r.toPadded(arena, 3, 0));
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {1, 2, 3})
    void floatPaddingRoundTripSeeded(long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int rows = 1 + rng.nextInt(50);
        long[] lengths = LongStream.generate(() -> rng.nextInt(33)).limit(rows).toArray();
        try (Arena arena = Arena.ofConfined()) {
            Ragged r = Ragged.allocate(arena, DType.F32, new long[] {rows}, lengths);
            for (long i = 0; i < r.totalLength(); i++) {
                r.data().setAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i, (float) rng.nextDouble());
            }
            Dense d = r.toPadded(arena, 0);
            for (int i = 0; i < rows; i++) {
                for (long j = 0; j < d.width(); j++) {
                    float got = d.row(i).getAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, j);
                    float want = j < lengths[i] ? r.row(i).getAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, j) : 0f;
                    assertEquals(want, got);
                }
            }
            Ragged back = Ragged.fromPadded(arena, d, lengths);
            assertArrayEquals(r.data().toArray(ValueLayout.JAVA_BYTE), back.data().toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void slicesAreViewsWithRebasedOffsets() {
        try (Ragged r = bytes("AC", "GTT", "", "A")) {
            Ragged s = r.slice(1, 4);
            assertEquals(3, s.rows());
            assertArrayEquals(new long[] {0, 3, 3, 4}, s.offsets().toArray(ValueLayout.JAVA_LONG));
            assertArrayEquals("GTT".getBytes(), s.rowBytes(0));
            s.row(2).set(ValueLayout.JAVA_BYTE, 0, (byte) 'T');
            assertArrayEquals("T".getBytes(), r.rowBytes(3));
            assertThrows(IndexOutOfBoundsException.class, () -> r.slice(2, 5));
        }
    }

    @Test
    void sliceLeadingKeepsTheInnerShape() {
        // Shape (3 instances, 2 haplotypes): instances 1..2 are rows 2..5.
        try (Ragged r = bytes("A", "CC", "GGG", "", "T", "NN")) {
            Ragged twoByTwo = Ragged.wrap(DType.U8, new long[] {3, 2}, r.data(), r.offsets());
            Ragged tail = twoByTwo.sliceLeading(1, 3);
            assertArrayEquals(new long[] {2, 2}, tail.leadingShape());
            assertArrayEquals(new long[] {0, 3, 3, 4, 6}, tail.offsets().toArray(ValueLayout.JAVA_LONG));
            assertArrayEquals("NN".getBytes(), tail.rowBytes(3));
            assertEquals(6 + 5 * 8, tail.byteSize());
            assertEquals(0, twoByTwo.sliceLeading(2, 2).rows());
            assertThrows(IndexOutOfBoundsException.class, () -> twoByTwo.sliceLeading(1, 4));
        }
    }

    @Test
    void wrapValidatesOffsets() {
        MemorySegment data = MemorySegment.ofArray(new byte[4]);
        assertEquals(2, Ragged.wrap(DType.U8, new long[] {2}, data,
                MemorySegment.ofArray(new long[] {0, 1, 4})).rows());
        assertThrows(IllegalArgumentException.class, () -> Ragged.wrap(DType.U8, new long[] {2}, data,
                MemorySegment.ofArray(new long[] {0, 3, 2})));
        assertThrows(IllegalArgumentException.class, () -> Ragged.wrap(DType.U8, new long[] {2}, data,
                MemorySegment.ofArray(new long[] {1, 2, 3})));
        assertThrows(IllegalArgumentException.class, () -> Ragged.wrap(DType.U8, new long[] {2}, data,
                MemorySegment.ofArray(new long[] {0, 2, 5})));
        assertThrows(IllegalArgumentException.class, () -> Ragged.wrap(DType.U8, new long[] {3}, data,
                MemorySegment.ofArray(new long[] {0, 2, 4})));
    }

    @Test
    void badAllocationsAreRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> Ragged.allocate(DType.U8, new long[] {2}, new long[] {1}));
        assertThrows(IllegalArgumentException.class,
                () -> Ragged.allocate(DType.U8, new long[] {1}, new long[] {-1}));
        assertThrows(IllegalArgumentException.class,
                () -> Ragged.allocate(DType.U8, new long[] {-1}, new long[] {}));
    }

    @Test
    void useAfterCloseIsAClearIllegalStateAndCloseIsIdempotent() {
        Ragged r = bytes("ACGT");
        MemorySegment view = r.row(0);
        Ragged slice = r.slice(0, 1);
        r.close();
        r.close();
        assertFalse(r.isOpen());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> r.row(0));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertThrows(IllegalStateException.class, r::data);
        assertThrows(IllegalStateException.class, () -> view.get(ValueLayout.JAVA_BYTE, 0));
        assertThrows(IllegalStateException.class, () -> slice.row(0));
    }

    @Test
    void borrowedMemoryDiesWithItsArena() {
        Arena arena = Arena.ofShared();
        Ragged r = Ragged.allocate(arena, DType.U8, new long[] {1}, new long[] {3});
        r.close(); // borrowing: close only marks this view closed
        Ragged other = Ragged.allocate(arena, DType.U8, new long[] {1}, new long[] {3});
        assertTrue(other.isOpen());
        arena.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> other.row(0));
        assertTrue(e.getMessage().contains("Arena"), e.getMessage());
    }
}
