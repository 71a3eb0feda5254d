package io.gvl.io.bigwig;

import io.gvl.io.ContigNormalizer;
import io.gvl.io.InputFormatException;
import io.gvl.io.internal.Inputs;
import io.gvl.io.internal.bigwig.BbiHeader;
import io.gvl.io.internal.bigwig.ChromTree.Chrom;
import io.gvl.io.internal.bigwig.ChromTree;
import io.gvl.io.internal.bigwig.DataBlocks;
import io.gvl.io.internal.bigwig.PositionalFile;
import io.gvl.io.internal.bigwig.RTreeIndex;
import it.unimi.dsi.fastutil.floats.FloatArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A bigWig reader of our own (no maintained Java library exists): header, chromosome B+ tree, R-tree and
 * zlib data blocks with bedGraph, variableStep and fixedStep sections. {@link #intervals} matches pyBigWig's
 * {@code intervals()} (items overlapping the query, unclipped, file order); {@link #clippedIntervals} is what
 * GVL's writer stores (the same items clipped to the query). Thread-safe: reads are positional and the block
 * cache is synchronized.
 */
public final class BigWigReader implements AutoCloseable {
    private final Path path;
    private final FileChannel channel;
    private final List<Chrom> chroms;
    private final ContigNormalizer normalizer;
    private final DataBlocks blocks;
    private final RTreeIndex index;
    private final AtomicBoolean closed = new AtomicBoolean();

    private BigWigReader(Path path, FileChannel channel) throws IOException {
        this.path = path;
        this.channel = channel;
        PositionalFile file = new PositionalFile(path, channel);
        BbiHeader header = BbiHeader.read(file);
        chroms = ChromTree.read(file, header.chromTreeOffset());
        normalizer = new ContigNormalizer(chroms.stream().map(Chrom::name).toList());
        index = RTreeIndex.read(file, header.fullIndexOffset());
        blocks = new DataBlocks(file, header.uncompressBufSize(), index);
    }

    /**
     * Opens a bigWig file and reads its header, chromosome tree and index; the caller must close the reader.
     *
     * @param path a bigWig file
     * @return an open reader that owns a file channel
     * @throws InputFormatException if the file is missing or not a valid bigWig
     * @throws java.io.UncheckedIOException if the file cannot be opened
     */
    public static BigWigReader open(Path path) {
        Inputs.requireReadable(path);
        FileChannel ch = null;
        try {
            ch = FileChannel.open(path, StandardOpenOption.READ);
            return new BigWigReader(path, ch);
        } catch (IOException e) {
            closeQuietly(ch);
            throw new UncheckedIOException("cannot open " + path, e);
        } catch (RuntimeException e) {
            closeQuietly(ch);
            throw e;
        }
    }

    /**
     * The file this reader reads.
     *
     * @return the path
     */
    public Path path() {
        return path;
    }

    /**
     * Chromosome name to length, in the file's chromosome order.
     *
     * @return an unmodifiable map from chromosome name to length in bp
     */
    public Map<String, Integer> chromosomes() {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Chrom c : chroms) {
            out.put(c.name(), c.length());
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * Name normalizer over the file's chromosomes ({@code chr} prefix optional).
     *
     * @return the normalizer
     */
    public ContigNormalizer normalizer() {
        return normalizer;
    }

    /**
     * Length of the chromosome {@code contig} refers to.
     *
     * @param contig a chromosome name, with or without the {@code chr} prefix
     * @return its length in bp
     * @throws InputFormatException if the file has no such chromosome
     */
    public int length(String contig) {
        return chroms.get(require(contig)).length();
    }

    /**
     * Every item overlapping {@code [start, end)}, unclipped, in file order (pyBigWig {@code intervals()}).
     *
     * @param contig a chromosome name, with or without the {@code chr} prefix
     * @param start 0-based inclusive query start
     * @param end exclusive query end
     * @return the overlapping items; empty if none
     * @throws InputFormatException if the chromosome is unknown or a data block is corrupt
     * @throws IllegalStateException if the reader is closed
     */
    public BigWigIntervals intervals(String contig, long start, long end) {
        return query(contig, start, end, false);
    }

    /**
     * Like {@link #intervals} with each item clipped to {@code [start, end)}, as GVL's writer stores tracks.
     *
     * @param contig a chromosome name, with or without the {@code chr} prefix
     * @param start 0-based inclusive query start
     * @param end exclusive query end
     * @return the overlapping items, clipped; empty if none
     * @throws InputFormatException if the chromosome is unknown or a data block is corrupt
     * @throws IllegalStateException if the reader is closed
     */
    public BigWigIntervals clippedIntervals(String contig, long start, long end) {
        return query(contig, start, end, true);
    }

    private BigWigIntervals query(String contig, long start, long end, boolean clip) {
        checkOpen();
        Chrom c = chroms.get(require(contig));
        IntArrayList s = new IntArrayList();
        IntArrayList e = new IntArrayList();
        FloatArrayList v = new FloatArrayList();
        long qs = Math.clamp(start, 0, 0xFFFF_FFFFL);
        long qe = Math.clamp(end, 0, 0xFFFF_FFFFL);
        if (qs < qe) {
            index.overlapping(RTreeIndex.pack(c.id(), (int) qs), RTreeIndex.pack(c.id(), (int) qe),
                    block -> blocks.items(block, c.id(), (is, ie, value) -> {
                        if (Integer.toUnsignedLong(ie) > qs && Integer.toUnsignedLong(is) < qe) {
                            s.add(clip ? (int) Math.max(is, qs) : is);
                            e.add(clip ? (int) Math.min(ie, qe) : ie);
                            v.add(value);
                        }
                    }));
        }
        return new BigWigIntervals(s.toIntArray(), e.toIntArray(), v.toFloatArray());
    }

    private int require(String contig) {
        int i = normalizer.indexOf(contig);
        if (i < 0) {
            List<String> names = new ArrayList<>(normalizer.contigs());
            throw new InputFormatException(path, "contig '" + contig + "'", "the bigWig has no such chromosome (it has "
                    + (names.size() > 10 ? names.subList(0, 10) + "..." : names) + ").",
                    "use a contig the bigWig covers or drop regions on other contigs.");
        }
        return i;
    }

    private void checkOpen() {
        if (closed.get()) {
            throw new IllegalStateException("bigWig " + path + " is closed");
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            closeQuietly(channel);
        }
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // closing a read-only channel cannot lose data
            }
        }
    }
}
