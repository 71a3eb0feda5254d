package io.gvl.write.internal;

import io.gvl.io.ContigNormalizer;
import io.gvl.io.InputFormatException;
import io.gvl.io.bigwig.BigWigIntervals;
import io.gvl.write.internal.hdf5.Hdf5Files;
import io.gvl.write.spec.Hdf5Track;
import io.jhdf.HdfFile;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.exceptions.HdfException;
import java.nio.BufferUnderflowException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One sample's dense HDF5 coverage served like a bigWig: the window is clipped to {@code [0, dataset length)}, only
 * that hyperslab is read, and its values become {@link DenseRuns}. Contig names match dataset names as bigWig
 * chromosomes do (with or without {@code chr}). Queries are serialized because one jhdf file handle is not meant for
 * concurrent reads; the track stage queries different samples' sources in parallel.
 *
 * <p>jhdf decompresses every chunk a slice touches, so the slice is widened to whole chunks (when that stays below
 * {@link #BLOCK_ELEMENTS}) and kept: stored windows come sorted, and the next window usually lies in the same
 * chunks. Without this, small windows on large chunks decompress each chunk once per window.
 */
final class Hdf5Source implements IntervalSource {
    private static final BigWigIntervals EMPTY = new BigWigIntervals(new int[0], new int[0], new float[0]);
    /** Largest chunk-aligned block kept per source: 1 MiB of floats, about a bigWig reader's block cache. */
    static final long BLOCK_ELEMENTS = 1 << 18;

    /** A validated contig dataset; {@code chunk} is its chunk length, or 0 when it is not chunked. */
    private record Contig(String path, Dataset dataset, long length, long chunk) {
    }

    /** The values of {@code [start, start + values.length)} of one contig dataset. */
    private record Block(Contig contig, long start, float[] values) {
        boolean covers(Contig c, long s, long e) {
            return contig == c && s >= start && e <= start + values.length;
        }
    }

    private final Path file;
    private final String group;
    private final HdfFile hdf;
    private final Group root;
    private final ContigNormalizer normalizer;
    private final Map<String, Contig> contigs = new HashMap<>();
    private Block block;

    Hdf5Source(Hdf5Track.Source source) {
        this.file = source.file();
        this.group = source.group();
        this.hdf = Hdf5Files.open(file);
        try {
            this.root = Hdf5Files.group(hdf, file, group);
            List<String> datasets = new ArrayList<>();
            root.getChildren().forEach((name, node) -> {
                if (node instanceof Dataset) {
                    datasets.add(name);
                }
            });
            this.normalizer = new ContigNormalizer(datasets);
        } catch (RuntimeException e) {
            hdf.close();
            throw Hdf5Files.rethrow(file, e);
        }
    }

    @Override
    public synchronized void requireContig(String contig, String track) {
        if (resolve(contig) == null) {
            throw new InputFormatException(file, "group '" + group + "'", "track '" + track
                    + "' has no dataset for BED contig '" + contig + "' (datasets: "
                    + Hdf5Files.preview(normalizer.contigs()) + ").",
                    "store one 1-D dataset per contig, named after the contig, or drop the regions on '"
                    + contig + "'.");
        }
    }

    @Override
    public synchronized BigWigIntervals query(String contig, int start, int end) {
        Contig c = resolve(contig);
        if (c == null) {
            throw new InputFormatException(file, "group '" + group + "'", "has no dataset for contig '" + contig
                    + "'.", "store one 1-D dataset per contig, named after the contig.");
        }
        long s = Math.max(start, 0);
        long e = Math.min(end, c.length());
        if (s >= e) {
            return EMPTY;
        }
        if (block == null || !block.covers(c, s, e)) {
            block = read(c, s, e);
        }
        int from = (int) (s - block.start());
        return DenseRuns.of(block.values(), from, from + (int) (e - s), (int) block.start());
    }

    /** Reads {@code [s, e)} widened to whole chunks when the widened block stays small. */
    private Block read(Contig c, long s, long e) {
        long bs = s;
        long be = e;
        if (c.chunk() > 0) {
            long as = s / c.chunk() * c.chunk();
            long ae = Math.min(c.length(), Math.ceilDiv(e, c.chunk()) * c.chunk());
            if (ae - as <= BLOCK_ELEMENTS) {
                bs = as;
                be = ae;
            }
        }
        try {
            Object slice = c.dataset().getData(new long[] {bs}, new int[] {Math.toIntExact(be - bs)});
            return new Block(c, bs, Hdf5Values.toFloats(slice));
        } catch (HdfException | ArithmeticException | IllegalArgumentException | IndexOutOfBoundsException
                 | BufferUnderflowException ex) {
            throw new InputFormatException(file, "dataset '" + c.path() + "'", "cannot read [" + bs + ", " + be
                    + ") (" + ex.getMessage() + ").", "check that the file is complete and not corrupted.", ex);
        }
    }

    /** The validated dataset {@code contig} names, or {@code null} when the group has none. */
    private Contig resolve(String contig) {
        String name = normalizer.normalize(contig);
        if (name == null) {
            return null;
        }
        return contigs.computeIfAbsent(name, n -> {
            String path = group.equals("/") ? "/" + n : group + "/" + n;
            try {
                Dataset d = (Dataset) root.getChild(n);
                long length = Hdf5Values.requireCoverage(file, path, d);
                return new Contig(path, d, length, d instanceof ChunkedDataset cd ? cd.getChunkDimensions()[0] : 0);
            } catch (RuntimeException e) {
                throw Hdf5Files.rethrow(file, e);
            }
        });
    }

    @Override
    public void close() {
        hdf.close();
    }
}
