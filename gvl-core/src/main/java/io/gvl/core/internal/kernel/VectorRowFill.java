package io.gvl.core.internal.kernel;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector API {@link RowFill}: whole-vector stores for constant runs (int64 pair stores below one vector, an
 * overlapping last store above) and ramps, lane compares for the interval search, and lane-reversing swaps from
 * both ends for reversal; other tails fall back to the scalar code. Only the preferred vector shape is used (see
 * {@link #shortFill}). Float data is moved as raw int bits (reversal never inspects values). Byte fills use
 * {@link MemorySegment#fill} on long runs, which is already vectorized.
 */
final class VectorRowFill implements RowFill {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_PREFERRED;
    private static final int LANES = INTS.length();
    private static final VectorShuffle<Integer> REVERSE = VectorShuffle.fromOp(INTS, i -> LANES - 1 - i);
    private static final IntVector IOTA = IntVector.zero(INTS).addIndex(1);
    private static final long BYTE_FILL_MIN = 64;
    /** Vectors stored per run in {@link #paintRuns}'s loop: runs up to this many vectors long stay in it. */
    private static final int RUN_VECTORS = 3;

    @Override
    public String name() {
        return "vector-" + INTS.vectorBitSize();
    }

    @Override
    public void fillU8(MemorySegment dst, long at, long n, byte value) {
        if (n >= BYTE_FILL_MIN) {
            dst.asSlice(at, n).fill(value);
            return;
        }
        ByteVector v = ByteVector.broadcast(BYTES, value);
        long i = 0;
        for (long bound = n - n % BYTES.length(); i < bound; i += BYTES.length()) {
            v.intoMemorySegment(dst, at + i, LE);
        }
        ScalarRowFill.INSTANCE.fillU8(dst, at + i, n - i, value);
    }

    @Override
    public void fillI32(MemorySegment dst, long at, long n, int value) {
        fillInts(dst, at * 4, n, value);
    }

    /** {@code n} int32 elements from byte offset {@code base}. */
    private static void fillInts(MemorySegment dst, long base, long n, int value) {
        if (n < LANES) {
            shortFill(dst, base, n, value);
            return;
        }
        IntVector v = IntVector.broadcast(INTS, value);
        for (long i = 0; i + LANES < n; i += LANES) {
            v.intoMemorySegment(dst, base + i * 4, LE);
        }
        // The last vector ends exactly at the run's end and may overlap the previous one: same value, no tail.
        v.intoMemorySegment(dst, base + (n - LANES) * 4, LE);
    }

    /**
     * A run shorter than one preferred vector (most track runs and annotation runs): int64 stores of two elements
     * each, the last one overlapping the one before it when {@code n} is odd. Narrower vector shapes would take
     * fewer stores, but a second vector shape in the JVM slows Vector API loops whose species is not a compile-time
     * constant: with two 256-bit stores here, the haplotype epochs ran about 40 % slower once a track or annotated
     * query had run (the vector reverse complement then kept its species in an instance field; it now takes a
     * constant). Masked stores of the preferred shape cost more than the stores they save (their per-lane bounds
     * check is not compiled away).
     */
    private static void shortFill(MemorySegment dst, long base, long n, int value) {
        if (n >= 2) {
            long pair = (value & 0xffffffffL) * 0x1_0000_0001L;
            long last = base + (n - 2) * 4;
            for (long at = base; at < last; at += 8) {
                dst.set(Mem.I64, at, pair);
            }
            dst.set(Mem.I64, last, pair);
        } else if (n == 1) {
            dst.set(Mem.I32, base, value);
        }
    }

    /**
     * {@code src} is usually a memory-mapped track file ({@code ends.npy}). Those are read with scalar loads: a
     * vector load from a mapped page that a truncation of the file removed is not guarded by the JVM (C2's vector
     * intrinsic raises SIGBUS, which kills the process), while a scalar one becomes an {@link InternalError} that
     * the dataset reports as the file that shrank.
     */
    @Override
    public long firstAbove(MemorySegment src, long from, long to, int bound) {
        if (src.isMapped()) {
            return ScalarRowFill.INSTANCE.firstAbove(src, from, to, bound);
        }
        IntVector b = IntVector.broadcast(INTS, bound);
        long i = from;
        for (; i + LANES <= to; i += LANES) {
            VectorMask<Integer> above = IntVector.fromMemorySegment(INTS, src, i * 4, LE)
                    .compare(VectorOperators.GT, b);
            if (above.anyTrue()) {
                return i + above.firstTrue();
            }
        }
        return ScalarRowFill.INSTANCE.firstAbove(src, i, to, bound);
    }

    @Override
    public void fillF32(MemorySegment dst, long at, long n, float value) {
        fillI32(dst, at, n, Float.floatToRawIntBits(value));
    }

    /**
     * Track runs mostly follow one another without gaps and are at most a few vectors long, so they are painted in
     * a tight loop: {@value #RUN_VECTORS} whole-vector stores per run, with no branch on the run's length (runs vary
     * from base to base, and a branch on their length mispredicts more often than not); what the stores reach past
     * the run is written again by a later run or the tail. Three stores, not two: with two (runs up to 16 floats on
     * AVX2) a third of a coverage track's runs of 1-24 bp left the loop, each exit a mispredicted branch, and the
     * loop's cost fell by about a third with three. Any other run (a gap before it, longer, clipped, near {@code hi}, or
     * inside what earlier runs wrote) leaves the loop for {@link #paintOne}. With the rare cases out of the loop its
     * few live values stay in registers and the segment checks of its stores are hoisted; with them inside, the
     * compiled loop reloaded its arrays, cursor and bounds from the stack on every run.
     *
     * <p>A mirrored row uses the same loop: a run starting at {@code from} is stored as vectors ending at its
     * mirror image {@code lo + hi - from}, each one below the one before, so the stores only differ by a
     * loop-invariant base and direction. The vectors cover the same elements either way (by symmetry), so
     * whatever they reach past the run is again written later.
     */
    @Override
    public long paintRuns(int[] starts, int[] ends, int[] bits, int m, long shift, long lo, long hi, long cursor,
                          boolean mirrored, MemorySegment dst) {
        long span = (long) RUN_VECTORS * LANES;
        long lastFast = hi - span; // a run starting at or before this may be written as RUN_VECTORS vectors
        // The first store of a run at `from` goes to element base + dir * from, the next ones `step` elements on.
        long dir = mirrored ? -1 : 1;
        long base = mirrored ? lo + hi - LANES : 0;
        long step = dir * LANES;
        int i = 0;
        while (i < m) {
            for (; i < m; i++) {
                long from = starts[i] + shift;
                long to = ends[i] + shift;
                if (from != cursor || from > lastFast || to <= from || to - from > span) {
                    break;
                }
                IntVector v = IntVector.broadcast(INTS, bits[i]);
                long first = base + dir * from;
                v.intoMemorySegment(dst, first * 4, LE);
                v.intoMemorySegment(dst, (first + step) * 4, LE);
                v.intoMemorySegment(dst, (first + 2 * step) * 4, LE);
                cursor = to;
            }
            if (i < m) {
                cursor = paintOne(starts[i] + shift, ends[i] + shift, bits[i], lo, hi, cursor, mirrored, dst);
                i++;
            }
        }
        return cursor;
    }

    /**
     * One run {@code [from, to)} clipped to {@code [lo, hi)}, the gap before it zero, at mirrored positions if asked;
     * returns the new cursor.
     */
    private static long paintOne(long start, long end, int value, long lo, long hi, long cursor, boolean mirrored,
                                 MemorySegment dst) {
        long from = Math.max(start, lo);
        long to = Math.min(end, hi);
        if (to <= from) {
            return cursor;
        }
        if (from > cursor) {
            fillInts(dst, (mirrored ? lo + hi - from : cursor) * 4, from - cursor, 0);
        }
        // Exactly the run: it may lie inside what earlier runs wrote.
        fillInts(dst, (mirrored ? lo + hi - to : from) * 4, to - from, value);
        return Math.max(cursor, to);
    }

    @Override
    public void rampI32(MemorySegment dst, long at, long n, int first) {
        IntVector v = IOTA.add(first);
        IntVector step = IntVector.broadcast(INTS, LANES);
        long i = 0;
        for (long bound = n - n % LANES; i < bound; i += LANES) {
            v.intoMemorySegment(dst, (at + i) * 4, LE);
            v = v.add(step);
        }
        ScalarRowFill.INSTANCE.rampI32(dst, at + i, n - i, first + (int) i);
    }

    @Override
    public void reverseI32(MemorySegment dst, long at, long n) {
        long lo = at;
        long hi = at + n;
        while (hi - lo >= 2L * LANES) {
            IntVector a = IntVector.fromMemorySegment(INTS, dst, lo * 4, LE);
            IntVector b = IntVector.fromMemorySegment(INTS, dst, (hi - LANES) * 4, LE);
            b.rearrange(REVERSE).intoMemorySegment(dst, lo * 4, LE);
            a.rearrange(REVERSE).intoMemorySegment(dst, (hi - LANES) * 4, LE);
            lo += LANES;
            hi -= LANES;
        }
        ScalarRowFill.INSTANCE.reverseI32(dst, lo, hi - lo);
    }

    @Override
    public void reverseF32(MemorySegment dst, long at, long n) {
        reverseI32(dst, at, n);
    }
}
