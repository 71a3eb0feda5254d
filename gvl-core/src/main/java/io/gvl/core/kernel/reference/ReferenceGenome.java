package io.gvl.core.kernel.reference;

import io.gvl.core.internal.kernel.Mem;
import java.lang.foreign.MemorySegment;

/**
 * All contigs' upper-cased bytes back to back (GVL's {@code .gvlfa} {@code sequence.bin} layout) with int64
 * contig offsets in dataset contig order. Memory is borrowed.
 *
 * @param bytes   sequence bytes
 * @param offsets {@code contigs + 1} int64 offsets into {@code bytes}
 */
public record ReferenceGenome(MemorySegment bytes, MemorySegment offsets) {

    /**
     * The number of contigs.
     *
     * @return the contig count
     */
    public long contigs() {
        return offsets.byteSize() / 8 - 1;
    }

    /**
     * Byte offset of contig {@code c}.
     *
     * @param c contig index
     * @return the offset into {@code bytes}
     * @throws IllegalArgumentException if {@code c} is not a contig
     */
    public long contigStart(int c) {
        if (c < 0 || c >= contigs()) {
            throw new IllegalArgumentException("contig index " + c + " outside [0, " + contigs() + ")");
        }
        return Mem.i64(offsets, c);
    }

    /**
     * Length of contig {@code c}.
     *
     * @param c contig index
     * @return the length in bp
     */
    public long contigLength(int c) {
        return Mem.i64(offsets, c + 1) - contigStart(c);
    }
}
