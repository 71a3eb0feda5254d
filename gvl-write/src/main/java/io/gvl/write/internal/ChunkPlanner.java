package io.gvl.write.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts the sorted regions into {@link RegionChunk}s that fit a per-task memory budget; a region too wide for all
 * samples at once is split into sample passes instead. Chunks never cross a contig and hold at most
 * {@link #MAX_REGIONS} regions, so region chunks spread over the worker threads, and fewer when their per-slot counts
 * would pass {@link #MAX_COUNT_BYTES}.
 *
 * <p>The memory model. A task holds, per chunk, one {@code int} count per region and haplotype slot (4 bytes ×
 * regions × samples × ploidy, kept until the chunk is written) and, per pass of samples, the pass's carrier block
 * ({@link GenotypeWindow}: 4 bytes per row and 4 per ALT carrier) over the chunk's rows plus {@link #TAIL_ROWS} for
 * the extend-to-length walk. Carriers are not known before they are read, so the plan charges each row an estimate,
 * {@link GenotypeWindow#rowBytes}: one carrier per {@link GenotypeWindow#CARRIER_SHARE_DIVISOR} slots (a quarter of
 * the dense block's byte per slot; simulated biobank cohorts, 93–97 % rare records, average well under it). The
 * estimate sets how many rows a chunk spans and how many samples a pass reads; the pass's block is then measured as
 * it is read, and a pass whose block passes what the budget leaves after the counts ({@link RegionChunk#passBytes})
 * is split in halves and read again ({@code GenotypeStage}), down to one sample, which is read whole. So the blocks
 * stay within the budget whatever the data, and common variants cost at most a re-read. The stored rows the
 * selection returns (4 bytes per kept row and haplotype) are at most the carriers of the chunk's rows, so the block
 * charge covers them.
 */
final class ChunkPlanner {
    static final int MAX_REGIONS = 64;
    /**
     * Bytes of per-slot counts one chunk may hold: fewer regions per chunk when the samples are many (4 MiB: 64
     * regions up to 8,192 diploid samples, 26 at 20,000, 5 at 100,000). A chunk's counts and its stored rows both grow
     * as regions × slots, and up to {@code 3 × threads} chunk results are held at once (computing and waiting to be
     * appended in order), so this keeps what the results hold from growing with the sample count.
     */
    static final long MAX_COUNT_BYTES = 4L << 20;
    /** Rows reserved for the extend-to-length walk past the overlapping rows. */
    private static final int TAIL_ROWS = 64;

    private ChunkPlanner() {
    }

    /**
     * @param recordContig record contig index of each BED contig code, {@code -1} when the variants lack it
     * @param budget       bytes of counts and carriers one task may hold
     */
    static List<RegionChunk> plan(RegionSet regions, VariantRows rows, int[] recordContig, int samples, int ploidy,
                                  long budget) {
        List<RegionChunk> out = new ArrayList<>();
        long rowBytes = GenotypeWindow.rowBytes(samples, ploidy);
        long countBytes = 4L * samples * ploidy;
        int maxRegions = (int) Math.clamp(MAX_COUNT_BYTES / Math.max(1, countBytes), 1, MAX_REGIONS);
        int k = 0;
        int n = regions.size();
        while (k < n) {
            int code = regions.contigCode()[k];
            int c = recordContig[code];
            int from = k;
            int lo = Integer.MAX_VALUE;
            int hi = Integer.MIN_VALUE;
            while (k < n && k - from < maxRegions && regions.contigCode()[k] == code) {
                if (c < 0) {
                    k++;
                    continue;
                }
                int rlo = rows.overlapLow(c, regions.qStart()[k]);
                int rhi = rows.startsFrom(c, regions.qEnd()[k]);
                int nlo = Math.min(lo, rlo);
                int nhi = Math.max(hi, rhi);
                if (k > from && (nhi - nlo + (long) TAIL_ROWS) * rowBytes + (k - from + 1) * countBytes > budget) {
                    break;
                }
                lo = nlo;
                hi = nhi;
                k++;
            }
            long passBytes = Math.max(budget - (k - from) * countBytes, rowBytes);
            if (c < 0) {
                out.add(new RegionChunk(from, k, -1, 0, 0, samples, passBytes));
                continue;
            }
            long span = hi - lo + (long) TAIL_ROWS;
            out.add(new RegionChunk(from, k, c, lo, Math.min(hi + TAIL_ROWS, rows.endRow(c)),
                    samplesPerPass(span, passBytes, samples, ploidy), passBytes));
        }
        return out;
    }

    /** The most samples whose estimated block over {@code span} rows fits {@code passBytes}; at least 1. */
    static int samplesPerPass(long span, long passBytes, int samples, int ploidy) {
        int lo = 1;
        int hi = samples;
        while (lo < hi) {
            int mid = (int) ((lo + (long) hi + 1) / 2);
            if (span * GenotypeWindow.rowBytes(mid, ploidy) <= passBytes) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return Math.max(1, lo);
    }
}
