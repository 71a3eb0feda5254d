package io.gvl.core.internal.kernel;

import java.lang.foreign.MemorySegment;

/**
 * The constant-run, reversal and search primitives the reconstruction kernels spend their non-copy time in: pad
 * runs, annotation sentinels, reference-coordinate ramps, track fill values, row reversal, and the search for
 * stored intervals that reach into a row. A scalar and a Vector API
 * implementation sit behind this interface ({@link KernelProvider} hands out the one in use) and are tested
 * byte-identical on odd sizes. Indices are in elements.
 */
public interface RowFill {

    String name();

    /** {@code dst[at, at+n) = value} for bytes. */
    void fillU8(MemorySegment dst, long at, long n, byte value);

    /** {@code dst[at, at+n) = value} for int32. */
    void fillI32(MemorySegment dst, long at, long n, int value);

    /** {@code dst[at, at+n) = value} for float32. */
    void fillF32(MemorySegment dst, long at, long n, float value);

    /**
     * {@code dst[at, at+n) = value} for float32, allowed to write {@code value} past the run as far as element
     * {@code limit} (exclusive, {@code limit >= at + n}): for callers that write a row front to back and rewrite
     * everything past the run afterwards, so a short run can be one or two whole-vector stores whatever its length.
     */
    void fillF32Ahead(MemorySegment dst, long at, long n, float value, long limit);

    /**
     * The first int32 element index in {@code [from, to)} of {@code src} whose value is greater than
     * {@code bound}, or {@code to} when there is none.
     */
    long firstAbove(MemorySegment src, long from, long to, int bound);

    /** {@code dst[at + i] = first + i} for {@code i < n} (int32). */
    void rampI32(MemorySegment dst, long at, long n, int first);

    /** Reverses int32 elements {@code [at, at+n)} in place. */
    void reverseI32(MemorySegment dst, long at, long n);

    /** Reverses float32 elements {@code [at, at+n)} in place. */
    void reverseF32(MemorySegment dst, long at, long n);
}
