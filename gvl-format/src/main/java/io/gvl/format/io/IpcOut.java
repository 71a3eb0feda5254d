package io.gvl.format.io;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.List;

/** The Arrow IPC file {@link IpcWriter} writes, with its position: messages, 8-byte padding and body buffers. */
final class IpcOut {
    /** The marker before each message's length. */
    static final int CONTINUATION = 0xFFFF_FFFF;

    private final FileChannel ch;
    private final ByteBuffer scratch = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
    long position;

    IpcOut(FileChannel ch) {
        this.ch = ch;
    }

    void bytes(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            position += ch.write(b);
        }
    }

    void ints(int... values) throws IOException {
        for (int v : values) {
            scratch.clear();
            scratch.putInt(v).flip();
            bytes(scratch);
        }
    }

    void zeros(long n) throws IOException {
        for (long left = n; left > 0; left -= 8) {
            scratch.clear();
            scratch.putLong(0).flip().limit((int) Math.min(8, left));
            bytes(scratch);
        }
    }

    void align() throws IOException {
        zeros((8 - position % 8) % 8);
    }

    /** A metadata-only message (the schema): continuation, padded length, flatbuffer, padding. */
    void message(ByteBuffer fb) throws IOException {
        int length = fb.remaining();
        if ((length + 8) % 8 != 0) {
            length += 8 - (length + 8) % 8;
        }
        ints(CONTINUATION, length);
        bytes(fb);
        align();
    }

    /** A message with a body: the message as above, then each buffer at its aligned offset. */
    IpcMetadata.Written batch(ByteBuffer fb, List<MemorySegment> buffers) throws IOException {
        long start = position;
        int length = fb.remaining();
        int padding = (int) ((start + length + 8) % 8);
        if (padding != 0) {
            length += 8 - padding;
        }
        ints(CONTINUATION, length);
        bytes(fb);
        align();
        long bodyStart = position;
        for (MemorySegment buf : buffers) {
            for (long at = 0; at < buf.byteSize(); at += Integer.MAX_VALUE - 7) {
                bytes(buf.asSlice(at, Math.min(Integer.MAX_VALUE - 7, buf.byteSize() - at)).asByteBuffer());
            }
            align();
        }
        return new IpcMetadata.Written(start, length + 8, position - bodyStart);
    }
}
