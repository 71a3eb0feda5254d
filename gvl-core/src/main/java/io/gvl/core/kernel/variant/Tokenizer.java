package io.gvl.core.kernel.variant;

import io.gvl.core.buffer.DType;
import io.gvl.core.internal.kernel.Mem;
import java.lang.foreign.MemorySegment;

/**
 * Byte-to-token lookup for flank tokens and variant windows (GVL's {@code build_token_lut}): 256 entries of
 * {@code U8} or {@code I32}, plus the flank length {@code L} of the windows around each variant.
 *
 * @param tokenType {@link DType#U8} or {@link DType#I32}
 * @param lut 256 tokens of {@code tokenType}, indexed by byte
 * @param flankLength the flank length {@code L}, {@code >= 0}
 */
public record Tokenizer(DType tokenType, MemorySegment lut, int flankLength) {

    /** Checks the token type, the table size and the flank length. */
    public Tokenizer {
        if (tokenType != DType.U8 && tokenType != DType.I32) {
            throw new IllegalArgumentException("token type must be U8 or I32, got " + tokenType);
        }
        if (lut.byteSize() < 256 * tokenType.byteSize()) {
            throw new IllegalArgumentException("lut must have 256 " + tokenType + " entries, has "
                    + lut.byteSize() / tokenType.byteSize());
        }
        if (flankLength < 0) {
            throw new IllegalArgumentException("flankLength must be >= 0, got " + flankLength);
        }
    }

    /** Writes the token of byte {@code b} at element {@code at} of {@code out}. */
    void put(byte b, MemorySegment out, long at) {
        if (tokenType == DType.U8) {
            Mem.setU8(out, at, Mem.u8(lut, b & 0xFF));
        } else {
            Mem.setI32(out, at, Mem.i32(lut, b & 0xFF));
        }
    }
}
