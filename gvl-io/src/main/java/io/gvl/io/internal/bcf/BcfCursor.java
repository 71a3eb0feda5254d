package io.gvl.io.internal.bcf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Walks BCF typed values in a record buffer. A value starts with a descriptor byte (low nibble: type, high nibble:
 * count, 15 meaning "a typed integer with the real count follows"), then {@code count} little-endian elements.
 * Reading leaves {@link #type}, {@link #count} and {@link #data} describing the value just passed.
 */
final class BcfCursor {
    static final int MISSING = 0;
    static final int INT8 = 1;
    static final int INT16 = 2;
    static final int INT32 = 3;
    static final int FLOAT = 5;
    static final int CHAR = 7;

    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int FLOAT_MISSING = 0x7F800001;
    private static final int FLOAT_END = 0x7F800002;

    byte[] buf;
    int at;
    int type;
    int count;
    int data;

    void reset(byte[] buffer, int offset) {
        buf = buffer;
        at = offset;
    }

    /** Reads a descriptor and skips the value's elements. */
    void next() {
        int d = buf[at++] & 0xff;
        type = d & 0x0f;
        count = d >>> 4;
        if (count == 15) {
            int lengthType = buf[at++] & 0x0f;
            count = rawInt(lengthType, at);
            at += size(lengthType);
        }
        if (size(type) < 0 || count < 0) {
            throw new IllegalArgumentException("bad typed value (type " + type + ", count " + count + ")");
        }
        data = at;
        at += count * size(type);
    }

    /** Reads a typed integer (a dictionary key) and returns its first element. */
    int nextInt() {
        next();
        if (count < 1 || type < INT8 || type > INT32) {
            throw new IllegalArgumentException("expected a typed integer, found type " + type + " count " + count);
        }
        return rawInt(type, data);
    }

    /** Skips {@code n} elements of the current type (per-sample FORMAT data follows its descriptor). */
    void skipElements(long n) {
        long end = at + n * size(type);
        if (end > buf.length) {
            throw new IllegalArgumentException("value runs past the record");
        }
        at = (int) end;
    }

    static int size(int type) {
        return switch (type) {
            case MISSING -> 0;
            case INT8, CHAR -> 1;
            case INT16 -> 2;
            case INT32, FLOAT -> 4;
            default -> -1;
        };
    }

    int rawInt(int t, int offset) {
        return switch (t) {
            case INT8 -> buf[offset];
            case INT16 -> (short) I16.get(buf, offset);
            case INT32 -> (int) I32.get(buf, offset);
            default -> throw new IllegalArgumentException("type " + t + " is not an integer");
        };
    }

    /** Whether integer {@code v} of type {@code t} is the end-of-vector marker (shorter ploidy or list). */
    static boolean isEnd(int t, int v) {
        return v == switch (t) {
            case INT8 -> Byte.MIN_VALUE + 1;
            case INT16 -> Short.MIN_VALUE + 1;
            default -> Integer.MIN_VALUE + 1;
        };
    }

    static boolean isMissing(int t, int v) {
        return v == switch (t) {
            case INT8 -> Byte.MIN_VALUE;
            case INT16 -> Short.MIN_VALUE;
            default -> Integer.MIN_VALUE;
        };
    }

    /**
     * Element {@code index} of the current value as a float, as the text reader would parse it: NaN when missing,
     * at the end of the vector, or (for characters) not a number; 1 for a flag with no elements.
     */
    float floatAt(int index) {
        if (type == MISSING || count == 0) {
            return 1f;
        }
        return floatOf(type, count, data, index);
    }

    /** Element 0 of sample {@code sample}'s slice of a FORMAT value with {@code count} elements per sample. */
    float sampleFloat(int sample) {
        if (type == MISSING || count == 0) {
            return Float.NaN;
        }
        return floatOf(type, count, data + sample * count * size(type), 0);
    }

    private float floatOf(int t, int n, int base, int index) {
        if (t == CHAR) {
            int from = base;
            int to = from;
            while (to < base + n && buf[to] != 0 && buf[to] != ',') {
                to++;
            }
            return parse(new String(buf, from, to - from, java.nio.charset.StandardCharsets.US_ASCII));
        }
        int offset = base + index * size(t);
        if (t == FLOAT) {
            int bits = (int) I32.get(buf, offset);
            return bits == FLOAT_MISSING || bits == FLOAT_END ? Float.NaN : Float.intBitsToFloat(bits);
        }
        int v = rawInt(t, offset);
        return isMissing(t, v) || isEnd(t, v) ? Float.NaN : v;
    }

    /** A VCF text value as the text reader parses it: NaN when empty, {@code .} or not a number. */
    static float parse(String s) {
        if (s.isEmpty() || s.equals(".")) {
            return Float.NaN;
        }
        try {
            return Float.parseFloat(s);
        } catch (NumberFormatException e) {
            return Float.NaN;
        }
    }
}
