package io.gvl.write.internal;

import io.gvl.format.NaturalSort;
import io.gvl.format.RegionOrder;
import io.gvl.format.Regions;
import io.gvl.io.bed.BedFile;
import io.gvl.io.bed.BedRegion;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.List;

/**
 * The regions in sorted on-disk order (natural contig order, start, end; ties in input order) with their jittered
 * windows {@code [start - J, end + J)}. Everything downstream indexes regions by sorted row.
 *
 * @param contigs    natural-sorted unique BED contigs ({@code metadata.contigs})
 * @param order      input ↔ sorted permutation ({@code r_idx_map})
 * @param contigCode contig code of each sorted row
 * @param qStart     jittered window start of each sorted row (may be negative)
 * @param qEnd       jittered window end of each sorted row
 * @param strand     +1 / -1 of each sorted row
 * @param line       BED line of each sorted row, for messages
 */
public record RegionSet(List<String> contigs, RegionOrder order, int[] contigCode, int[] qStart, int[] qEnd,
                        int[] strand, long[] line) {

    public static RegionSet of(BedFile bed, int maxJitter) {
        int n = bed.size();
        List<String> chrom = new ArrayList<>(n);
        long[] start = new long[n];
        long[] end = new long[n];
        for (int i = 0; i < n; i++) {
            BedRegion r = bed.get(i);
            chrom.add(r.chrom());
            start[i] = r.start();
            end[i] = r.end();
        }
        List<String> contigs = NaturalSort.sortedUnique(chrom);
        Object2IntOpenHashMap<String> code = new Object2IntOpenHashMap<>();
        for (int c = 0; c < contigs.size(); c++) {
            code.put(contigs.get(c), c);
        }
        RegionOrder order = NaturalSort.regionOrder(chrom, start, end);
        int[] cc = new int[n];
        int[] qs = new int[n];
        int[] qe = new int[n];
        int[] st = new int[n];
        long[] ln = new long[n];
        for (int k = 0; k < n; k++) {
            BedRegion r = bed.get(order.inputRow(k));
            cc[k] = code.getInt(r.chrom());
            qs[k] = Math.toIntExact((long) r.start() - maxJitter);
            qe[k] = Math.toIntExact((long) r.end() + maxJitter);
            st[k] = r.strand();
            ln[k] = r.line();
        }
        return new RegionSet(List.copyOf(contigs), order, cc, qs, qe, st, ln);
    }

    /** The sorted rows {@code [from, to)}, for one region block of a write plan (the permutation is kept whole). */
    public RegionSet slice(int from, int to) {
        return new RegionSet(contigs, order, java.util.Arrays.copyOfRange(contigCode, from, to),
                java.util.Arrays.copyOfRange(qStart, from, to), java.util.Arrays.copyOfRange(qEnd, from, to),
                java.util.Arrays.copyOfRange(strand, from, to), java.util.Arrays.copyOfRange(line, from, to));
    }

    public int size() {
        return contigCode.length;
    }

    public String contig(int row) {
        return contigs.get(contigCode[row]);
    }

    /** The {@code regions.npy} rows for these regions with the given (possibly extended) window ends. */
    public Regions toRegions(int[] ends) {
        return new Regions(contigCode, qStart, ends, strand);
    }
}
