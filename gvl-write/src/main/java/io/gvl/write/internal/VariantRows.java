package io.gvl.write.internal;

import io.gvl.format.VariantTable;
import io.gvl.io.ContigNormalizer;
import io.gvl.io.InputFormatException;
import io.gvl.write.spec.WritePlan;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The per-variant numbers the selection needs, as primitive arrays over variant rows: 0-based start, ILEN and the
 * exclusive end of the REF span ({@code end0 = start0 + 1 + max(0, -ilen)}), plus the row range of every contig
 * and its longest REF span, which bounds how far left an overlap search must look.
 *
 * <p>Two shapes share the same row numbers. A whole table (the plan, a local write) holds every row. A part's rows
 * hold only its region block's {@link WritePlan.RowRanges ranges}, one per contig, read from the staged
 * {@link VariantRowFile} as the selection reaches them (so a part never holds more than its block's rows, and
 * usually less: the extension tail is read only as far as a haplotype walks). There a contig's
 * {@link #endRow} is the end of its range, which the plan computed so that every haplotype's extend-to-length walk
 * ends before it. Reads are thread-safe; a part's rows grow under a lock and are published whole.
 */
public final class VariantRows implements RowLocator {
    /** Rough heap bytes per variant row of a whole table held for the write (alleles, positions, ILEN). */
    private static final long WHOLE_BYTES_PER_ROW = 96;
    /** Heap bytes per row of a part: start0, ILEN, end0 and the source record. */
    private static final long PART_BYTES_PER_ROW = 4L * Integer.BYTES;

    private final List<String> contigs;
    private final int[] first;
    private final int[] end;
    private final int[] maxSpan;
    private final ContigNormalizer normalizer;
    private final int size;
    private final Segment[] segments;
    private final boolean whole;

    private VariantRows(List<String> contigs, int[] first, int[] end, int[] maxSpan, int size, Segment[] segments,
                        boolean whole) {
        this.contigs = List.copyOf(contigs);
        this.first = first;
        this.end = end;
        this.maxSpan = maxSpan;
        this.normalizer = new ContigNormalizer(this.contigs);
        this.size = size;
        this.segments = segments;
        this.whole = whole;
    }

    /** Reads the table's columns; rows must be grouped by contig and sorted by position within each. */
    public static VariantRows whole(VariantTable table, Path source) {
        long[] pos = table.pos();
        String[] chrom = table.chrom();
        int[] ilen = table.ilen();
        int n = pos.length;
        int[] start0 = new int[n];
        int[] end0 = new int[n];
        List<String> contigs = new ArrayList<>();
        IntArrayList first = new IntArrayList();
        IntArrayList end = new IntArrayList();
        IntArrayList maxSpan = new IntArrayList();
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
                first.add(i);
                end.add(i + 1);
                maxSpan.add(end0[i] - start0[i]);
            } else {
                if (start0[i] < start0[i - 1]) {
                    throw unsorted(source, chrom[i], pos[i], "it comes after position " + pos[i - 1]);
                }
                int c = contigs.size() - 1;
                end.set(c, i + 1);
                maxSpan.set(c, Math.max(maxSpan.getInt(c), end0[i] - start0[i]));
            }
        }
        Segment all = new Segment(-1, 0, n, null);
        all.loaded = new Loaded(n, start0, ilen, end0, null);
        return new VariantRows(contigs, first.toIntArray(), end.toIntArray(), maxSpan.toIntArray(), n,
                new Segment[] {all}, true);
    }

    /**
     * The rows of one region block of a plan, read from the staged row file as they are reached.
     *
     * @param ranges the plan's row ranges
     * @param block  the region block
     * @param file   the staged {@link VariantRowFile}
     * @param size   the number of rows of the whole table
     */
    public static VariantRows forBlock(WritePlan.RowRanges ranges, int block, Path file, int size) {
        int n = ranges.contigs().size();
        int[] first = new int[n];
        int[] end = new int[n];
        int[] triples = ranges.blocks()[block];
        Segment[] segments = new Segment[triples.length / 3];
        for (int s = 0; s < segments.length; s++) {
            int c = triples[3 * s];
            segments[s] = new Segment(c, triples[3 * s + 1], triples[3 * s + 2], file);
            first[c] = triples[3 * s + 1];
            end[c] = triples[3 * s + 2];
        }
        return new VariantRows(ranges.contigs(), first, end, ranges.maxSpans(), size, segments, false);
    }

    private static InputFormatException unsorted(Path source, String chrom, long pos, String why) {
        return new InputFormatException(source, "record " + chrom + ":" + pos, "the records are not sorted (" + why
                + ").", "sort and index the file, e.g. `bcftools sort -Oz -o sorted.vcf.gz` then `bcftools index`.");
    }

    /** Rows of the whole variant table (a part's rows are a subset of them). */
    public int size() {
        return size;
    }

    /** The record contigs in table order. */
    List<String> contigs() {
        return contigs;
    }

    /** The longest REF span of contig {@code c}. */
    int maxSpan(int c) {
        return maxSpan[c];
    }

    /**
     * Heap bytes these rows may take: the whole table's estimate (with its alleles, which the source holds), or for
     * a part the three ints of every row of its ranges.
     */
    long heapBytes() {
        if (whole) {
            return WHOLE_BYTES_PER_ROW * size;
        }
        long rows = 0;
        for (Segment s : segments) {
            rows += s.limit - s.from;
        }
        return PART_BYTES_PER_ROW * rows;
    }

    /** Whether these are a part's rows (its ranges only) rather than the whole table. */
    boolean partRows() {
        return !whole;
    }

    /** Rows read so far: every row of a whole table; for a part, the rows of its ranges reached until now. */
    long loadedRows() {
        long rows = 0;
        for (Segment s : segments) {
            rows += s.loaded().to - s.from;
        }
        return rows;
    }

    @Override
    public int start0(int row) {
        Segment s = segment(row);
        return s.at(row).start0[row - s.from];
    }

    public int ilen(int row) {
        Segment s = segment(row);
        return s.at(row).ilen[row - s.from];
    }

    public int end0(int row) {
        Segment s = segment(row);
        return s.at(row).end0[row - s.from];
    }

    /**
     * The index of {@code row}'s record in the variant file, as the plan staged it; only a part's rows carry it (a
     * whole table's source maps rows to records itself).
     *
     * @throws IllegalStateException for the rows of a whole table
     */
    int record(int row) {
        if (whole) {
            throw new IllegalStateException("the rows of a whole variant table carry no source records");
        }
        Segment s = segment(row);
        return s.at(row).record[row - s.from];
    }

    @Override
    public String contig(int row) {
        return contigs.get(contigOfRow(row));
    }

    @Override
    public int firstAtPosition(int row) {
        int low = first[contigOfRow(row)];
        int at = start0(row);
        int f = row;
        while (f > low && start0(f - 1) == at) {
            f--;
        }
        return f;
    }

    /** The contig of {@code row}: its segment's, or in a whole table the last contig starting at or before it. */
    private int contigOfRow(int row) {
        Segment s = segment(row);
        if (s.contig >= 0) {
            return s.contig;
        }
        int lo = 0;
        int hi = first.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (first[mid] <= row) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** Index of the record contig a BED contig refers to ({@code chr} prefix and mitochondrial aliases), or -1. */
    public int contigIndex(String bedContig) {
        return normalizer.indexOf(bedContig);
    }

    /** First row of contig {@code c} (of a part: the first row of its range). */
    public int firstRow(int c) {
        return first[c];
    }

    /** One past the last row of contig {@code c} (of a part: the end of its range). */
    public int endRow(int c) {
        return end[c];
    }

    /** First row of contig {@code c} that can overlap a window starting at {@code qs} (clipped at 0). */
    public int overlapLow(int c, int qs) {
        long bound = (long) Math.max(qs, 0) - maxSpan[c];
        return lowerBound(firstRow(c), endRow(c), bound);
    }

    /** First row of contig {@code c} whose start is at or after {@code pos}. */
    public int startsFrom(int c, long pos) {
        return lowerBound(firstRow(c), endRow(c), pos);
    }

    /**
     * First row of {@code [lo, hi)} (one contig, so one segment) starting at or after {@code pos}: searches the rows
     * read so far, and reads further only while the answer may lie past them.
     */
    private int lowerBound(int lo, int hi, long pos) {
        if (lo >= hi) {
            return lo;
        }
        Segment s = segment(lo);
        Loaded l = s.at(lo);
        while (true) {
            int avail = Math.min(hi, l.to);
            int a = lo;
            int b = avail;
            while (a < b) {
                int mid = (a + b) >>> 1;
                if (l.start0[mid - s.from] < pos) {
                    a = mid + 1;
                } else {
                    b = mid;
                }
            }
            if (a < avail || avail == hi) {
                return a;
            }
            lo = avail;
            l = s.at(avail);
        }
    }

    private Segment segment(int row) {
        for (Segment s : segments) {
            if (row >= s.from && row < s.limit) {
                return s;
            }
        }
        throw new IllegalStateException("variant row " + row + " lies outside the rows of this part "
                + Arrays.stream(segments).map(s -> "[" + s.from + ", " + s.limit + ")").toList());
    }

    /** Rows {@code [from, to)} of one segment read so far; {@code record} is {@code null} in a whole table. */
    private record Loaded(int to, int[] start0, int[] ilen, int[] end0, int[] record) {
    }

    /** One contiguous run of rows: the whole table, or one contig range of a part, read on demand from a file. */
    private static final class Segment {
        private static final int GROWTH = 4096;

        final int contig;
        final int from;
        final int limit;
        private final Path file;
        private volatile Loaded loaded;

        Segment(int contig, int from, int limit, Path file) {
            this.contig = contig;
            this.from = from;
            this.limit = limit;
            this.file = file;
            this.loaded = new Loaded(from, new int[0], new int[0], new int[0], new int[0]);
        }

        Loaded loaded() {
            return loaded;
        }

        /** The rows read so far, reading up to {@code row} (and a block after it) first if needed. */
        Loaded at(int row) {
            Loaded l = loaded;
            return row < l.to ? l : load(row + 1);
        }

        private synchronized Loaded load(int need) {
            Loaded l = loaded;
            if (need <= l.to) {
                return l;
            }
            int to = (int) Math.min(limit, Math.max(need, l.to + Math.max(GROWTH, (long) (l.to - from) / 2)));
            int[][] more = VariantRowFile.read(file, l.to, to);
            int n = to - from;
            int have = l.to - from;
            int[] start0 = Arrays.copyOf(l.start0, n);
            int[] ilen = Arrays.copyOf(l.ilen, n);
            int[] end0 = Arrays.copyOf(l.end0, n);
            int[] record = Arrays.copyOf(l.record, n);
            System.arraycopy(more[0], 0, start0, have, to - l.to);
            System.arraycopy(more[1], 0, ilen, have, to - l.to);
            System.arraycopy(more[2], 0, record, have, to - l.to);
            for (int i = have; i < n; i++) {
                end0[i] = start0[i] + 1 + Math.max(0, -ilen[i]);
            }
            l = new Loaded(to, start0, ilen, end0, record);
            loaded = l;
            return l;
        }
    }
}
