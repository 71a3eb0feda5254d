package io.gvl.core.buffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

class DenseTest {

    @Test
    void fixedLengthIsAReshape() {
        try (Dense d = Dense.allocate(DType.U8, new long[] {2, 2, 3}); Arena arena = Arena.ofConfined()) {
            MemorySegment.copy("ACGTTANNNCCC".getBytes(), 0, d.data(), ValueLayout.JAVA_BYTE, 0, 12);
            assertEquals(4, d.rows());
            assertEquals(3, d.width());
            assertArrayEquals("NNN".getBytes(), d.row(2).toArray(ValueLayout.JAVA_BYTE));
            Ragged r = d.asRagged(arena);
            assertArrayEquals(new long[] {2, 2}, r.shape());
            assertArrayEquals("TTA".getBytes(), r.rowBytes(1));
            assertEquals(d.data().address(), r.data().address());
        }
    }

    @Test
    void sliceLeadingIsAView() {
        try (Dense d = Dense.allocate(DType.I32, new long[] {4, 2, 3})) {
            for (int i = 0; i < 24; i++) {
                d.data().setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, i);
            }
            Dense mid = d.sliceLeading(1, 3);
            assertArrayEquals(new long[] {2, 2, 3}, mid.shape());
            assertArrayEquals(new long[] {2, 2}, mid.leadingShape());
            assertEquals(6, mid.data().getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, 0));
            assertEquals(2 * 2 * 3 * 4, mid.byteSize());
            assertThrows(IndexOutOfBoundsException.class, () -> d.sliceLeading(3, 5));
        }
    }

    @Test
    void wrapChecksSize() {
        assertThrows(IllegalArgumentException.class,
                () -> Dense.wrap(DType.F32, new long[] {2, 2}, MemorySegment.ofArray(new byte[15])));
        assertEquals(4, Dense.wrap(DType.F32, new long[] {2, 2}, MemorySegment.ofArray(new byte[16])).rows() * 2);
        assertThrows(IllegalArgumentException.class, () -> Dense.allocate(DType.U8, new long[] {}));
    }

    @Test
    void closedBufferThrowsIllegalState() {
        Dense d = Dense.allocate(DType.I64, new long[] {3});
        d.close();
        d.close();
        assertThrows(IllegalStateException.class, d::data);
        assertThrows(IllegalStateException.class, () -> d.row(0));
    }
}
