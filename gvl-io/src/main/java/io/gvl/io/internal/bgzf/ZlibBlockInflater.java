package io.gvl.io.internal.bgzf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/** The JDK's zlib ({@link Inflater}, raw DEFLATE) on a heap buffer: the path when libdeflate is not used. */
final class ZlibBlockInflater implements BlockInflater {
    private final Inflater inflater = new Inflater(true);
    private final ByteBuffer buffer = ByteBuffer.allocate(INPUT).order(ByteOrder.LITTLE_ENDIAN);
    private final byte[] probe = new byte[1];
    private boolean closed;

    @Override
    public ByteBuffer buffer() {
        checkOpen();
        return buffer;
    }

    @Override
    public void inflate(int from, int length, byte[] out, int isize) throws DataFormatException {
        checkOpen();
        inflater.reset();
        inflater.setInput(buffer.array(), from, length);
        int n = 0;
        while (n < isize && !inflater.finished()) {
            int k = inflater.inflate(out, n, isize - n);
            if (k == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                break;
            }
            n += k;
        }
        if (n != isize) {
            throw new DataFormatException("inflates to " + n + " bytes, not " + isize);
        }
        if (!inflater.finished()) { // all ISIZE bytes out: the data must end here (zlib usually saw its end already)
            if (inflater.inflate(probe, 0, 1) > 0) {
                throw new DataFormatException("inflates to more than " + isize + " bytes");
            }
            if (!inflater.finished()) {
                throw new DataFormatException("the DEFLATE data ends before its final block");
            }
        }
    }

    @Override
    public String name() {
        return "zlib";
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("this BGZF block inflater (zlib) is closed");
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            inflater.end();
        }
    }
}
