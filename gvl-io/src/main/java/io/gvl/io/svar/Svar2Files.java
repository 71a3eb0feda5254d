package io.gvl.io.svar;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes the files of a {@code .svar2} store the way genoray's Rust writer does: little-endian raw streams through a
 * buffer, and NPY v1.0 files with ndarray-npy's header ({@code {'descr': '<u8', 'fortran_order': False, 'shape':
 * (33,)}}, no trailing {@code ", "}, padded with spaces and a newline to a multiple of 64 bytes).
 */
final class Svar2Files {
    private Svar2Files() {
    }

    /** The NPY v1.0 header of a C-order array of {@code descr} and {@code shape}, as ndarray-npy writes it. */
    static byte[] npyHeader(String descr, long... shape) {
        StringBuilder dims = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            if (i > 0) {
                dims.append(", ");
            }
            dims.append(shape[i]);
        }
        if (shape.length == 1) {
            dims.append(',');
        }
        dims.append(')');
        String dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + dims + "}";
        int unpadded = 10 + dict.length() + 1;
        int total = (unpadded + 63) / 64 * 64;
        String text = dict + " ".repeat(total - unpadded) + "\n";
        byte[] body = text.getBytes(StandardCharsets.US_ASCII);
        ByteBuffer b = ByteBuffer.allocate(10 + body.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 0x93).put("NUMPY".getBytes(StandardCharsets.US_ASCII)).put((byte) 1).put((byte) 0);
        b.putShort((short) body.length).put(body);
        return b.array();
    }

    /** A buffered little-endian output file; {@link #close()} flushes it. Not thread-safe. */
    static final class Out implements AutoCloseable {
        private final FileChannel ch;
        private final ByteBuffer buf = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);

        Out(Path file) throws IOException {
            Files.createDirectories(file.getParent());
            ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        }

        private void room(int n) throws IOException {
            if (buf.remaining() < n) {
                flush();
            }
        }

        private void flush() throws IOException {
            buf.flip();
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            buf.clear();
        }

        Out bytes(byte[] b, int from, int length) throws IOException {
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

        Out bytes(byte[] b) throws IOException {
            return bytes(b, 0, b.length);
        }

        Out u8(int v) throws IOException {
            room(1);
            buf.put((byte) v);
            return this;
        }

        Out u16(int v) throws IOException {
            room(2);
            buf.putShort((short) v);
            return this;
        }

        Out u32(int v) throws IOException {
            room(4);
            buf.putInt(v);
            return this;
        }

        Out u64(long v) throws IOException {
            room(8);
            buf.putLong(v);
            return this;
        }

        Out f32(float v) throws IOException {
            room(4);
            buf.putInt(Float.floatToRawIntBits(v));
            return this;
        }

        @Override
        public void close() throws IOException {
            try {
                flush();
            } finally {
                ch.close();
            }
        }
    }

    /** Writes {@code bytes} as a new file. */
    static void write(Path file, byte[] bytes) throws IOException {
        try (Out o = new Out(file)) {
            o.bytes(bytes);
        }
    }
}
