package io.gvl.io.internal.csi;

/**
 * A run of records between two BGZF virtual offsets ({@code block address << 16 | offset in block}), with the
 * 0-based span {@code [binStart, binEnd)} of the bin whose chunk starts the run: its first record must begin there.
 */
public record Chunk(long begin, long end, long binStart, long binEnd) {
    /** A chunk as stored in an index, before it is tied to a bin. */
    public Chunk(long begin, long end) {
        this(begin, end, 0, Long.MAX_VALUE);
    }
}
