package io.gvl.format;

/**
 * A half-open range {@code [start, end)} of element indices into a ragged array's data file.
 *
 * @param start first index
 * @param end   one past the last index
 */
public record IndexRange(long start, long end) {
    /** Checks {@code 0 <= start <= end}, else {@link IllegalArgumentException}. */
    public IndexRange {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad range [" + start + ", " + end + ")");
        }
    }

    /**
     * The number of indices in the range.
     *
     * @return {@code end - start}
     */
    public long length() {
        return end - start;
    }

    /**
     * Whether the range holds no index.
     *
     * @return {@code true} if {@code start == end}
     */
    public boolean isEmpty() {
        return start == end;
    }
}
