package io.gvl.dataset;

import io.gvl.dataset.internal.RefSpans;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.io.bed.BedFile;
import io.gvl.io.fasta.Reference;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The regions of a {@link RefDataset} resolved against its reference once (a region on a contig the reference lacks
 * fails here, naming both), with the BED they came from, if any, for splicing by column.
 *
 * @param regions regions in input order, {@code inputRow} = position
 * @param spans   the same regions as the engine reads them (contig index, start, end, strand)
 * @param bed     the BED the regions were read from, or null
 */
record RefRegions(List<Region> regions, RefSpans spans, BedFile bed) {

    static RefRegions of(List<Region> given, BedFile bed, Reference reference) {
        if (given.isEmpty()) {
            throw new IllegalArgumentException("a RefDataset needs at least one region"
                    + (bed == null ? "" : "; " + bed.path() + " has none"));
        }
        List<Region> regions = new ArrayList<>(given.size());
        int[] contigs = new int[given.size()];
        int[] starts = new int[given.size()];
        int[] ends = new int[given.size()];
        BitSet minus = new BitSet(given.size());
        for (int i = 0; i < given.size(); i++) {
            Region r = given.get(i);
            if (r.end() < r.start()) {
                throw new IllegalArgumentException("region " + i + " (" + r.chrom() + ":" + r.start() + "-" + r.end()
                        + ") ends before it starts");
            }
            contigs[i] = reference.contigIndex(r.chrom());
            if (contigs[i] < 0) {
                throw new IllegalArgumentException("region " + i + " is on contig '" + r.chrom() + "', which "
                        + reference.fasta() + " does not have (contigs: " + reference.contigs() + ")");
            }
            regions.add(new Region(i, r.chrom(), r.start(), r.end(), r.strand() < 0 ? -1 : 1));
            starts[i] = r.start();
            ends[i] = r.end();
            minus.set(i, r.strand() < 0);
        }
        return new RefRegions(List.copyOf(regions), new RefSpans(contigs, starts, ends, minus), bed);
    }

    /** Groups by the BED column {@code column}, elements sorted by {@code orderColumn} (null: row order). */
    SpliceMap spliceMap(String column, String orderColumn) {
        List<String> keys = values(column);
        return orderColumn == null ? SpliceMap.fromKeys(keys) : SpliceMap.fromKeys(keys, values(orderColumn));
    }

    private List<String> values(String column) {
        if (bed == null || !bed.hasColumn(column) || bed.columns().indexOf(column) < 3) {
            throw new IllegalArgumentException("no column '" + column + "' to splice by"
                    + (bed == null ? ": these regions came without a BED; pass an explicit SpliceMap"
                    : " in " + bed.path() + " (columns: " + bed.columns() + ")"));
        }
        List<String> out = new ArrayList<>(bed.size());
        for (int i = 0; i < bed.size(); i++) {
            out.add(bed.value(i, column));
        }
        return out;
    }
}
