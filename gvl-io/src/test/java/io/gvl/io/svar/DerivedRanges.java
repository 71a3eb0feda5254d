package io.gvl.io.svar;

import io.gvl.format.DatasetMetadata;
import io.gvl.format.InputRegions;
import io.gvl.format.Regions;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The range cache of a dataset re-derived from the store with the recipe of spec/svar.md §6.2, independently of
 * {@link io.gvl.format.io.Svar2RangesFile}: per (region, slot, ploid) both {@code var_key} windows (an empty
 * window starts at its insertion point), the dense ranges, and the extended region ends of {@code regions.npy}.
 */
final class DerivedRanges {
    final DatasetMetadata meta;
    final int regions;
    final int samples;
    final int ploidy;
    final long[] qs;
    final long[] qe;
    /** [r][slot*P + p] = {snpStart, snpEnd, indelStart, indelEnd}. */
    final long[][][] cells;
    /** [r] = {snpStart, snpEnd, indelStart, indelEnd}. */
    final long[][] dense;
    final long[] regionEnds;

    /** Store sample column of each dataset slot, by name. */
    final long[] sampleCols;

    DerivedRanges(Path dataset, Svar2Store store, Svar2Contig contig) {
        meta = MetadataFile.read(dataset.resolve("metadata.json"));
        regions = meta.nRegions();
        samples = meta.samples().size();
        ploidy = meta.ploidy();
        sampleCols = new long[samples];
        for (int s = 0; s < samples; s++) {
            sampleCols[s] = store.samples().indexOf(meta.samples().get(s));
        }
        Path irFile = dataset.resolve("input_regions.arrow");
        InputRegions ir = InputRegionsFile.read(irFile);
        int[] toSorted = ir.order(irFile).inputToSorted();
        long[] starts = ir.longs("chromStart", irFile);
        long[] ends = ir.longs("chromEnd", irFile);
        qs = new long[regions];
        qe = new long[regions];
        for (int i = 0; i < regions; i++) {
            qs[toSorted[i]] = starts[i] - meta.maxJitter();
            qe[toSorted[i]] = ends[i] + meta.maxJitter();
        }
        Svar2Stream vkSnp = contig.stream(Svar2StreamKind.VAR_KEY_SNP);
        Svar2Stream vkIndel = contig.stream(Svar2StreamKind.VAR_KEY_INDEL);
        Svar2Stream dSnp = contig.stream(Svar2StreamKind.DENSE_SNP);
        Svar2Stream dIndel = contig.stream(Svar2StreamKind.DENSE_INDEL);
        cells = new long[regions][samples * ploidy][];
        dense = new long[regions][];
        regionEnds = new long[regions];
        for (int r = 0; r < regions; r++) {
            long[] best = null;
            for (int s = 0; s < samples; s++) {
                for (int p = 0; p < ploidy; p++) {
                    int h = (int) sampleCols[s] * ploidy + p;
                    long[] a = overlap(vkSnp, vkSnp.start(h), vkSnp.end(h), 0, qs[r], qe[r]);
                    long[] b = overlap(vkIndel, vkIndel.start(h), vkIndel.end(h), contig.maxDeletion(h), qs[r],
                            qe[r]);
                    cells[r][s * ploidy + p] = new long[]{a[0], a[1], b[0], b[1]};
                    if (a[1] > a[0]) {
                        best = max(best, vkSnp.position(a[1] - 1), 1);
                    }
                    if (b[1] > b[0]) {
                        best = max(best, vkIndel.position(b[1] - 1), extent(vkIndel, b[1] - 1));
                    }
                }
            }
            long[] ds = overlap(dSnp, 0, dSnp.size(), 0, qs[r], qe[r]);
            long[] di = overlap(dIndel, 0, dIndel.size(), contig.denseMaxDeletion(), qs[r], qe[r]);
            dense[r] = new long[]{ds[0], ds[1], di[0], di[1]};
            for (Svar2Stream st : new Svar2Stream[]{dSnp, dIndel}) {
                long from = st == dSnp ? ds[0] : di[0];
                long to = st == dSnp ? ds[1] : di[1];
                for (long v = from; v < to; v++) {
                    long pos = st.position(v);
                    long ext = st == dSnp ? 1 : extent(st, v);
                    if (pos + ext > qs[r] && carried(st, v, sampleCols)) {
                        best = max(best, pos, ext);
                    }
                }
            }
            regionEnds[r] = best == null ? qe[r] : Math.max(qe[r], best[0] + best[1]);
        }
    }

    private boolean carried(Svar2Stream st, long v, long[] sampleCols) {
        for (long col : sampleCols) {
            for (int p = 0; p < ploidy; p++) {
                if (st.carries((int) col * ploidy + p, v)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static long[] max(long[] best, long pos, long extent) {
        if (best == null || pos > best[0] || pos == best[0] && extent > best[1]) {
            return new long[]{pos, extent};
        }
        return best;
    }

    static long extent(Svar2Stream s, long i) {
        int key = s.key(i);
        return 1 + (Svar2IndelKeys.lane(key) == Svar2IndelKeys.Lane.DELETION ? -Svar2IndelKeys.ilen(key) : 0);
    }

    /** §6.2's overlap over entries {@code [from, to)} sorted by position: {start, end}. */
    static long[] overlap(Svar2Stream s, long from, long to, long maxDel, long qs, long qe) {
        long lb = from;
        while (lb < to && s.position(lb) < qs - maxDel) {
            lb++;
        }
        long ub = lb;
        while (ub < to && s.position(ub) < qe) {
            ub++;
        }
        long first = -1;
        long last = -1;
        for (long i = lb; i < ub; i++) {
            long end = s.position(i) + (s.kind().snp() ? 1 : extent(s, i));
            if (end > qs) {
                if (first < 0) {
                    first = i;
                }
                last = i;
            }
        }
        return first < 0 ? new long[]{ub, ub} : new long[]{first, last + 1};
    }

    /** The regions.npy of the dataset (start and extended end). */
    static Regions regionsFile(Path dataset) {
        return RegionsFile.read(dataset.resolve("regions.npy"));
    }

    @Override
    public String toString() {
        return "DerivedRanges[" + regions + " x " + samples + " x " + ploidy + ", qs=" + Arrays.toString(qs) + "]";
    }
}
