package io.gvl.io.internal.bgzf;

import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;

/**
 * Sends each block to the inflater that is faster for it, judged by how much it expands (ISIZE over the compressed
 * size, both known before inflating): blocks of long short-distance repeats, which genotype columns become, go to
 * {@link JavaBlockInflater}; the others to the general inflater (libdeflate or zlib), whose buffer the stream fills.
 * A block for the Java decoder is first copied to its buffer: such a block is small (at most 64 KiB over the ratio).
 */
final class RatioSplitInflater implements BlockInflater {
    private final BlockInflater general;
    private final JavaBlockInflater repeats = new JavaBlockInflater();
    private final int minRatio;
    private boolean closed;

    /** Blocks that inflate to at least {@code minRatio} times their compressed size go to the Java decoder. */
    RatioSplitInflater(BlockInflater general, int minRatio) {
        this.general = general;
        this.minRatio = minRatio;
    }

    @Override
    public ByteBuffer buffer() {
        checkOpen();
        return general.buffer();
    }

    @Override
    public void inflate(int from, int length, byte[] out, int isize) throws DataFormatException {
        checkOpen();
        if ((long) isize < (long) minRatio * length) {
            general.inflate(from, length, out, isize);
            return;
        }
        BlockInflater.checkBlock(from, length, out, isize);
        repeats.buffer().put(0, general.buffer(), from, length);
        repeats.inflate(0, length, out, isize);
    }

    @Override
    public String name() {
        return general.name() + "+java";
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("this BGZF block inflater (" + name() + ") is closed");
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            general.close();
            repeats.close();
        }
    }
}
