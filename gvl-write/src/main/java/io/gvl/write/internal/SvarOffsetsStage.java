package io.gvl.write.internal;

import io.gvl.format.DatasetLayout;
import io.gvl.format.array.LittleEndianOutput;
import io.gvl.format.array.RawArray;
import io.gvl.io.InputFormatException;
import io.gvl.write.spec.WriteProgress;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes {@code genotypes/offsets.npy} and {@code svar_meta.json} of a dataset linked to a {@code .svar} store
 * (spec/svar.md §5.4, genoray's {@code _find_starts_ends_with_length}) and returns the region ends.
 *
 * <p>{@code offsets.npy} is raw int64 of shape {@code (2, R, S, P)}: start and end of every cell as absolute indices
 * into the store's {@code variant_idxs.npy}. Per region, the variant range is that of genoray's {@code var_ranges}:
 * the first and last rows of the contig that overlap the window, or the first row past it when none does (a
 * non-empty range that keeps nothing), or "none" when the search runs off the contig's rows (then every cell is the
 * empty range at the end of its haplotype's block). Per haplotype: a binary search of its ascending row list for the
 * range's first row gives the start; with extend-to-length the length walk keeps the following calls up to the
 * contig's last row until the haplotype reaches the window's length past its end; without it the end is the
 * binary search for the range's end. A region on a contig the store does not list keeps {@code (0, 0)} cells
 * ({@code (-1, -1)} without extension), as GenVarLoader leaves them. The region end is
 * {@code max(qe, end0 of the highest row kept by any haplotype)}.
 *
 * <p>Memory: start and end of one block of regions times every selected haplotype (16 bytes per cell), the block
 * sized from {@code maxMem}; the store's call lists are read through its mapping. Not thread-safe.
 */
final class SvarOffsetsStage {
    /** genoray's "no variants" range bound, {@code iinfo(int32).max}. */
    private static final long NONE = Integer.MAX_VALUE;

    private final Path store;
    private final RawArray variantIdxs;
    private final VariantRows rows;
    private final RegionSet regions;
    private final int[] recordContig;
    private final long[] hapStart;
    private final long[] hapEnd;
    private final int ploidy;
    private final boolean extend;
    private final long maxMem;

    /**
     * @param recordContig per BED contig code: the row contig of {@link VariantRows}, {@code -1} when the store
     *     lists the contig without rows, {@code -2} when it does not list it
     * @param hapStart per dataset haplotype {@code slot·P + p}, the first call of its store haplotype
     * @param hapEnd per dataset haplotype, one past its last call
     */
    SvarOffsetsStage(Path store, RawArray variantIdxs, VariantRows rows, RegionSet regions, int[] recordContig,
                     long[] hapStart, long[] hapEnd, int ploidy, boolean extend, long maxMem) {
        this.store = store;
        this.variantIdxs = variantIdxs;
        this.rows = rows;
        this.regions = regions;
        this.recordContig = recordContig;
        this.hapStart = hapStart;
        this.hapEnd = hapEnd;
        this.ploidy = ploidy;
        this.extend = extend;
        this.maxMem = maxMem;
    }

    int[] write(Path genotypes, Progress progress) throws IOException {
        Files.createDirectories(genotypes);
        int nRegions = regions.size();
        int haps = hapStart.length;
        int samples = haps / ploidy;
        Files.writeString(genotypes.resolve(DatasetLayout.SVAR_META), "{\"shape\": [2, " + nRegions + ", " + samples
                + ", " + ploidy + "], \"dtype\": \"<i8\"}", StandardCharsets.UTF_8);
        int[] ends = regions.qEnd().clone();
        long plane = 8L * nRegions * haps;
        int block = (int) Math.max(1, Math.min(nRegions, maxMem / (16L * Math.max(1, haps))));
        try (LittleEndianOutput out = LittleEndianOutput.create(genotypes.resolve(DatasetLayout.OFFSETS))) {
            for (int r0 = 0; r0 < nRegions; ) {
                int code = regions.contigCode()[r0];
                int r1 = r0;
                while (r1 < nRegions && regions.contigCode()[r1] == code && r1 - r0 < block) {
                    r1++;
                }
                long[] starts = new long[(r1 - r0) * haps];
                long[] stops = new long[starts.length];
                block(recordContig[code], r0, r1, starts, stops, ends);
                out.i64At(8L * r0 * haps, starts, 0, starts.length);
                out.i64At(plane + 8L * r0 * haps, stops, 0, stops.length);
                progress.report(WriteProgress.Stage.GENOTYPES, r1, nRegions);
                r0 = r1;
            }
        }
        return ends;
    }

    private void block(int c, int r0, int r1, long[] starts, long[] stops, int[] ends) {
        int n = r1 - r0;
        int haps = hapStart.length;
        if (c == -2) {
            java.util.Arrays.fill(starts, extend ? 0 : -1);
            java.util.Arrays.fill(stops, extend ? 0 : -1);
            return;
        }
        long[][] ranges = new long[n][];
        for (int i = 0; i < n; i++) {
            ranges[i] = c < 0 ? new long[] {NONE, NONE}
                    : varRange(c, regions.qStart()[r0 + i], regions.qEnd()[r0 + i]);
        }
        long contigEnd = c < 0 ? 0 : rows.endRow(c);
        int[] maxRow = new int[n];
        java.util.Arrays.fill(maxRow, -1);
        for (int k = 0; k < haps; k++) {
            long hs = hapStart[k];
            long he = hapEnd[k];
            long maxIdx = lowerBound(hs, he, contigEnd);
            for (int i = 0; i < n; i++) {
                long[] vr = ranges[i];
                long start = lowerBound(hs, he, vr[0]);
                long stop;
                if (!extend) {
                    stop = lowerBound(hs, he, vr[1]);
                } else if (vr[0] == vr[1] || start == maxIdx) {
                    stop = start;
                } else {
                    stop = start + keep(start, maxIdx, regions.qStart()[r0 + i], regions.qEnd()[r0 + i]);
                }
                starts[i * haps + k] = start;
                stops[i * haps + k] = stop;
                if (stop > start) {
                    maxRow[i] = Math.max(maxRow[i], row(stop - 1));
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (maxRow[i] >= 0) {
                ends[r0 + i] = Math.max(ends[r0 + i], rows.end0(maxRow[i]));
            }
        }
    }

    /**
     * genoray's {@code var_ranges} for one window on row contig {@code c}: {@code {first, last + 1}} as global rows,
     * or {@code {NONE, NONE}}. The window start is clipped at 0 for this search only.
     */
    private long[] varRange(int c, int qs, int qe) {
        int first = rows.firstRow(c);
        int end = rows.endRow(c);
        long q = Math.max(qs, 0);
        int lb = rows.overlapLow(c, qs);
        int ub = Math.max(lb, rows.startsFrom(c, qe));
        int s = lb;
        while (s < ub && q >= rows.end0(s)) {
            s++;
        }
        if (s == end) {
            return new long[] {NONE, NONE};
        }
        int e = s;
        for (int i = ub - 1; i >= s; i--) {
            if (q < rows.end0(i)) {
                e = i;
                break;
            }
        }
        assert s >= first;
        return new long[] {s, e + 1L};
    }

    /**
     * genoray's {@code _length_walk_n_keep}: how many calls from {@code start} to keep so that the haplotype
     * reaches the window's length, extending past {@code qe} only as far as needed.
     */
    private long keep(long start, long maxIdx, long qs, long qe) {
        long qLen = qe - qs;
        long lastEnd = qs;
        long written = 0;
        for (long j = start; j < maxIdx; j++) {
            int row = row(j);
            long vs = rows.start0(row);
            int il = rows.ilen(row);
            int addOne = vs >= qs ? 1 : 0;
            if (vs >= qs) {
                boolean past = vs >= qe;
                written += vs - lastEnd;
                if (past && written >= qLen) {
                    return j - start;
                }
                written += Math.max(0, il) + addOne;
                if (past && written >= qLen) {
                    return j - start + 1;
                }
            }
            lastEnd = Math.max(lastEnd, vs - Math.min(0, il) + addOne);
        }
        return maxIdx - start;
    }

    /** The first call of {@code [lo, hi)} whose row is at least {@code row}. */
    private long lowerBound(long lo, long hi, long row) {
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (row(mid) < row) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private int row(long call) {
        int row = variantIdxs.getInt(call);
        if (row < 0 || row >= rows.size()) {
            throw new InputFormatException(store.resolve("variant_idxs.npy"), "call " + call, "row " + row
                    + " is outside the store's " + rows.size() + " variants (index.arrow).", "rebuild the store with"
                    + " genoray; it is truncated or mixed from two stores.");
        }
        return row;
    }
}
