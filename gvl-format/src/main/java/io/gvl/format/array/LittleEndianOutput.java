package io.gvl.format.array;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A new little-endian file of mixed-width values, written sequentially through one buffer (and, where a layout needs
 * it, at explicit positions): the raw streams and NPY files of a genoray store, the range arrays and 24-byte records
 * of a store-linked dataset. {@link RawArrayWriter} is the typed counterpart for one element type. Not thread-safe;
 * {@link #close()} flushes.
 */
public final class LittleEndianOutput implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private final ByteBuffer buf = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    private long flushed;

    private LittleEndianOutput(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /**
     * Creates {@code file} (and its parent directories); the file must not exist yet.
     *
     * @param file the file to create
     * @return an open output; the caller closes it
     * @throws IOException if the file exists or cannot be created
     */
    public static LittleEndianOutput create(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        return new LittleEndianOutput(file, FileChannel.open(file, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE));
    }

    /**
     * Writes {@code bytes} as a new file.
     *
     * @param file the file to create
     * @param bytes its content
     * @throws IOException if the file exists or cannot be written
     */
    public static void write(Path file, byte[] bytes) throws IOException {
        try (LittleEndianOutput o = create(file)) {
            o.bytes(bytes);
        }
    }

    /**
     * The file being written.
     *
     * @return the file
     */
    public Path file() {
        return file;
    }

    /**
     * Bytes appended so far (positional writes not counted).
     *
     * @return the appended byte count
     */
    public long written() {
        return flushed + buf.position();
    }

    /**
     * Appends {@code length} bytes of {@code b} from {@code from}.
     *
     * @param b the bytes
     * @param from the first index
     * @param length how many
     * @return this output
     * @throws IOException if writing fails
     */
    public LittleEndianOutput bytes(byte[] b, int from, int length) throws IOException {
        int at = from;
        int left = length;
        while (left > 0) {
            if (!buf.hasRemaining()) {
                flush();
            }
            int n = Math.min(left, buf.remaining());
            buf.put(b, at, n);
            at += n;
            left -= n;
        }
        return this;
    }

    /**
     * Appends all of {@code b}.
     *
     * @param b the bytes
     * @return this output
     * @throws IOException if writing fails
     */
    public LittleEndianOutput bytes(byte[] b) throws IOException {
        return bytes(b, 0, b.length);
    }

    /**
     * Appends the low 8 bits of {@code v}.
     *
     * @param v the value
     * @return this output
     * @throws IOException if writing fails
     */
    public LittleEndianOutput u8(int v) throws IOException {
        room(1);
        buf.put((byte) v);
        return this;
    }

    /**
     * Appends the low 16 bits of {@code v}.
     *
     * @param v the value
     * @return this output
     * @throws IOException if writing fails
     */
    public LittleEndianOutput u16(int v) throws IOException {
        room(2);
        buf.putShort((short) v);
        return this;
    }

    /**
     * Appends a 32-bit value (signed or unsigned: the same bytes).
     *
     * @param v the value
     * @return this output
     * @throws IOException if writing fails
     */
    public LittleEndianOutput i32(int v) throws IOException {
        room(4);
        buf.putInt(v);
        return this;
    }

    /**
     * Appends a 64-bit value (signed or unsigned: the same bytes).
     *
     * @param v the value
     * @return this output
     * @throws IOException if writing fails
     */
    public LittleEndianOutput i64(long v) throws IOException {
        room(8);
        buf.putLong(v);
        return this;
    }

    /**
     * Appends an IEEE 754 float32 with its bits as they are (NaN payloads kept).
     *
     * @param v the value
     * @return this output
     * @throws IOException if writing fails
     */
    public LittleEndianOutput f32(float v) throws IOException {
        return i32(Float.floatToRawIntBits(v));
    }

    /**
     * Writes {@code values[from, to)} as int64 at byte {@code position}, after flushing what was appended.
     *
     * @param position the byte offset in the file
     * @param values the values
     * @param from the first index
     * @param to one past the last index
     * @throws IOException if writing fails
     */
    public void i64At(long position, long[] values, int from, int to) throws IOException {
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
            flushed += channel.write(buf);
        }
        buf.clear();
    }

    /**
     * Flushes and closes the file.
     *
     * @throws IOException if the last write fails
     */
    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            channel.close();
        }
    }
}
