package io.gvl.core.kernel;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;

/**
 * Reverse complement of DNA bytes with GVL's rule: {@code A<->T} and {@code C<->G} for upper-case letters only;
 * every other byte ({@code N}, lower case, IUPAC codes, anything) is kept as is and only moves.
 *
 * <p>Two implementations sit behind this interface, a scalar one and a Vector API one, byte-identical by test.
 * gvl's kernel provider chooses one of them once per JVM ({@code -Dgvl.kernels=scalar|vector} forces either).
 * Implementations are stateless and thread-safe.
 */
public interface ReverseComplement {

    /**
     * The complement of one byte under GVL's rule.
     *
     * @param b an ASCII base
     * @return its complement
     */
    static byte complement(byte b) {
        return switch (b) {
            case 'A' -> 'T';
            case 'T' -> 'A';
            case 'C' -> 'G';
            case 'G' -> 'C';
            default -> b;
        };
    }

    /**
     * Implementation name, e.g. {@code scalar} or {@code vector-256}.
     *
     * @return the name
     */
    String name();

    /**
     * Reverse-complements {@code length} bytes of {@code seq} starting at byte {@code offset}, in place.
     *
     * @param seq the bytes
     * @param offset the first byte
     * @param length the number of bytes
     */
    void inPlace(MemorySegment seq, long offset, long length);

    /**
     * Writes the reverse complement of {@code src[srcOffset, srcOffset + length)} to
     * {@code dst[dstOffset, dstOffset + length)}. The two ranges must not overlap.
     *
     * @param src the source bytes
     * @param srcOffset the first source byte
     * @param dst the destination bytes
     * @param dstOffset the first destination byte
     * @param length the number of bytes
     */
    void copy(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset, long length);

    /**
     * Reverse-complements, in place, each row {@code i} of a {@link DType#U8} ragged buffer for which
     * {@code mask} is null or has bit {@code i} set. Rows go through {@link RowParallelism}.
     *
     * @param rows the rows, changed in place
     * @param mask the rows to change, or {@code null} for all
     * @throws IllegalArgumentException if the buffer is not {@link DType#U8}
     */
    default void rowsInPlace(Ragged rows, BitSet mask) {
        requireU8(rows);
        MemorySegment data = rows.data();
        MemorySegment offsets = rows.offsets();
        long n = rows.rows();
        RowParallelism.forEachRange(n, rows.totalLength(), (from, to) -> {
            for (long i = from; i < to; i++) {
                if (mask == null || mask.get(Math.toIntExact(i))) {
                    long start = offset(offsets, i);
                    inPlace(data, start, offset(offsets, i + 1) - start);
                }
            }
        });
    }

    /**
     * Copies {@code src} rows into {@code dst} rows of the same lengths, reverse-complementing rows whose bit is
     * set in {@code mask} (all rows when {@code mask} is null) and copying the others unchanged.
     *
     * @param src the rows to read
     * @param dst rows of the same lengths to write
     * @param mask the rows to reverse-complement, or {@code null} for all
     * @throws IllegalArgumentException if a buffer is not {@link DType#U8} or the row lengths differ
     */
    default void rowsCopy(Ragged src, Ragged dst, BitSet mask) {
        requireU8(src);
        requireU8(dst);
        long n = src.rows();
        if (dst.rows() != n) {
            throw new IllegalArgumentException("source has " + n + " rows, destination " + dst.rows());
        }
        MemorySegment srcOffsets = src.offsets();
        MemorySegment dstOffsets = dst.offsets();
        for (long i = 0; i < n; i++) {
            long srcLen = offset(srcOffsets, i + 1) - offset(srcOffsets, i);
            if (srcLen != offset(dstOffsets, i + 1) - offset(dstOffsets, i)) {
                throw new IllegalArgumentException("row " + i + " lengths differ: " + src.length(i)
                        + " vs " + dst.length(i));
            }
        }
        MemorySegment s = src.data();
        MemorySegment d = dst.data();
        RowParallelism.forEachRange(n, src.totalLength(), (from, to) -> {
            for (long i = from; i < to; i++) {
                long at = offset(srcOffsets, i);
                long len = offset(srcOffsets, i + 1) - at;
                long dOff = offset(dstOffsets, i);
                if (mask == null || mask.get(Math.toIntExact(i))) {
                    copy(s, at, d, dOff, len);
                } else {
                    MemorySegment.copy(s, at, d, dOff, len);
                }
            }
        });
    }

    private static long offset(MemorySegment offsets, long i) {
        return offsets.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
    }

    private static void requireU8(Ragged r) {
        if (r.dtype() != DType.U8) {
            throw new IllegalArgumentException("reverse complement needs U8 rows, got " + r.dtype());
        }
    }
}
