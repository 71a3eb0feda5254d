package io.gvl.core.internal.kernel.track;

import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.kernel.rng.StatelessHash;
import io.gvl.core.kernel.track.input.FillCode;
import java.lang.foreign.MemorySegment;

/**
 * Writes one insertion's values with GVL's exact arithmetic (float32 division for Repeat5pNormalized, unsigned
 * modulo for FlankSample, float64 Lagrange terms in GVL's operand order for Interpolate).
 */
final class InsertionFills {
    private InsertionFills() {
    }

    /**
     * @param out      output track row, insertion written at element {@code at}
     * @param w        positions to write
     * @param vlen     insertion length including the anchor (after any shift trimming)
     * @param track    reference-coordinate track of the instance at element {@code trackAt}, {@code trackLen} long
     * @param p        anchor position relative to the track start
     * @param outIdx   position of {@code at} within the output row (for FlankSample seeds)
     * @param scratch  at least 8 doubles, reused across calls
     */
    static void apply(FillCode fill, MemorySegment out, long at, long w, long vlen, MemorySegment track,
                      long trackAt, long trackLen, long p, long baseSeed, long query, long hap, long outIdx,
                      double[] scratch, RowFill rows) {
        switch (fill.strategy()) {
            case FillCode.REPEAT_5P -> rows.fillF32(out, at, w, TrackRealignRow.value(track, trackAt, trackLen, p));
            case FillCode.REPEAT_5P_NORMALIZED ->
                    rows.fillF32(out, at, w, TrackRealignRow.value(track, trackAt, trackLen, p) / (float) vlen);
            case FillCode.CONSTANT -> rows.fillF32(out, at, w, (float) fill.param());
            case FillCode.FLANK_SAMPLE -> {
                long lo = Math.max(0, p - fill.flankWidth());
                long hi = Math.min(trackLen - 1, p + fill.flankWidth());
                long pool = hi - lo + 1;
                if (pool <= 0) {
                    // Anchor past the scratch track (GVL panics); see TrackRealignRow.value.
                    rows.fillF32(out, at, w, 0f);
                    return;
                }
                for (long i = 0; i < w; i++) {
                    long seed = StatelessHash.hash4(baseSeed, query, hap, outIdx + i);
                    Mem.setF32(out, at + i, Mem.f32(track, trackAt + lo + Long.remainderUnsigned(seed, pool)));
                }
            }
            case FillCode.INTERPOLATE -> interpolate(fill.order(), out, at, w, vlen, track, trackAt, trackLen,
                    p, scratch);
            default -> throw new IllegalStateException("unknown insertion fill strategy " + fill.strategy());
        }
    }

    private static void interpolate(int order, MemorySegment out, long at, long w, long vlen, MemorySegment track,
                                    long trackAt, long trackLen, long p, double[] scratch) {
        int k = (order + 2) / 2;
        int n = 2 * k;
        for (int j = 0; j < k; j++) {
            scratch[j] = -(double) j;
            scratch[4 + j] = TrackRealignRow.value(track, trackAt, trackLen, Math.max(p - j, 0));
            scratch[k + j] = (double) vlen + (double) j;
            scratch[4 + k + j] = TrackRealignRow.value(track, trackAt, trackLen, Math.min(p + 1 + j, trackLen - 1));
        }
        for (long i = 0; i < w; i++) {
            double x = i;
            double acc = 0.0;
            for (int a = 0; a < n; a++) {
                double term = scratch[4 + a];
                for (int b = 0; b < n; b++) {
                    if (b != a) {
                        term *= (x - scratch[b]) / (scratch[a] - scratch[b]);
                    }
                }
                acc += term;
            }
            Mem.setF32(out, at + i, (float) acc);
        }
    }
}
