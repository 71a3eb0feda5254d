package io.gvl.io.bigwig;

import io.gvl.io.internal.CacheFiles;
import io.gvl.io.internal.bigwig.ChromTreeWriter;
import io.gvl.io.internal.bigwig.RTreeWriter.Block;
import io.gvl.io.internal.bigwig.RTreeWriter;
import io.gvl.io.internal.bigwig.SectionEncoder;
import it.unimi.dsi.fastutil.floats.FloatArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A small bigWig writer of our own (no maintained Java one exists), so tests and the demo can make coverage
 * tracks without UCSC tools: header, total summary, chromosome B+ tree, zlib-compressed bedGraph sections of
 * up to {@value #ITEMS_PER_BLOCK} items and an R-tree index; no zoom levels (readers then summarize from the
 * full data). Intervals are held in memory until {@link #finish()}, which writes a temporary sibling and renames
 * it onto the destination, so a failed or abandoned write leaves nothing behind. Meant for demo- and test-sized
 * tracks (millions of intervals, not whole-genome base-pair tracks). Not thread-safe.
 */
public final class BigWigWriter {
    /** Items per data block, UCSC's default. */
    public static final int ITEMS_PER_BLOCK = 1024;
    private static final int MAGIC = 0x888FFC26;
    private static final int VERSION = 4;
    private static final int HEADER = 64;
    private static final int SUMMARY = 40;

    private final Path path;
    private final List<String> names;
    private final Object2IntOpenHashMap<String> ids = new Object2IntOpenHashMap<>();
    private final int[] lengths;
    private final IntArrayList[] starts;
    private final IntArrayList[] ends;
    private final FloatArrayList[] values;
    private boolean finished;

    private BigWigWriter(Path path, List<String> names, int[] lengths) {
        this.path = path;
        this.names = names;
        this.lengths = lengths;
        int n = names.size();
        starts = new IntArrayList[n];
        ends = new IntArrayList[n];
        values = new FloatArrayList[n];
        for (int i = 0; i < n; i++) {
            ids.put(names.get(i), i);
            starts[i] = new IntArrayList();
            ends[i] = new IntArrayList();
            values[i] = new FloatArrayList();
        }
    }

    /**
     * A writer for {@code path} over the chromosomes {@code sizes} (name to length). Chromosomes are stored in
     * name order; one without intervals is still listed.
     *
     * @throws IllegalArgumentException a length is not positive, a name is empty, or there are too many chromosomes
     * @param path the file to write when {@link #finish()} is called
     * @param sizes chromosome name to length in bp
     * @return a new writer, holding intervals in memory until {@link #finish()}
     */
    public static BigWigWriter create(Path path, Map<String, Integer> sizes) {
        if (sizes.size() > ChromTreeWriter.MAX_CHROMS) {
            throw new IllegalArgumentException("a bigWig written here holds at most " + ChromTreeWriter.MAX_CHROMS
                    + " chromosomes, got " + sizes.size());
        }
        List<String> names = sizes.keySet().stream().sorted(BigWigWriter::compareBytes).toList();
        int[] lengths = new int[names.size()];
        for (int i = 0; i < lengths.length; i++) {
            String name = names.get(i);
            if (name.isEmpty()) {
                throw new IllegalArgumentException("chromosome names must not be empty");
            }
            lengths[i] = sizes.get(name);
            if (lengths[i] <= 0) {
                throw new IllegalArgumentException("chromosome '" + name + "' has length " + lengths[i]
                        + "; lengths must be positive");
            }
        }
        return new BigWigWriter(path, names, lengths);
    }

    /**
     * Adds {@code [start, end)} with {@code value} on {@code chrom}. Within a chromosome, intervals must come in
     * order without overlap (chromosomes may be interleaved).
     *
     * @throws IllegalArgumentException unknown chromosome, empty or out-of-range interval, or out of order
     * @param chrom a chromosome of {@code sizes}
     * @param start 0-based inclusive start
     * @param end exclusive end, at most the chromosome length
     * @param value the value stored as float32
     * @return this writer, for chaining
     * @throws IllegalStateException if {@link #finish()} was already called
     */
    public BigWigWriter add(String chrom, int start, int end, float value) {
        if (finished) {
            throw new IllegalStateException("bigWig writer for " + path + " is already finished");
        }
        if (!ids.containsKey(chrom)) {
            throw new IllegalArgumentException("chromosome '" + chrom + "' is not among " + names);
        }
        int id = ids.getInt(chrom);
        if (start < 0 || end <= start || end > lengths[id]) {
            throw new IllegalArgumentException("interval " + chrom + ":" + start + "-" + end
                    + " is empty or outside [0, " + lengths[id] + ")");
        }
        IntArrayList e = ends[id];
        if (!e.isEmpty() && start < e.getInt(e.size() - 1)) {
            throw new IllegalArgumentException("interval " + chrom + ":" + start + "-" + end + " starts before the end "
                    + e.getInt(e.size() - 1) + " of the previous one; add intervals sorted and non-overlapping");
        }
        starts[id].add(start);
        e.add(end);
        values[id].add(value);
        return this;
    }

    /**
     * Adds every interval of {@code intervals} on {@code chrom} (same rules as {@link #add}).
     *
     * @param chrom a chromosome of {@code sizes}
     * @param intervals intervals in order, without overlap
     * @return this writer, for chaining
     */
    public BigWigWriter addAll(String chrom, BigWigIntervals intervals) {
        for (int i = 0; i < intervals.size(); i++) {
            add(chrom, intervals.starts()[i], intervals.ends()[i], intervals.values()[i]);
        }
        return this;
    }

    /** Writes the file (temporary sibling, then atomic rename). Later {@link #add} calls are refused. */
    public void finish() {
        if (finished) {
            throw new IllegalStateException("bigWig writer for " + path + " is already finished");
        }
        finished = true;
        Path tmp = CacheFiles.tempSibling(path);
        try (OutputStream out = Files.newOutputStream(tmp)) {
            writeTo(out);
        } catch (IOException e) {
            CacheFiles.deleteQuietly(tmp);
            throw new UncheckedIOException("cannot write bigWig " + path, e);
        } catch (RuntimeException e) {
            CacheFiles.deleteQuietly(tmp);
            throw e;
        }
        CacheFiles.publish(tmp, path);
    }

    private void writeTo(OutputStream out) throws IOException {
        byte[] chromTree = ChromTreeWriter.encode(names, lengths);
        long chromTreeOffset = HEADER + SUMMARY;
        long dataOffset = chromTreeOffset + chromTree.length;
        List<byte[]> encoded = new ArrayList<>();
        List<Block> blocks = new ArrayList<>();
        long at = dataOffset + 8;
        int maxRaw = 0;
        SectionEncoder encoder = new SectionEncoder();
        try {
            for (int id = 0; id < names.size(); id++) {
                int[] s = starts[id].toIntArray();
                int[] e = ends[id].toIntArray();
                float[] v = values[id].toFloatArray();
                for (int from = 0; from < s.length; from += ITEMS_PER_BLOCK) {
                    int to = Math.min(s.length, from + ITEMS_PER_BLOCK);
                    byte[] block = encoder.encode(id, s, e, v, from, to);
                    blocks.add(new Block(id, s[from], id, e[to - 1], at, block.length));
                    encoded.add(block);
                    maxRaw = Math.max(maxRaw, SectionEncoder.rawSize(to - from));
                    at += block.length;
                }
            }
        } finally {
            encoder.end();
        }
        long indexOffset = at;
        byte[] index = RTreeWriter.encode(blocks, indexOffset, at, ITEMS_PER_BLOCK);
        out.write(header(chromTreeOffset, dataOffset, indexOffset, Math.max(maxRaw, 1)));
        out.write(summary());
        out.write(chromTree);
        out.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(blocks.size()).array());
        for (byte[] b : encoded) {
            out.write(b);
        }
        out.write(index);
    }

    private static byte[] header(long chromTree, long data, long index, int uncompressBufSize) {
        return ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN)
                .putInt(MAGIC).putShort((short) VERSION).putShort((short) 0)
                .putLong(chromTree).putLong(data).putLong(index)
                .putShort((short) 0).putShort((short) 0).putLong(0)
                .putLong(HEADER).putInt(uncompressBufSize).putLong(0)
                .array();
    }

    /** The total summary: bases covered, min, max, sum and sum of squares (over bases). */
    private byte[] summary() {
        long covered = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        double sumSquares = 0;
        for (int id = 0; id < names.size(); id++) {
            for (int i = 0; i < starts[id].size(); i++) {
                long len = ends[id].getInt(i) - starts[id].getInt(i);
                double v = values[id].getFloat(i);
                covered += len;
                min = Math.min(min, v);
                max = Math.max(max, v);
                sum += v * len;
                sumSquares += v * v * len;
            }
        }
        if (covered == 0) {
            min = 0;
            max = 0;
        }
        return ByteBuffer.allocate(SUMMARY).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(covered).putDouble(min).putDouble(max).putDouble(sum).putDouble(sumSquares).array();
    }

    /** Orders names by their UTF-8 bytes, the order of the B+ tree's keys. */
    private static int compareBytes(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8),
                b.getBytes(StandardCharsets.UTF_8));
    }
}
