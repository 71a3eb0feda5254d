package io.gvl.io.internal.csi;

import io.gvl.io.InputFormatException;
import it.unimi.dsi.fastutil.ints.Int2ObjectMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.io.InputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * A coordinate-sorted index in htslib's CSI layout: a binning scheme of {@code depth + 1} levels whose smallest
 * bins span {@code 2^minShift} bases, with per-bin record chunks and the offset of the first record overlapping
 * each bin. htsjdk cannot query VCF or BCF through CSI, so this reader turns a region into the chunks to scan;
 * callers still filter records by position, since chunks hold whole bins.
 */
public final class CsiIndex {
    private final int minShift;
    private final int depth;
    private final List<Int2ObjectMap<Bin>> references;
    private final List<long[]> linear;
    private final TabixMeta meta;

    record Bin(long firstOverlap, Chunk[] chunks) {}

    CsiIndex(int minShift, int depth, List<Int2ObjectMap<Bin>> references, TabixMeta meta) {
        this(minShift, depth, references, null, meta);
    }

    /**
     * With {@code linear} non-null (a tabix index), the first record overlapping a position comes from the
     * per-reference linear index of 2^minShift-base windows instead of the bins' own offsets.
     */
    CsiIndex(int minShift, int depth, List<Int2ObjectMap<Bin>> references, List<long[]> linear, TabixMeta meta) {
        this.minShift = minShift;
        this.depth = depth;
        this.references = references;
        this.linear = linear;
        this.meta = meta;
    }

    /** Reads a CSI file (BGZF-compressed); a damaged or foreign file is an {@link InputFormatException}. */
    public static CsiIndex read(Path csi) {
        byte[] bytes;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(csi), 1 << 16)) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw corrupt(csi, "cannot decompress it (" + e.getMessage() + ")", e);
        }
        try {
            return parse(csi, ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN));
        } catch (BufferUnderflowException | IllegalArgumentException e) {
            throw corrupt(csi, "it ends inside its bin table", e);
        }
    }

    private static CsiIndex parse(Path csi, ByteBuffer in) {
        byte[] magic = new byte[4];
        in.get(magic);
        if (magic[0] != 'C' || magic[1] != 'S' || magic[2] != 'I' || magic[3] != 1) {
            throw corrupt(csi, "it does not start with the CSI magic 'CSI\\1'", null);
        }
        int minShift = in.getInt();
        int depth = in.getInt();
        if (minShift < 0 || depth < 0 || depth > 10 || minShift + 3 * depth > 62) {
            throw corrupt(csi, "its binning scheme (min_shift " + minShift + ", depth " + depth + ") is impossible",
                    null);
        }
        int auxLength = checkedCount(csi, in, in.getInt(), 1, "aux length");
        byte[] aux = new byte[auxLength];
        in.get(aux);
        int nRef = checkedCount(csi, in, in.getInt(), 4, "reference count");
        List<Int2ObjectMap<Bin>> refs = new ArrayList<>(nRef);
        for (int r = 0; r < nRef; r++) {
            int nBin = checkedCount(csi, in, in.getInt(), 16, "bin count");
            Int2ObjectMap<Bin> bins = new Int2ObjectOpenHashMap<>(Math.max(4, nBin));
            for (int b = 0; b < nBin; b++) {
                int bin = in.getInt();
                long firstOverlap = in.getLong();
                int nChunk = checkedCount(csi, in, in.getInt(), 16, "chunk count");
                Chunk[] chunks = new Chunk[nChunk];
                for (int c = 0; c < nChunk; c++) {
                    chunks[c] = new Chunk(in.getLong(), in.getLong());
                }
                bins.put(bin, new Bin(firstOverlap, chunks));
            }
            refs.add(bins);
        }
        return new CsiIndex(minShift, depth, List.copyOf(refs), TabixMeta.parse(csi, aux));
    }

    private static int checkedCount(Path csi, ByteBuffer in, int n, int minBytesEach, String what) {
        if (n < 0 || (long) n * minBytesEach > in.remaining()) {
            throw corrupt(csi, "its " + what + " " + n + " does not fit the file", null);
        }
        return n;
    }

    private static InputFormatException corrupt(Path csi, String why, Throwable cause) {
        return new InputFormatException(csi, "", "not a valid CSI index: " + why + ".",
                "re-create it: `bcftools index -f " + dataFile(csi) + "`.", cause);
    }

    private static String dataFile(Path csi) {
        String name = csi.getFileName().toString();
        return name.endsWith(".csi") ? csi.resolveSibling(name.substring(0, name.length() - 4)).toString()
                : csi.toString();
    }

    /** Tabix-style column settings and sequence names (text VCF indexes); {@code null} for BCF indexes. */
    public TabixMeta meta() {
        return meta;
    }

    /** Number of references the index describes (for BCF, the header's contig dictionary). */
    public int references() {
        return references.size();
    }

    /** Whether reference {@code tid} has any record (the metadata pseudo-bin alone does not count). */
    public boolean hasRecords(int tid) {
        if (tid < 0 || tid >= references.size()) {
            return false;
        }
        for (int bin : references.get(tid).keySet()) {
            if (bin != pseudoBin()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The merged, offset-ordered chunks that may hold records of {@code tid} overlapping 0-based half-open
     * {@code [begin, end)}: chunks of every bin overlapping the region, minus those ending before the first
     * record that overlaps its start.
     */
    public List<Chunk> chunks(int tid, long begin, long end) {
        long limit = 1L << (minShift + 3 * depth);
        long b = Math.max(0, begin);
        long e = Math.min(end, limit);
        if (tid < 0 || tid >= references.size() || b >= e) {
            return List.of();
        }
        Int2ObjectMap<Bin> bins = references.get(tid);
        List<Chunk> found = new ArrayList<>();
        for (int level = 0; level <= depth; level++) {
            long first = firstBin(level);
            int shift = minShift + 3 * (depth - level);
            long lo = first + (b >> shift);
            long hi = first + ((e - 1) >> shift);
            if (hi - lo >= bins.size()) { // a wide region: walking the stored bins is cheaper than probing each id
                for (Int2ObjectMap.Entry<Bin> bin : bins.int2ObjectEntrySet()) {
                    int id = bin.getIntKey();
                    if (id >= lo && id <= hi) {
                        addChunks(found, bin.getValue(), id - first, shift);
                    }
                }
            } else {
                for (long k = lo; k <= hi; k++) {
                    Bin bin = bins.get((int) k);
                    if (bin != null) {
                        addChunks(found, bin, k - first, shift);
                    }
                }
            }
        }
        long minOffset = linear != null ? linearOffset(linear.get(tid), b) : firstOverlap(bins, b);
        found.removeIf(c -> c.end() <= minOffset);
        found.sort(Comparator.comparingLong(Chunk::begin));
        List<Chunk> merged = new ArrayList<>();
        for (Chunk c : found) {
            Chunk last = merged.isEmpty() ? null : merged.getLast();
            if (last != null && c.begin() <= last.end()) {
                merged.set(merged.size() - 1, new Chunk(last.begin(), Math.max(last.end(), c.end()), last.binStart(),
                        last.binEnd()));
            } else {
                merged.add(c);
            }
        }
        return merged;
    }

    /** Adds a bin's chunks tied to its span: the bin is number {@code index} of its level, of width 2^shift. */
    private static void addChunks(List<Chunk> found, Bin bin, long index, int shift) {
        for (Chunk c : bin.chunks()) {
            found.add(new Chunk(c.begin(), c.end(), index << shift, (index + 1) << shift));
        }
    }

    private long linearOffset(long[] windows, long pos) {
        if (windows.length == 0) {
            return 0;
        }
        return windows[(int) Math.min(pos >> minShift, windows.length - 1)];
    }

    /**
     * Up to {@code parts - 1} ascending 0-based positions that cut reference {@code tid}'s records into runs of about
     * equal compressed bytes, so that the runs can be read at once by separate readers. The index maps positions to
     * where their records start in the file: a tabix index by its linear index (one offset per 16 kb window), a CSI
     * index by each stored bin's first-record offset (coarser where htslib merged small bins into their parents).
     * Each cut is the first such position whose offset lies at or past the next {@code 1/parts} share of the
     * reference's bytes. Any position is a correct cut (a run is the records that start in it); only the balance is
     * approximate. Empty when the reference has no records, too few mapped positions, or {@code parts < 2}.
     */
    public int[] splitPositions(int tid, int parts) {
        if (parts < 2 || tid < 0 || tid >= references.size()) {
            return new int[0];
        }
        long from = Long.MAX_VALUE;
        long to = -1;
        LongArrayList marks = new LongArrayList();
        long[] windows = linear == null ? null : linear.get(tid);
        for (Int2ObjectMap.Entry<Bin> bin : references.get(tid).int2ObjectEntrySet()) {
            int id = bin.getIntKey();
            if (id == pseudoBin()) {
                continue;
            }
            for (Chunk c : bin.getValue().chunks()) {
                from = Math.min(from, c.begin() >>> 16);
                to = Math.max(to, c.end() >>> 16);
            }
            if (windows == null) {
                marks.add(binStart(id));
                marks.add(bin.getValue().firstOverlap() >>> 16);
            }
        }
        if (windows != null) {
            for (int w = 0; w < windows.length; w++) {
                marks.add((long) w << minShift);
                marks.add(windows[w] >>> 16);
            }
        }
        if (to <= from) {
            return new int[0];
        }
        int n = marks.size() / 2;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        long[] m = marks.elements();
        IntArrays.quickSort(order, (x, y) -> Long.compare(m[2 * x], m[2 * y]));
        IntArrayList cuts = new IntArrayList();
        int k = 1;
        for (int j = 0; j < n && k < parts; j++) {
            long pos = m[2 * order[j]];
            long offset = m[2 * order[j] + 1];
            boolean after = cuts.isEmpty() ? pos > 0 : pos > cuts.getInt(cuts.size() - 1);
            if (after && pos <= Integer.MAX_VALUE && offset >= from + (to - from) * k / parts) {
                cuts.add((int) pos);
                while (k < parts && offset >= from + (to - from) * k / parts) {
                    k++;
                }
            }
        }
        return cuts.toIntArray();
    }

    /** The first position of bin {@code id}. */
    private long binStart(int id) {
        int level = 0;
        while (level < depth && id >= firstBin(level + 1)) {
            level++;
        }
        return (id - firstBin(level)) << (minShift + 3 * (depth - level));
    }

    /** The smallest chunk start over every reference's bins, or -1 when the index lists no record at all. */
    public long firstChunkBegin() {
        long min = Long.MAX_VALUE;
        for (int tid = 0; tid < references.size(); tid++) {
            long m = firstChunkBegin(tid);
            min = m >= 0 ? Math.min(min, m) : min;
        }
        return min == Long.MAX_VALUE ? -1 : min;
    }

    /** The smallest chunk start among reference {@code tid}'s bins, or -1 when it has none. */
    public long firstChunkBegin(int tid) {
        long min = Long.MAX_VALUE;
        for (Int2ObjectMap.Entry<Bin> bin : references.get(tid).int2ObjectEntrySet()) {
            if (bin.getIntKey() != pseudoBin()) {
                for (Chunk c : bin.getValue().chunks()) {
                    min = Math.min(min, c.begin());
                }
            }
        }
        return min == Long.MAX_VALUE ? -1 : min;
    }

    /** The largest chunk end over every reference's bins (where the last indexed record ends), or -1. */
    public long lastChunkEnd() {
        long max = -1;
        for (Int2ObjectMap<Bin> bins : references) {
            for (Int2ObjectMap.Entry<Bin> bin : bins.int2ObjectEntrySet()) {
                if (bin.getIntKey() != pseudoBin()) {
                    for (Chunk c : bin.getValue().chunks()) {
                        max = Math.max(max, c.end());
                    }
                }
            }
        }
        return max;
    }

    /** Offset of the first record overlapping position {@code pos}: from its leaf bin, or the nearest ancestor. */
    private long firstOverlap(Int2ObjectMap<Bin> bins, long pos) {
        long bin = firstBin(depth) + (pos >> minShift);
        while (true) {
            Bin found = bins.get((int) bin);
            if (found != null) {
                return found.firstOverlap();
            }
            if (bin == 0) {
                return 0;
            }
            bin = (bin - 1) >> 3;
        }
    }

    private static long firstBin(int level) {
        return ((1L << (3 * level)) - 1) / 7;
    }

    /** htslib stores per-reference counts in a bin one past the last real bin. */
    private int pseudoBin() {
        return (int) (firstBin(depth + 1) + 1);
    }
}
