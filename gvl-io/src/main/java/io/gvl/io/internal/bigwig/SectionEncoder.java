package io.gvl.io.internal.bigwig;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.zip.Deflater;

/**
 * Encodes one data block: a bedGraph section (24-byte header, then start, end, value per item) compressed
 * with zlib, the form every bigWig reader accepts. One deflater is reused for all blocks of a file.
 */
public final class SectionEncoder {
    private static final byte BEDGRAPH = 1;

    private final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
    private byte[] out = new byte[1 << 16];

    /** The uncompressed size of a section of {@code count} items. */
    public static int rawSize(int count) {
        return DataBlocks.SECTION_HEADER + count * 12;
    }

    /** Compressed bytes of items {@code [from, to)} of one chromosome. */
    public byte[] encode(int chromId, int[] starts, int[] ends, float[] values, int from, int to) {
        int count = to - from;
        ByteBuffer b = ByteBuffer.allocate(rawSize(count)).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(chromId).putInt(starts[from]).putInt(ends[to - 1]).putInt(0).putInt(0)
                .put(BEDGRAPH).put((byte) 0).putShort((short) count);
        for (int i = from; i < to; i++) {
            b.putInt(starts[i]).putInt(ends[i]).putFloat(values[i]);
        }
        deflater.reset();
        deflater.setInput(b.array());
        deflater.finish();
        int n = 0;
        while (!deflater.finished()) {
            if (n == out.length) {
                out = Arrays.copyOf(out, out.length * 2);
            }
            n += deflater.deflate(out, n, out.length - n);
        }
        return Arrays.copyOf(out, n);
    }

    /** Releases the deflater's native memory. */
    public void end() {
        deflater.end();
    }
}
