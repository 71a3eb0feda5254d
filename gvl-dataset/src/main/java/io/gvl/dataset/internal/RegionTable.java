package io.gvl.dataset.internal;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.InputRegions;
import io.gvl.format.RegionOrder;
import java.nio.file.Path;
import java.util.List;

/**
 * The dataset's regions as GVL's reader sees them ({@code full_regions}): the user's original, un-jittered,
 * un-extended coordinates per on-disk row, plus the map from input rows (the order users index in) to on-disk rows.
 * Built by inverting {@code r_idx_map} rather than re-sorting, so ties cannot be permuted.
 */
public record RegionTable(int[] contig, int[] start, int[] end, int[] strand, int[] inputToDisk) {

    public static RegionTable read(InputRegions input, DatasetMetadata meta, Path source) {
        int n = input.size();
        List<String> chroms = input.chroms(source);
        long[] starts = input.longs("chromStart", source);
        long[] ends = input.longs("chromEnd", source);
        int[] strands = input.strands(source);
        RegionOrder order = input.order(source);
        int[] contig = new int[n];
        int[] start = new int[n];
        int[] end = new int[n];
        int[] strand = new int[n];
        for (int i = 0; i < n; i++) {
            int disk = order.sortedRow(i);
            int c = meta.contigs().indexOf(chroms.get(i));
            if (c < 0) {
                throw new DatasetFormatException(source + ": row " + i + " contig '" + chroms.get(i)
                        + "' is not in metadata.json contigs");
            }
            if (starts[i] < 0 || ends[i] <= starts[i] || ends[i] > Integer.MAX_VALUE) {
                throw new DatasetFormatException(source + ": row " + i + " has invalid coordinates ["
                        + starts[i] + ", " + ends[i] + ")");
            }
            contig[disk] = c;
            start[disk] = (int) starts[i];
            end[disk] = (int) ends[i];
            strand[disk] = strands[i];
        }
        return new RegionTable(contig, start, end, strand, order.inputToSorted());
    }

    public int size() {
        return contig.length;
    }

    /** Length of the shortest region (GVL validates fixed lengths against it). */
    public int minLength() {
        int min = Integer.MAX_VALUE;
        for (int i = 0; i < contig.length; i++) {
            min = Math.min(min, end[i] - start[i]);
        }
        return contig.length == 0 ? 0 : min;
    }
}
