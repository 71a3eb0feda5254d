package io.gvl.io.internal.bgzf;

import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;

/**
 * Inflates one BGZF block's raw DEFLATE payload. The stream reads each compressed block into {@link #buffer()} and
 * asks for exactly the block's ISIZE bytes; anything else (bad data, fewer or more bytes) is a
 * {@link DataFormatException} whose message is the detail the stream puts in its "is corrupt (...)" error.
 * Not thread-safe: one per stream. Closing twice is harmless; use after close throws
 * {@link IllegalStateException}.
 */
sealed interface BlockInflater extends AutoCloseable
        permits ZlibBlockInflater, Libdeflate.Decompressor, JavaBlockInflater, RatioSplitInflater {
    /** The largest block, compressed or not (BGZF's BSIZE and ISIZE are at most 64 KiB). */
    int MAX_BLOCK = 1 << 16;

    /** Bytes of {@link #buffer()}: room for two blocks, so the stream reads ahead (whole blocks, several per read). */
    int INPUT = 2 * MAX_BLOCK;

    /** Where the stream reads compressed blocks: {@link #INPUT} bytes, little-endian, owned by this inflater. */
    ByteBuffer buffer();

    /**
     * Inflates {@code buffer()[from, from + length)} into {@code out[0, isize)}.
     *
     * @throws DataFormatException when the data is not DEFLATE or does not inflate to exactly {@code isize} bytes
     */
    void inflate(int from, int length, byte[] out, int isize) throws DataFormatException;

    /**
     * Checks the arguments of {@link #inflate}: the compressed block inside {@link #INPUT} bytes, ISIZE at most a
     * block and inside {@code out}.
     *
     * @throws IndexOutOfBoundsException when they are not
     */
    static void checkBlock(int from, int length, byte[] out, int isize) {
        if (from < 0 || length < 0 || from + length > INPUT || isize < 0 || isize > MAX_BLOCK || isize > out.length) {
            throw new IndexOutOfBoundsException("block [" + from + ", +" + length + ") into " + isize + " bytes");
        }
    }

    /** {@code "libdeflate"}, {@code "zlib"}, {@code "java"}, or a general one with {@code "+java"} (split by ratio). */
    String name();

    @Override
    void close();
}
