package io.gvl.write.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A little-endian file written sequentially through one buffer, or at explicit positions: the raw arrays of a linked
 * dataset ({@code region_ptr.npy}, {@code cell_vk.npy}'s mixed-width records, the {@code (2, R, S, P)} planes of
 * {@code offsets.npy}). Not thread-safe.
 */
final class LeOutput implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private final ByteBuffer buf = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    private long written;

    LeOutput(Path file) throws IOException {
        this.file = file;
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    Path file() {
        return file;
    }

    /** Bytes appended so far (positional writes not counted). */
    long written() {
        return written + buf.position();
    }

    void putLong(long v) throws IOException {
        room(8);
        buf.putLong(v);
    }

    void putInt(int v) throws IOException {
        room(4);
        buf.putInt(v);
    }

    void putBytes(byte[] b) throws IOException {
        for (int at = 0; at < b.length; ) {
            room(1);
            int n = Math.min(buf.remaining(), b.length - at);
            buf.put(b, at, n);
            at += n;
        }
    }

    /** Writes {@code values} as int64 at byte {@code position}, after flushing what was appended. */
    void putLongsAt(long position, long[] values, int from, int to) throws IOException {
        flush();
        ByteBuffer b = ByteBuffer.allocate(8 * (to - from)).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = from; i < to; i++) {
            b.putLong(values[i]);
        }
        b.flip();
        long at = position;
        while (b.hasRemaining()) {
            at += channel.write(b, at);
        }
    }

    private void room(int n) throws IOException {
        if (buf.remaining() < n) {
            flush();
        }
    }

    private void flush() throws IOException {
        buf.flip();
        while (buf.hasRemaining()) {
            written += channel.write(buf);
        }
        buf.clear();
    }

    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            channel.close();
        }
    }
}
