package io.gvl.format.array;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Streams one header-less little-endian array file in chunks, so writers never hold a whole array. Elements go
 * through a 1 MiB buffer; {@link #close()} flushes and fsyncs. Not thread-safe.
 *
 * <p>A file that fills the buffer is large, and from then on is written past the page cache where {@link
 * DirectWrites} allows it: the buffer is aligned for that, only whole blocks go out, the rest waits for the next
 * flush, and {@link #close()} writes the last block padded and cuts the file back to its length. A small file never
 * leaves the page cache. The bytes on disk do not depend on the route.
 */
public final class RawArrayWriter implements AutoCloseable {
    private static final int BUFFER = 1 << 20;
    /** Alignment of the buffer's memory: the largest file-system block a direct write can be aligned to. */
    private static final int ALIGN = 4096;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat FLOAT =
            ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final Path file;
    private final RawDtype dtype;
    private final DirectWrites.Mode mode;
    private FileChannel channel;
    private final ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER + ALIGN).alignedSlice(ALIGN).slice(0, BUFFER)
            .order(ByteOrder.LITTLE_ENDIAN);
    /** The same memory as {@link #buf}, for bulk copies of whole arrays (the buffer keeps the position). */
    private final MemorySegment bufMemory = MemorySegment.ofBuffer(buf);
    private long count;
    private boolean closed;
    /** Whether the switch to direct writes was considered (once, at the first flush of a full buffer). */
    private boolean routeChosen;
    /** The block size of direct writes once the file is written direct; 0 while it goes through the page cache. */
    private int block;

    private RawArrayWriter(Path file, RawDtype dtype, FileChannel channel, DirectWrites.Mode mode) {
        this.file = file;
        this.dtype = dtype;
        this.channel = channel;
        this.mode = mode;
    }

    /**
     * Creates (or truncates) {@code file} for writing elements of {@code dtype}.
     *
     * @param file the file to create or truncate
     * @param dtype the element type every write must match
     * @return an open writer; the caller must close it
     * @throws java.io.UncheckedIOException if the file cannot be opened
     */
    public static RawArrayWriter create(Path file, RawDtype dtype) {
        return create(file, dtype, DirectWrites.requested());
    }

    /** {@link #create(Path, RawDtype)} with the direct-write policy given rather than read from its property. */
    static RawArrayWriter create(Path file, RawDtype dtype, DirectWrites.Mode mode) {
        try {
            return new RawArrayWriter(file, dtype, FileChannel.open(file, StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING), mode);
        } catch (IOException e) {
            throw failure(file, "cannot create", e);
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
     * Elements written so far.
     *
     * @return the element count, including elements still buffered
     */
    public long count() {
        return count;
    }

    /**
     * Appends one INT32 element.
     *
     * @param v the value
     * @throws IllegalStateException if the writer is not INT32 or is closed
     */
    public void writeInt(int v) {
        expect(RawDtype.INT32);
        room(4);
        buf.putInt(v);
        count++;
    }

    /**
     * Appends {@code v[off, off+len)} as INT32 elements.
     *
     * @param v the values
     * @param off first index in {@code v}
     * @param len number of values
     */
    public void writeInts(int[] v, int off, int len) {
        expect(RawDtype.INT32);
        Objects.checkFromIndexSize(off, len, v.length);
        for (int done = 0; done < len; ) {
            room(4);
            int n = Math.min(len - done, buf.remaining() / 4);
            MemorySegment.copy(v, off + done, bufMemory, INT, buf.position(), n);
            buf.position(buf.position() + 4 * n);
            done += n;
        }
        count += len;
    }

    /**
     * Appends one INT64 element.
     *
     * @param v the value
     * @throws IllegalStateException if the writer is not INT64 or is closed
     */
    public void writeLong(long v) {
        expect(RawDtype.INT64);
        room(8);
        buf.putLong(v);
        count++;
    }

    /**
     * Appends {@code v[off, off+len)} as INT64 elements.
     *
     * @param v the values
     * @param off first index in {@code v}
     * @param len number of values
     */
    public void writeLongs(long[] v, int off, int len) {
        expect(RawDtype.INT64);
        Objects.checkFromIndexSize(off, len, v.length);
        for (int done = 0; done < len; ) {
            room(8);
            int n = Math.min(len - done, buf.remaining() / 8);
            MemorySegment.copy(v, off + done, bufMemory, LONG, buf.position(), n);
            buf.position(buf.position() + 8 * n);
            done += n;
        }
        count += len;
    }

    /**
     * Appends one FLOAT32 element.
     *
     * @param v the value
     * @throws IllegalStateException if the writer is not FLOAT32 or is closed
     */
    public void writeFloat(float v) {
        expect(RawDtype.FLOAT32);
        room(4);
        buf.putFloat(v);
        count++;
    }

    /**
     * Appends {@code v[off, off+len)} as FLOAT32 elements.
     *
     * @param v the values
     * @param off first index in {@code v}
     * @param len number of values
     */
    public void writeFloats(float[] v, int off, int len) {
        expect(RawDtype.FLOAT32);
        Objects.checkFromIndexSize(off, len, v.length);
        for (int done = 0; done < len; ) {
            room(4);
            int n = Math.min(len - done, buf.remaining() / 4);
            MemorySegment.copy(v, off + done, bufMemory, FLOAT, buf.position(), n);
            buf.position(buf.position() + 4 * n);
            done += n;
        }
        count += len;
    }

    /**
     * Appends raw little-endian element bytes (a whole number of elements), e.g. copied from another file.
     *
     * @param bytes the bytes from its position to its limit; consumed
     * @throws IllegalArgumentException if the byte count is not a multiple of the element size
     */
    public void writeBytes(ByteBuffer bytes) {
        if (bytes.remaining() % dtype.size() != 0) {
            throw new IllegalArgumentException("byte count " + bytes.remaining() + " is not a multiple of "
                    + dtype.size());
        }
        expect(dtype);
        count += bytes.remaining() / dtype.size();
        while (bytes.hasRemaining()) {
            room(1);
            int n = Math.min(bytes.remaining(), buf.remaining());
            buf.put(buf.position(), bytes, bytes.position(), n);
            buf.position(buf.position() + n);
            bytes.position(bytes.position() + n);
        }
    }

    private void expect(RawDtype t) {
        if (closed) {
            throw new IllegalStateException(file + ": writer is closed");
        }
        if (t != dtype) {
            throw new IllegalStateException(file + " holds " + dtype + ", cannot write " + t);
        }
    }

    private void room(int n) {
        if (buf.remaining() < n) {
            if (!routeChosen) {
                routeChosen = true;
                chooseDirect();
            }
            flush();
        }
    }

    /**
     * Moves the file to direct writes when the policy and its file system allow: nothing has reached the file yet
     * (this runs before the first flush), so the page-cache channel is simply replaced.
     */
    private void chooseDirect() {
        int size = DirectWrites.blockSize(file, mode, ALIGN);
        if (size == 0 || DirectWrites.DIRECT == null) {
            return;
        }
        FileChannel direct;
        try {
            direct = FileChannel.open(file, StandardOpenOption.WRITE, DirectWrites.DIRECT);
        } catch (IOException | UnsupportedOperationException e) {
            DirectWrites.fellBack(file, e);
            return;
        }
        try {
            channel.close();
        } catch (IOException e) {
            try {
                direct.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw failure(file, "cannot reopen for direct writes", e);
        }
        channel = direct;
        block = size;
    }

    /**
     * Writes what the buffer holds; written direct, only its whole blocks, the rest moved to the buffer's start for
     * the next flush.
     */
    private void flush() {
        int filled = buf.position();
        int out = block == 0 ? filled : filled - filled % block;
        buf.position(0).limit(out);
        try {
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
        } catch (IOException e) {
            throw failure(file, "write failed", e);
        } finally {
            buf.clear();
        }
        if (out < filled) {
            MemorySegment.copy(bufMemory, out, bufMemory, 0, filled - out);
            buf.position(filled - out);
        }
    }

    /** Written direct: the last partial block goes out padded with zeros, and the file is cut back to its length. */
    private void flushTail() throws IOException {
        int rest = buf.position();
        if (rest == 0) {
            return;
        }
        long length = channel.position() + rest;
        bufMemory.asSlice(rest, block - rest).fill((byte) 0);
        buf.position(0).limit(block);
        while (buf.hasRemaining()) {
            channel.write(buf);
        }
        buf.clear();
        channel.truncate(length);
    }

    /** Whether the file is being written past the page cache (for tests). */
    boolean direct() {
        return block != 0;
    }

    /**
     * The failure as a {@link FileSystemException} naming this file and the operating system's reason (e.g. "No
     * space left on device"), so whoever publishes the dataset can say which part it was writing.
     */
    private static UncheckedIOException failure(Path file, String what, IOException e) {
        String reason = e instanceof FileSystemException fse && fse.getReason() != null ? fse.getReason()
                : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        FileSystemException named = new FileSystemException(file.toString(), null, reason);
        named.initCause(e);
        return new UncheckedIOException(file + ": " + what + " (" + reason + ")", named);
    }

    /** Flushes, fsyncs and closes; closing twice is harmless. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try (FileChannel ch = channel) {
            flush();
            if (block != 0) {
                flushTail();
            }
            ch.force(true);
        } catch (IOException e) {
            throw failure(file, "cannot close", e);
        }
    }
}
