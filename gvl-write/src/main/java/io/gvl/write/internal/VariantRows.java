package io.gvl.write.internal;

import io.gvl.format.VariantTable;
import io.gvl.io.ContigNormalizer;
import io.gvl.io.InputFormatException;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-variant numbers the selection needs, as primitive arrays over variant rows: 0-based start, ILEN and the
 * exclusive end of the REF span ({@code end0 = start0 + 1 + max(0, -ilen)}), plus the row range of every contig
 * and its longest REF span, which bounds how far left an overlap search must look.
 */
public final class VariantRows {
    private final int[] start0;
    private final int[] ilen;
    private final int[] end0;
    private final List<String> contigs = new ArrayList<>();
    private final List<int[]> ranges = new ArrayList<>();
    private final IntArrayList maxSpan = new IntArrayList();
    private final ContigNormalizer normalizer;

    /** Reads the table's columns; rows must be grouped by contig and sorted by position within each. */
    public VariantRows(VariantTable table, Path source) {
        long[] pos = table.pos();
        String[] chrom = table.chrom();
        ilen = table.ilen();
        int n = pos.length;
        start0 = new int[n];
        end0 = new int[n];
        Object2IntOpenHashMap<String> seen = new Object2IntOpenHashMap<>();
        seen.defaultReturnValue(-1);
        for (int i = 0; i < n; i++) {
            if (pos[i] < 1 || pos[i] - 1 > Integer.MAX_VALUE) {
                throw new InputFormatException(source, "record " + chrom[i] + ":" + pos[i], "POS is outside 1.."
                        + Integer.MAX_VALUE + ".", "fix the record's position.");
            }
            start0[i] = (int) (pos[i] - 1);
            end0[i] = start0[i] + 1 + Math.max(0, -ilen[i]);
            boolean newContig = i == 0 || !chrom[i].equals(chrom[i - 1]);
            if (newContig) {
                if (seen.put(chrom[i], contigs.size()) != -1) {
                    throw unsorted(source, chrom[i], pos[i], "its contig appeared earlier in the file");
                }
                contigs.add(chrom[i]);
                ranges.add(new int[] {i, i + 1});
                maxSpan.add(end0[i] - start0[i]);
            } else {
                if (start0[i] < start0[i - 1]) {
                    throw unsorted(source, chrom[i], pos[i], "it comes after position " + pos[i - 1]);
                }
                int c = contigs.size() - 1;
                ranges.get(c)[1] = i + 1;
                maxSpan.set(c, Math.max(maxSpan.getInt(c), end0[i] - start0[i]));
            }
        }
        normalizer = new ContigNormalizer(contigs);
    }

    private static InputFormatException unsorted(Path source, String chrom, long pos, String why) {
        return new InputFormatException(source, "record " + chrom + ":" + pos, "the records are not sorted (" + why
                + ").", "sort and index the file, e.g. `bcftools sort -Oz -o sorted.vcf.gz` then `bcftools index`.");
    }

    public int size() {
        return start0.length;
    }

    public int start0(int row) {
        return start0[row];
    }

    public int ilen(int row) {
        return ilen[row];
    }

    public int end0(int row) {
        return end0[row];
    }

    /** Index of the record contig a BED contig refers to ({@code chr} prefix and mitochondrial aliases), or -1. */
    public int contigIndex(String bedContig) {
        return normalizer.indexOf(bedContig);
    }

    /** First row of contig {@code c}. */
    public int firstRow(int c) {
        return ranges.get(c)[0];
    }

    /** One past the last row of contig {@code c}. */
    public int endRow(int c) {
        return ranges.get(c)[1];
    }

    /** First row of contig {@code c} that can overlap a window starting at {@code qs} (clipped at 0). */
    public int overlapLow(int c, int qs) {
        long bound = (long) Math.max(qs, 0) - maxSpan.getInt(c);
        return lowerBound(firstRow(c), endRow(c), bound);
    }

    /** First row of contig {@code c} whose start is at or after {@code pos}. */
    public int startsFrom(int c, long pos) {
        return lowerBound(firstRow(c), endRow(c), pos);
    }

    private int lowerBound(int lo, int hi, long pos) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (start0[mid] < pos) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
