package io.gvl.core.internal.write;

import io.gvl.core.write.Hdf5Track;
import io.gvl.io.ContigNormalizer;
import io.gvl.io.InputFormatException;
import io.gvl.io.bigwig.BigWigIntervals;
import io.jhdf.HdfFile;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.exceptions.HdfException;
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
 */
final class Hdf5Source implements IntervalSource {
    private static final BigWigIntervals EMPTY = new BigWigIntervals(new int[0], new int[0], new float[0]);

    /** A validated contig dataset. */
    private record Contig(String path, Dataset dataset, long length) {
    }

    private final Path file;
    private final String group;
    private final HdfFile hdf;
    private final Group root;
    private final ContigNormalizer normalizer;
    private final Map<String, Contig> contigs = new HashMap<>();

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
            throw e;
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
        Object slice;
        try {
            slice = c.dataset().getData(new long[] {s}, new int[] {(int) (e - s)});
        } catch (HdfException ex) {
            throw new InputFormatException(file, "dataset '" + c.path() + "'", "cannot read [" + s + ", " + e
                    + ") (" + ex.getMessage() + ").", "check that the file is complete and not corrupted.", ex);
        }
        return DenseRuns.of(Hdf5Values.toFloats(slice), (int) s);
    }

    /** The validated dataset {@code contig} names, or {@code null} when the group has none. */
    private Contig resolve(String contig) {
        String name = normalizer.normalize(contig);
        if (name == null) {
            return null;
        }
        return contigs.computeIfAbsent(name, n -> {
            String path = group.equals("/") ? "/" + n : group + "/" + n;
            Dataset d = (Dataset) root.getChild(n);
            return new Contig(path, d, Hdf5Values.requireCoverage(file, path, d));
        });
    }

    @Override
    public void close() {
        hdf.close();
    }
}
