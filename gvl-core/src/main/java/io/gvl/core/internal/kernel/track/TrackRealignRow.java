package io.gvl.core.internal.kernel.track;

import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.kernel.track.input.FillCode;
import io.gvl.core.kernel.variant.KeepMask;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;
import java.lang.foreign.MemorySegment;

/**
 * One haplotype-realigned track row, GVL's {@code shift_and_realign_track_core}: the haplotype walk of
 * {@code HaplotypeRow} replayed on a reference-coordinate track, dropping deleted positions and filling
 * insertions. Kept GVL quirks (of {@code shift_and_realign_track_core}, {@code src/tracks/mod.rs}): a row with no stored variants copies the track ignoring the shift, and SNPs are
 * skipped after the shift step without advancing the track position.
 */
public final class TrackRealignRow {
    private TrackRealignRow() {
    }

    /** Batch-wide inputs of the realignment; {@code scratch} is per thread. */
    public record Context(SparseGenotypes genotypes, VariantArrays variants, KeepMask keep, FillCode fill,
                          long baseSeed, RowFill rows) {
    }

    /**
     * Realigns row {@code k} ({@code query}, {@code hap}).
     *
     * @param track    instance's reference-coordinate track: index {@code idx < trackLen} at element
     *                 {@code trackAt + idx}; {@code trackAt} is negative when only the window {@link ReadWindow}
     *                 bounds is present, and {@code trackLen} stays GVL's scratch length for every clamp
     * @param q0       genome position of track element 0 (the jittered start)
     * @param out      F32 output, row at element {@code at}, {@code len} long
     */
    public static void realign(Context c, int k, long query, long hap, long from, long to, long shift,
                               MemorySegment track, long trackAt, long trackLen, long q0, MemorySegment out,
                               long at, long len, double[] scratch) {
        RowFill rows = c.rows();
        if (to == from) {
            // GVL indexes past its scratch track here (a panic) when len > trackLen; we zero-fill instead.
            long n = Math.min(len, trackLen);
            Mem.copyF32(track, trackAt, out, at, n);
            rows.fillF32(out, at + n, len - n, 0f);
            return;
        }
        long trackIdx = 0;
        long outIdx = 0;
        long shifted = 0;
        for (long j = from; j < to; j++) {
            if (c.keep() != null && !c.keep().kept(k, j - from)) {
                continue;
            }
            int v = c.variants().require(c.genotypes().variant(j), k);
            long ilen = c.variants().ilen(v);
            long p = c.variants().start(v) - q0;
            long re = p - Math.min(ilen, 0) + 1;
            if (ilen < 0 && p < 0 && re >= 0) {
                trackIdx = re;
                continue;
            }
            if (p < trackIdx) {
                continue;
            }
            long vlen = Math.max(ilen, 0) + 1;
            if (shifted < shift) {
                long dist = p - trackIdx;
                if (shifted + dist + vlen < shift) {
                    continue;
                } else if (shifted + dist >= shift) {
                    trackIdx += shift - shifted;
                    shifted = shift;
                } else {
                    long a0 = shift - shifted - dist;
                    shifted = shift;
                    if (a0 == vlen) {
                        trackIdx = re;
                        continue;
                    }
                    trackIdx = p;
                    vlen -= a0;
                }
            }
            if (ilen == 0) {
                continue;
            }
            long n = p - trackIdx;
            if (outIdx + n >= len) {
                break;
            }
            copyClipped(track, trackAt, trackLen, trackIdx, n, out, at + outIdx, rows);
            outIdx += n;
            long w = Math.min(vlen, len - outIdx);
            if (ilen > 0 && c.fill().strategy() != FillCode.REPEAT_5P) {
                InsertionFills.apply(c.fill(), out, at + outIdx, w, vlen, track, trackAt, trackLen, p, c.baseSeed(),
                        query, hap, outIdx, scratch, rows);
            } else {
                rows.fillF32(out, at + outIdx, w, value(track, trackAt, trackLen, p));
            }
            outIdx += w;
            trackIdx = re;
            if (outIdx >= len) {
                break;
            }
        }
        if (shifted < shift) {
            trackIdx = Math.min(trackIdx + shift - shifted, trackLen);
        }
        long unfilled = len - outIdx;
        if (unfilled > 0) {
            long writable = Math.min(unfilled, trackLen - trackIdx);
            if (writable > 0) {
                Mem.copyF32(track, trackAt + trackIdx, out, at + outIdx, writable);
                outIdx += writable;
            }
            rows.fillF32(out, at + outIdx, len - outIdx, 0f);
        }
    }

    /**
     * Track value {@code idx}, or 0 past the scratch track. GVL reads out of bounds (and panics) there, which happens
     * when quirk #3 lets the track fall behind its haplotype; we define those values as 0 like the tail.
     */
    static float value(MemorySegment track, long trackAt, long trackLen, long idx) {
        return idx < trackLen ? Mem.f32(track, trackAt + idx) : 0f;
    }

    /** Copies track {@code [from, from + n)} to {@code out}, zero past the scratch track (see {@link #value}). */
    private static void copyClipped(MemorySegment track, long trackAt, long trackLen, long from, long n,
                                    MemorySegment out, long outAt, RowFill rows) {
        long avail = Math.max(0, Math.min(n, trackLen - from));
        if (avail > 0) {
            // Only then is trackAt + from inside the track (it can lie past a painted window when nothing is read).
            Mem.copyF32(track, trackAt + from, out, outAt, avail);
        }
        rows.fillF32(out, outAt + avail, n - avail, 0f);
    }
}
