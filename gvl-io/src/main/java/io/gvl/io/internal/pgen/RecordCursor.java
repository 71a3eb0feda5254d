package io.gvl.io.internal.pgen;

/**
 * A bounds-checked read position inside one record's bytes: every read that would pass the record's end raises
 * {@link PgenCorruptException} instead of reading the next record (or an array index error).
 */
final class RecordCursor {
    private byte[] bytes;
    private int pos;
    private int end;

    void reset(byte[] bytes, int length) {
        this.bytes = bytes;
        this.pos = 0;
        this.end = length;
    }

    byte[] bytes() {
        return bytes;
    }

    /** Claims {@code n} bytes and returns the offset of the first; the caller reads them from {@link #bytes()}. */
    int take(long n) {
        if (n < 0 || n > end - pos) {
            throw new PgenCorruptException("a track needs " + n + " more bytes at byte " + pos + " but the record ends at "
                    + end + " (truncated or corrupt record)");
        }
        int at = pos;
        pos += (int) n;
        return at;
    }

    int u8() {
        return bytes[take(1)] & 0xFF;
    }

    /** An unsigned little-endian integer of {@code width} (1 to 4) bytes. */
    int uint(int width) {
        int at = take(width);
        int v = 0;
        for (int k = 0; k < width; k++) {
            v |= (bytes[at + k] & 0xFF) << (8 * k);
        }
        return v;
    }

    /** Unsigned LEB128 of at most 5 bytes; values of 2^31 or more are corrupt. */
    int varint() {
        long v = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            int b = u8();
            v |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (v >= (1L << 31)) {
                    throw new PgenCorruptException("varint " + v + " is out of range");
                }
                return (int) v;
            }
        }
        throw new PgenCorruptException("varint longer than 5 bytes at byte " + (pos - 5));
    }
}
