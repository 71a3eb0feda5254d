package io.gvl.core.internal.kernel.track;

import io.gvl.core.kernel.track.input.FillCode;

/**
 * The scratch-track indices {@link TrackRealignRow#realign} can read for one row, so the fused kernel paints only
 * those instead of GVL's whole scratch track. It only bounds the reads: the realignment still compares and clamps
 * against the full scratch length, which is why the output is unchanged.
 *
 * <p>Why the bounds hold. Walk {@code realign} with track index {@code t}, output index {@code o}, shift consumed
 * {@code s} and deleted bases jumped {@code d} (deletions whose {@code t = re} was taken). Copies advance {@code t}
 * and {@code o} together, fills advance {@code o} only, shift steps advance {@code t} by at most what they add to
 * {@code s}, a deletion adds its deleted bases to both {@code t} and {@code d}, and one spanning the window start
 * sets {@code t = re <= } its deleted bases; so {@code t <= o + s + d} throughout. Copies and fills read at most
 * index {@code p <= o + n - 1 + s + d} with {@code o + n < len}, the tail at most {@code len - 1 + shift + d}: every
 * read is below {@code len + shift + d}, plus the fill's forward reach. A deletion can only be taken at such a
 * {@code p}, so counting, in row order, each kept deletion with {@code p} below the running bound covers {@code d}.
 *
 * <p>Below: no read happens before the shift is consumed, and from then on {@code t >= shift - i}, where {@code i}
 * (the kept inserted bases) covers what an insertion swallowed by the shift lets {@code t} lag behind {@code s};
 * {@code t} only grows afterwards. Two cases read from 0 instead: a row with no stored variants (it copies
 * {@code track[0, len)} ignoring the shift) and a row with a kept deletion left of the window (it resets {@code t}).
 */
public final class ReadWindow {
    private ReadWindow() {
    }

    /**
     * Stores row {@code k}'s unclamped read window, without fill reach, as {@code lo[h], hi[h]}.
     *
     * @param from  first entry of the row's variant list
     * @param to    end of the row's variant list
     * @param q0    genome position of scratch element 0
     * @param len   output row length
     */
    public static void measure(TrackRealignRow.Context c, int k, long from, long to, long shift, long q0, long len,
                               long[] lo, long[] hi, int h) {
        if (to == from) {
            lo[h] = 0;
            hi[h] = len;
            return;
        }
        long low = shift;
        long high = len + shift;
        boolean resets = false;
        for (long j = from; j < to; j++) {
            if (c.keep() != null && !c.keep().kept(k, j - from)) {
                continue;
            }
            int v = c.variants().require(c.genotypes().variant(j), k);
            int ilen = c.variants().ilen(v);
            if (ilen > 0) {
                low -= ilen;
            } else if (ilen < 0) {
                long p = c.variants().start(v) - q0;
                resets |= p < 0;
                if (p < high) {
                    high -= ilen;
                }
            }
        }
        lo[h] = resets ? 0 : low;
        hi[h] = high;
    }

    /**
     * First index to paint for a measured {@code lo}: widened by the fill's backward reach, and never past
     * {@code trackLen - 1}, which Interpolate's clamp {@code min(p + 1 + j, trackLen - 1)} reads however far the
     * anchor lies.
     */
    public static long lo(long lo, FillCode fill, long trackLen) {
        return Math.max(0, Math.min(lo - fill.reachBack(), trackLen - 1));
    }

    /** End index to paint for a measured {@code hi}: widened by the fill's forward reach, within the scratch track. */
    public static long hi(long hi, FillCode fill, long trackLen) {
        return Math.min(hi + fill.reachForward(), trackLen);
    }
}
