package io.gvl.io.internal.bigwig;

import io.gvl.format.io.IoFailures;
import io.gvl.io.InputFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Positional reads from one file channel. {@code FileChannel.read(buffer, position)} does not move a shared
 * file pointer, so many threads can read at once without locking; a short read means the file is truncated.
 */
public final class PositionalFile {
    private final Path path;
    private final FileChannel channel;
    private final long size;
    private volatile ByteOrder order = ByteOrder.LITTLE_ENDIAN;

    public PositionalFile(Path path, FileChannel channel) throws IOException {
        this.path = path;
        this.channel = channel;
        this.size = channel.size();
    }

    public Path path() {
        return path;
    }

    public long size() {
        return size;
    }

    public ByteOrder order() {
        return order;
    }

    public void order(ByteOrder order) {
        this.order = order;
    }

    /** Exactly {@code length} bytes at {@code position}, in the file's byte order; {@code what} names them in errors. */
    public ByteBuffer read(long position, int length, String what) {
        if (position < 0 || length < 0 || position + length > size) {
            throw new InputFormatException(path, what + " at offset " + position, "the file ends at byte " + size
                    + " but " + length + " bytes are needed there (truncated file).",
                    "re-create or re-download the bigWig.");
        }
        ByteBuffer buf = ByteBuffer.allocate(length).order(order);
        try {
            while (buf.hasRemaining()) {
                int n = channel.read(buf, position + buf.position());
                if (n < 0) {
                    throw new InputFormatException(path, what + " at offset " + position, "unexpected end of file.",
                            "re-create or re-download the bigWig.");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + " (" + IoFailures.reason(e) + ")", e);
        }
        return buf.flip();
    }
}
