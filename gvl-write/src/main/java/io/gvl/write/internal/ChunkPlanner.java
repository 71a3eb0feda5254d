package io.gvl.write.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts the sorted regions into {@link RegionChunk}s whose decoded genotype rows (1 byte per row, sample and ploid)
 * fit a per-task budget; a region too wide for all samples at once is split into sample passes instead. Chunks never
 * cross a contig and hold at most {@link #MAX_REGIONS} regions, so region chunks spread over the worker threads.
 */
final class ChunkPlanner {
    static final int MAX_REGIONS = 64;
    /** Rows reserved for the extend-to-length walk past the overlapping rows. */
    private static final int TAIL_ROWS = 64;

    private ChunkPlanner() {
    }

    /**
     * @param recordContig record contig index of each BED contig code, {@code -1} when the variants lack it
     * @param budget       bytes of decoded calls one task may hold
     */
    static List<RegionChunk> plan(RegionSet regions, VariantRows rows, int[] recordContig, int samples, int ploidy,
                                  long budget) {
        List<RegionChunk> out = new ArrayList<>();
        long rowBytes = GenotypeWindow.rowBytes(samples, ploidy);
        int k = 0;
        int n = regions.size();
        while (k < n) {
            int code = regions.contigCode()[k];
            int c = recordContig[code];
            int from = k;
            int lo = Integer.MAX_VALUE;
            int hi = Integer.MIN_VALUE;
            while (k < n && k - from < MAX_REGIONS && regions.contigCode()[k] == code) {
                if (c < 0) {
                    k++;
                    continue;
                }
                int rlo = rows.overlapLow(c, regions.qStart()[k]);
                int rhi = rows.startsFrom(c, regions.qEnd()[k]);
                int nlo = Math.min(lo, rlo);
                int nhi = Math.max(hi, rhi);
                if (k > from && (nhi - nlo + (long) TAIL_ROWS) * rowBytes > budget) {
                    break;
                }
                lo = nlo;
                hi = nhi;
                k++;
            }
            if (c < 0) {
                out.add(new RegionChunk(from, k, -1, 0, 0, samples));
                continue;
            }
            long perSample = (hi - lo + (long) TAIL_ROWS) * ploidy;
            int pass = (int) Math.clamp(budget / perSample, 1, samples);
            out.add(new RegionChunk(from, k, c, lo, Math.min(hi + TAIL_ROWS, rows.endRow(c)), pass));
        }
        return out;
    }
}
