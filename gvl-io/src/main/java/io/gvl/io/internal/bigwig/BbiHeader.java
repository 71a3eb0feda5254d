package io.gvl.io.internal.bigwig;

import io.gvl.io.InputFormatException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** The fixed 64-byte header of a bigWig; it fixes the byte order and points at the trees and the data. */
public record BbiHeader(int version, int zoomLevels, long chromTreeOffset, long fullDataOffset, long fullIndexOffset,
        long uncompressBufSize) {
    public static final int BIGWIG_MAGIC = 0x888FFC26;
    private static final int BIGBED_MAGIC = 0x8789F2EB;

    /** Reads the header and sets the file's byte order from the magic number. */
    public static BbiHeader read(PositionalFile file) {
        ByteBuffer b = file.read(0, 64, "header");
        int magic = b.getInt(0);
        if (magic != BIGWIG_MAGIC) {
            if (Integer.reverseBytes(magic) == BIGWIG_MAGIC) {
                file.order(ByteOrder.BIG_ENDIAN);
                b = file.read(0, 64, "header");
            } else {
                String what = magic == BIGBED_MAGIC || Integer.reverseBytes(magic) == BIGBED_MAGIC ? "a bigBed"
                        : String.format("magic 0x%08X", magic);
                throw new InputFormatException(file.path(), "header", "not a bigWig file (" + what + ").",
                        "pass a bigWig made by wigToBigWig/bedGraphToBigWig (or pyBigWig).");
            }
        }
        int version = Short.toUnsignedInt(b.getShort(4));
        int zoom = Short.toUnsignedInt(b.getShort(6));
        return new BbiHeader(version, zoom, b.getLong(8), b.getLong(16), b.getLong(24),
                Integer.toUnsignedLong(b.getInt(52)));
    }
}
