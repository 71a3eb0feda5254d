package io.gvl.core.kernel;

import io.gvl.core.kernel.rng.StatelessHash;
import io.gvl.core.kernel.track.input.FillCode;

/**
 * A deliberately plain, one-row-at-a-time restatement of GVL's diffs, haplotype, annotation, track and reverse-complement kernels (`src/genotypes/mod.rs`, `src/reconstruct/mod.rs`, `src/tracks/mod.rs`) over Java arrays,
 * with no buffers, offsets, fusion or threads: the oracle the fused batch kernels are compared with.
 */
final class SimpleReference {
    private SimpleReference() {
    }

    static int diff(RandomBatch b, int k) {
        int i = k / b.ploidy;
        long qs = b.starts[i];
        long qe = b.ends[i];
        long refIdx = qs;
        long acc = 0;
        int[] vs = b.rowVariants[k];
        for (int j = 0; j < vs.length; j++) {
            if (!b.kept(k, j)) {
                continue;
            }
            long start = b.vStart[vs[j]];
            long ilen = b.vIlen[vs[j]];
            long end = start - Math.min(ilen, 0) + 1;
            if (end <= qs) {
                continue;
            }
            if (start >= qe) {
                break;
            }
            if (start >= qs && start < refIdx) {
                continue;
            }
            refIdx = Math.max(refIdx, end);
            long d = ilen;
            if (ilen < 0) {
                d += Math.max(qs - start - 1, 0);
            }
            d += Math.max(end - qe, 0);
            acc += d;
        }
        return (int) acc;
    }

    /** Haplotype row {@code k} of length {@code len}, annotations into {@code var}/{@code coord}, strand applied. */
    static byte[] haplotype(RandomBatch b, int k, int len, int[] var, int[] coord) {
        int i = k / b.ploidy;
        byte[] c = b.contigs[b.contigOf[i]];
        byte[] out = new byte[len];
        int o = 0;
        long refStart = b.starts[i];
        long r = refStart;
        long shift = b.shifts[k];
        long shifted = 0;
        if (r < 0) {
            shifted = Math.min(shift, -r);
            for (long p = 0; p < Math.min(-r - shifted, len); p++) {
                out[o] = 'N';
                var[o] = -1;
                coord[o++] = -1;
            }
            r = 0;
        }
        int[] vs = b.rowVariants[k];
        for (int j = 0; j < vs.length; j++) {
            int v = vs[j];
            if (!b.kept(k, j)) {
                continue;
            }
            long start = b.vStart[v];
            long ilen = b.vIlen[v];
            byte[] alt = b.vAlt[v];
            long end = start - Math.min(ilen, 0) + 1;
            if (start < refStart && ilen < 0 && end >= refStart) {
                r = end;
                continue;
            }
            if (start < r) {
                continue;
            }
            int skip = 0;
            if (shifted < shift) {
                long dist = start - r;
                if (shifted + dist + alt.length < shift) {
                    continue;
                }
                if (shifted + dist >= shift) {
                    r += shift - shifted;
                    shifted = shift;
                } else {
                    skip = (int) (shift - shifted - dist);
                    shifted = shift;
                    if (skip == alt.length) {
                        r = end;
                        continue;
                    }
                    r = start;
                }
            }
            if (o + (start - r) >= len) {
                break;
            }
            while (r < start) {
                out[o] = c[(int) r];
                var[o] = -1;
                coord[o++] = (int) r++;
            }
            for (int a = skip; a < alt.length && o < len; a++) {
                out[o] = alt[a];
                var[o] = v;
                coord[o++] = (int) start;
            }
            r = end;
            if (o >= len) {
                break;
            }
        }
        if (shifted < shift) {
            r = Math.min(r + shift - shifted, c.length);
        }
        while (o < len) {
            boolean inContig = r < c.length;
            out[o] = inContig ? c[(int) r] : (byte) 'N';
            var[o] = -1;
            coord[o++] = inContig ? (int) r++ : Integer.MAX_VALUE;
        }
        if (b.negative.get(i)) {
            reverse(out, var, coord);
        }
        return out;
    }

    private static void reverse(byte[] s, int[] var, int[] coord) {
        for (int lo = 0, hi = s.length - 1; lo <= hi; lo++, hi--) {
            byte x = comp(s[lo]);
            s[lo] = comp(s[hi]);
            s[hi] = x;
            int t = var[lo];
            var[lo] = var[hi];
            var[hi] = t;
            t = coord[lo];
            coord[lo] = coord[hi];
            coord[hi] = t;
        }
    }

    private static byte comp(byte b) {
        return switch (b) {
            case 'A' -> 'T';
            case 'T' -> 'A';
            case 'C' -> 'G';
            case 'G' -> 'C';
            default -> b;
        };
    }

    static float[] paint(int[][] intervals, long q0, int len) {
        float[] out = new float[len];
        for (int[] itv : intervals) {
            if (itv[0] - q0 >= len) {
                break;
            }
            for (long p = Math.max(itv[0] - q0, 0); p < Math.min(itv[1] - q0, len); p++) {
                out[(int) p] = Float.intBitsToFloat(itv[2]);
            }
        }
        return out;
    }

    /** Track row {@code k} realigned from the instance's reference-coordinate {@code track}, strand applied. */
    static float[] realign(RandomBatch b, int k, float[] track, int len, FillCode fill) {
        int i = k / b.ploidy;
        float[] out = new float[len];
        int[] vs = b.rowVariants[k];
        if (vs.length == 0) {
            System.arraycopy(track, 0, out, 0, Math.min(len, track.length));
            return strand(b, i, out);
        }
        long t = 0;
        int o = 0;
        long shift = b.shifts[k];
        long shifted = 0;
        for (int j = 0; j < vs.length; j++) {
            if (!b.kept(k, j)) {
                continue;
            }
            long ilen = b.vIlen[vs[j]];
            long p = b.vStart[vs[j]] - (long) b.starts[i];
            long re = p - Math.min(ilen, 0) + 1;
            if (ilen < 0 && p < 0 && re >= 0) {
                t = re;
                continue;
            }
            if (p < t) {
                continue;
            }
            long vlen = Math.max(ilen, 0) + 1;
            if (shifted < shift) {
                long dist = p - t;
                if (shifted + dist + vlen < shift) {
                    continue;
                }
                if (shifted + dist >= shift) {
                    t += shift - shifted;
                    shifted = shift;
                } else {
                    long a0 = shift - shifted - dist;
                    shifted = shift;
                    if (a0 == vlen) {
                        t = re;
                        continue;
                    }
                    t = p;
                    vlen -= a0;
                }
            }
            if (ilen == 0) {
                continue;
            }
            if (o + (p - t) >= len) {
                break;
            }
            while (t < p) {
                out[o++] = val(track, t++);
            }
            long w = Math.min(vlen, len - o);
            for (int x = 0; x < w; x++) {
                out[o + x] = ilen > 0 ? fillValue(fill, track, p, vlen, x, o, b.baseSeed, i, k % b.ploidy)
                        : val(track, p);
            }
            o += (int) w;
            t = re;
            if (o >= len) {
                break;
            }
        }
        if (shifted < shift) {
            t = Math.min(t + shift - shifted, track.length);
        }
        while (o < len && t < track.length) {
            out[o++] = track[(int) t++];
        }
        return strand(b, i, out);
    }

    private static float fillValue(FillCode fill, float[] track, long p, long vlen, int x, int o, long seed,
                                   int query, int hap) {
        return switch (fill.strategy()) {
            case FillCode.REPEAT_5P -> val(track, p);
            case FillCode.REPEAT_5P_NORMALIZED -> val(track, p) / (float) vlen;
            case FillCode.CONSTANT -> (float) fill.param();
            case FillCode.FLANK_SAMPLE -> {
                long lo = Math.max(0, p - fill.flankWidth());
                long n = Math.min(track.length - 1, p + fill.flankWidth()) - lo + 1;
                if (n <= 0) {
                    yield 0f;
                }
                yield track[(int) (lo + Long.remainderUnsigned(StatelessHash.hash4(seed, query, hap, o + x), n))];
            }
            case FillCode.INTERPOLATE -> {
                int kk = (fill.order() + 2) / 2;
                double[] xs = new double[2 * kk];
                double[] ys = new double[2 * kk];
                for (int j = 0; j < kk; j++) {
                    xs[j] = -j;
                    ys[j] = val(track, Math.max(p - j, 0));
                    xs[kk + j] = vlen + j;
                    ys[kk + j] = val(track, Math.min(p + 1 + j, track.length - 1));
                }
                double acc = 0;
                for (int a = 0; a < xs.length; a++) {
                    double term = ys[a];
                    for (int c = 0; c < xs.length; c++) {
                        if (c != a) {
                            term = term * ((x - xs[c]) / (xs[a] - xs[c]));
                        }
                    }
                    acc += term;
                }
                yield (float) acc;
            }
            default -> throw new IllegalArgumentException("unknown strategy " + fill.strategy());
        };
    }

    /** Track value, 0 past its end (where GVL would read out of bounds). */
    private static float val(float[] track, long idx) {
        return idx < track.length ? track[(int) idx] : 0f;
    }

    private static float[] strand(RandomBatch b, int i, float[] row) {
        if (b.negative.get(i)) {
            float[] rev = new float[row.length];
            for (int x = 0; x < row.length; x++) {
                rev[x] = row[row.length - 1 - x];
            }
            return rev;
        }
        return row;
    }
}
