package io.gvl.core.internal.kernel;

import io.gvl.core.kernel.ReverseComplement;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/** Byte-at-a-time reverse complement through a 256-entry table; the reference the vector path is tested against. */
final class ScalarReverseComplement implements ReverseComplement {
    static final ScalarReverseComplement INSTANCE = new ScalarReverseComplement();

    private static final byte[] TABLE = new byte[256];

    static {
        for (int i = 0; i < 256; i++) {
            TABLE[i] = ReverseComplement.complement((byte) i);
        }
    }

    private ScalarReverseComplement() {
    }

    static byte comp(byte b) {
        return TABLE[b & 0xFF];
    }

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public void inPlace(MemorySegment seq, long offset, long length) {
        Objects.checkFromIndexSize(offset, length, seq.byteSize());
        inPlaceRange(seq, offset, offset + length - 1);
    }

    /** Reverse-complements the closed byte range {@code [lo, hi]} in place (empty when {@code hi < lo}). */
    static void inPlaceRange(MemorySegment seq, long lo, long hi) {
        while (lo < hi) {
            byte a = seq.get(ValueLayout.JAVA_BYTE, lo);
            byte b = seq.get(ValueLayout.JAVA_BYTE, hi);
            seq.set(ValueLayout.JAVA_BYTE, lo, comp(b));
            seq.set(ValueLayout.JAVA_BYTE, hi, comp(a));
            lo++;
            hi--;
        }
        if (lo == hi) {
            seq.set(ValueLayout.JAVA_BYTE, lo, comp(seq.get(ValueLayout.JAVA_BYTE, lo)));
        }
    }

    @Override
    public void copy(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset, long length) {
        Objects.checkFromIndexSize(srcOffset, length, src.byteSize());
        Objects.checkFromIndexSize(dstOffset, length, dst.byteSize());
        copyRange(src, srcOffset, dst, dstOffset, 0, length);
    }

    /** Output positions {@code [from, length)} of an out-of-place reverse complement of {@code length} bytes. */
    static void copyRange(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset, long from, long length) {
        long last = srcOffset + length - 1;
        for (long i = from; i < length; i++) {
            dst.set(ValueLayout.JAVA_BYTE, dstOffset + i, comp(src.get(ValueLayout.JAVA_BYTE, last - i)));
        }
    }
}
