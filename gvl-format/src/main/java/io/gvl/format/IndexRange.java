package io.gvl.format;

/**
 * A half-open range {@code [start, end)} of element indices into a ragged array's data file.
 *
 * @param start first index
 * @param end   one past the last index
 */
public record IndexRange(long start, long end) {
    public IndexRange {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad range [" + start + ", " + end + ")");
        }
    }

    public long length() {
        return end - start;
    }

    public boolean isEmpty() {
        return start == end;
    }
}
