package io.gvl.write.internal;

import io.gvl.format.array.LittleEndianOutput;
import io.gvl.format.array.Npy;
import io.gvl.io.svar.Svar2Contig;
import io.gvl.io.svar.Svar2Overlap;
import io.gvl.io.svar.Svar2Store;
import io.gvl.io.svar.Svar2Stream;
import io.gvl.io.svar.Svar2StreamKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes {@code genotypes/svar2_ranges/}, the sparse range cache GenVarLoader 0.43.1 keeps for a dataset linked to
 * a {@code .svar2} store (spec/svar.md §6.2), and returns the region ends {@code regions.npy} stores.
 *
 * <p>Per region {@code r} with window {@code [qs, qe)} and per dataset haplotype {@code slot·P + p} (store column
 * {@code h = sample_cols[slot]·P + p}): the {@link Svar2Overlap} window of {@code h}'s {@code var_key} SNP calls
 * and of its indel calls (bounded on the left by {@code h}'s {@code max_del}). A cell is stored when either window
 * is non-empty, region-major with {@code cell_id} ascending; an empty channel of a stored cell keeps its insertion
 * point. The dense ranges are the same windows over the contig's dense streams. The region end is
 * {@code max(qe, pos + extent)} of the highest-positioned call in the stored windows or dense variant carried by a
 * selected haplotype (ties: the longer extent), as GenVarLoader packs {@code (pos << 21) | extent}; no extension
 * past {@code qe} (spec §7.6).
 *
 * <p>Memory: the windows of one block of regions times every selected haplotype (32 bytes per cell), with the block
 * sized from {@code maxMem}; the files are streamed. Not thread-safe.
 */
final class Svar2RangesStage {
    /** The cache directory under {@code genotypes/}. */
    static final String DIR = "svar2_ranges";
    private static final int WINDOW_LONGS = 4;

    private final Svar2Store store;
    private final RegionSet regions;
    private final String[] storeContig;
    private final int[] sampleCols;
    private final int ploidy;
    private final long maxMem;

    /**
     * @param storeContig the store contig of each BED contig code (every one present)
     * @param sampleCols the store column of each dataset sample slot
     */
    Svar2RangesStage(Svar2Store store, RegionSet regions, String[] storeContig, int[] sampleCols, long maxMem) {
        this.store = store;
        this.regions = regions;
        this.storeContig = storeContig;
        this.sampleCols = sampleCols;
        this.ploidy = store.ploidy();
        this.maxMem = maxMem;
    }

    /** Writes the cache under {@code genotypes}; returns the extended end of every sorted region. */
    int[] write(Path genotypes, Progress progress) throws IOException {
        Path out = Files.createDirectories(genotypes.resolve(DIR));
        int nRegions = regions.size();
        int haps = sampleCols.length * ploidy;
        int[] ends = regions.qEnd().clone();
        int block = (int) Math.max(1, Math.min(nRegions, maxMem / (8L * (WINDOW_LONGS + 1) * Math.max(1, haps))));
        long entries = 0;
        try (LittleEndianOutput ptr = LittleEndianOutput.create(out.resolve("region_ptr.npy"));
             LittleEndianOutput ids = LittleEndianOutput.create(out.resolve("cell_id.npy"));
             LittleEndianOutput vk = LittleEndianOutput.create(out.resolve("cell_vk.npy"));
             LittleEndianOutput denseSnp = LittleEndianOutput.create(out.resolve("dense_snp_range.npy"));
             LittleEndianOutput denseIndel = LittleEndianOutput.create(out.resolve("dense_indel_range.npy"))) {
            ptr.i64(0);
            Out files = new Out(ptr, ids, vk, denseSnp, denseIndel);
            int r0 = 0;
            while (r0 < nRegions) {
                int code = regions.contigCode()[r0];
                int r1 = r0;
                while (r1 < nRegions && regions.contigCode()[r1] == code && r1 - r0 < block) {
                    r1++;
                }
                entries = block(store.contig(storeContig[code]), r0, r1, ends, files, entries);
                progress.report(io.gvl.write.spec.WriteProgress.Stage.GENOTYPES, r1, nRegions);
                r0 = r1;
            }
        }
        writeSampleCols(out.resolve("sample_cols.npy"));
        Files.writeString(out.resolve("svar2_meta.json"), meta(nRegions, entries),
                StandardCharsets.UTF_8);
        return ends;
    }

    private record Out(LittleEndianOutput ptr, LittleEndianOutput ids, LittleEndianOutput vk, LittleEndianOutput denseSnp, LittleEndianOutput denseIndel) {
    }

    /** One block of regions on one contig: windows haplotype by haplotype, then the cells region by region. */
    private long block(Svar2Contig contig, int r0, int r1, int[] ends, Out f, long entries) throws IOException {
        int n = r1 - r0;
        int haps = sampleCols.length * ploidy;
        Svar2Stream vkSnp = contig.stream(Svar2StreamKind.VAR_KEY_SNP);
        Svar2Stream vkIndel = contig.stream(Svar2StreamKind.VAR_KEY_INDEL);
        long[] win = new long[n * haps * WINDOW_LONGS];
        long[] bestPos = new long[n];
        long[] bestExt = new long[n];
        java.util.Arrays.fill(bestPos, -1);
        long[] w = new long[2];
        int[] storeHaps = new int[haps];
        for (int k = 0; k < haps; k++) {
            int h = sampleCols[k / ploidy] * ploidy + k % ploidy;
            storeHaps[k] = h;
            long snpFrom = vkSnp.start(h);
            long snpTo = vkSnp.end(h);
            long indelFrom = vkIndel.start(h);
            long indelTo = vkIndel.end(h);
            long maxDel = contig.maxDeletion(h);
            for (int i = 0; i < n; i++) {
                long qs = regions.qStart()[r0 + i];
                long qe = regions.qEnd()[r0 + i];
                int at = (i * haps + k) * WINDOW_LONGS;
                Svar2Overlap.window(vkSnp, snpFrom, snpTo, 0, qs, qe, w);
                win[at] = w[0];
                win[at + 1] = w[1];
                if (w[1] > w[0]) {
                    consider(bestPos, bestExt, i, vkSnp.position(w[1] - 1), 1);
                }
                Svar2Overlap.window(vkIndel, indelFrom, indelTo, maxDel, qs, qe, w);
                win[at + 2] = w[0];
                win[at + 3] = w[1];
                if (w[1] > w[0]) {
                    consider(bestPos, bestExt, i, vkIndel.position(w[1] - 1), Svar2Overlap.extent(vkIndel, w[1] - 1));
                }
            }
        }
        Svar2Stream dSnp = contig.stream(Svar2StreamKind.DENSE_SNP);
        Svar2Stream dIndel = contig.stream(Svar2StreamKind.DENSE_INDEL);
        for (int i = 0; i < n; i++) {
            int r = r0 + i;
            long qs = regions.qStart()[r];
            long qe = regions.qEnd()[r];
            Svar2Overlap.window(dSnp, 0, dSnp.size(), 0, qs, qe, w);
            f.denseSnp().i64(w[0]);
            f.denseSnp().i64(w[1]);
            denseBest(dSnp, w[0], w[1], qs, storeHaps, bestPos, bestExt, i);
            Svar2Overlap.window(dIndel, 0, dIndel.size(), contig.denseMaxDeletion(), qs, qe, w);
            f.denseIndel().i64(w[0]);
            f.denseIndel().i64(w[1]);
            denseBest(dIndel, w[0], w[1], qs, storeHaps, bestPos, bestExt, i);
            for (int k = 0; k < haps; k++) {
                int at = (i * haps + k) * WINDOW_LONGS;
                if (win[at + 1] > win[at] || win[at + 3] > win[at + 2]) {
                    f.ids().i32(k);
                    f.vk().i64(win[at]);
                    f.vk().i64(win[at + 2]);
                    f.vk().i32(Math.toIntExact(win[at + 1] - win[at]));
                    f.vk().i32(Math.toIntExact(win[at + 3] - win[at + 2]));
                    entries++;
                }
            }
            f.ptr().i64(entries);
            if (bestPos[i] >= 0) {
                ends[r] = Math.toIntExact(Math.max(qe, bestPos[i] + bestExt[i]));
            }
        }
        return entries;
    }

    /**
     * The highest-positioned dense variant of {@code [from, to)} that reaches past {@code qs} and is carried by a
     * selected haplotype, folded into the region's best; scanned from the top, so it stops below the best position.
     */
    private static void denseBest(Svar2Stream s, long from, long to, long qs, int[] haps, long[] bestPos,
                                  long[] bestExt, int i) {
        for (long v = to - 1; v >= from; v--) {
            long pos = s.position(v);
            if (pos < bestPos[i]) {
                return;
            }
            long ext = Svar2Overlap.extent(s, v);
            if (pos + ext <= qs || pos == bestPos[i] && ext <= bestExt[i]) {
                continue;
            }
            for (int h : haps) {
                if (s.carries(h, v)) {
                    bestPos[i] = pos;
                    bestExt[i] = ext;
                    break;
                }
            }
        }
    }

    private static void consider(long[] bestPos, long[] bestExt, int i, long pos, long ext) {
        if (pos > bestPos[i] || pos == bestPos[i] && ext > bestExt[i]) {
            bestPos[i] = pos;
            bestExt[i] = ext;
        }
    }

    private void writeSampleCols(Path file) throws IOException {
        try (LittleEndianOutput o = LittleEndianOutput.create(file)) {
            o.bytes(Npy.header("<i8", new long[] {sampleCols.length}));
            for (int c : sampleCols) {
                o.i64(c);
            }
        }
    }

    /** {@code svar2_meta.json} as Python's {@code json.dumps} writes GenVarLoader's dict (", " and ": "). */
    private String meta(int nRegions, long entries) {
        int samples = sampleCols.length;
        double fill = (double) entries / ((double) nRegions * samples * ploidy);
        return "{\"layout\": \"sparse\", \"n_regions\": " + nRegions + ", \"n_samples\": " + samples
                + ", \"n_entries\": " + entries + ", \"fill\": " + PythonFloat.repr(fill)
                + ", \"region_ptr\": {\"shape\": [" + (nRegions + 1) + "], \"dtype\": \"<i8\"}"
                + ", \"cell_id\": {\"shape\": [" + entries + "], \"dtype\": \"<i4\"}"
                + ", \"cell_vk\": {\"shape\": [" + entries + "], \"dtype\": [[\"snp_start\", \"<i8\"],"
                + " [\"indel_start\", \"<i8\"], [\"snp_len\", \"<i4\"], [\"indel_len\", \"<i4\"]]}"
                + ", \"dense_snp_range\": {\"shape\": [" + nRegions + ", 2], \"dtype\": \"<i8\"}"
                + ", \"dense_indel_range\": {\"shape\": [" + nRegions + ", 2], \"dtype\": \"<i8\"}"
                + ", \"sample_cols\": {\"shape\": [" + samples + "], \"dtype\": \"<i8\"}"
                + ", \"ploidy\": " + ploidy + "}";
    }
}
