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
     * Paints runs of int32 bits front to back, as a track row is painted from its stored intervals: run {@code i}
     * covers elements {@code [starts[i] + shift, ends[i] + shift)} clipped to {@code [lo, hi)} and holds
     * {@code bits[i]}, for {@code i < m}. Elements from {@code cursor} (the end of what was painted before) up to a
     * run that starts past it are zeroed; a run that ends before the cursor overwrites in place (later runs win).
     * Stores may reach past the cursor as far as {@code hi}, because everything past the returned cursor is written
     * afterwards by the caller (further runs, then the zero tail).
     *
     * <p>{@code mirrored} paints the row reversed within {@code [lo, hi)} (a negative-strand row) in the same pass:
     * element {@code p} is stored at {@code lo + hi - 1 - p}. Positions and the cursor keep their unmirrored
     * meaning; the stores that reach past the cursor then land below its mirror image, as far down as {@code lo}.
     *
     * @return the new cursor: the end of the last run that reached past the old one
     */
    long paintRuns(int[] starts, int[] ends, int[] bits, int m, long shift, long lo, long hi, long cursor,
                   boolean mirrored, MemorySegment dst);

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
