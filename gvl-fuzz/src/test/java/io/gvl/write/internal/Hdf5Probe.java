package io.gvl.write.internal;

import io.gvl.io.bigwig.BigWigIntervals;
import io.gvl.write.internal.hdf5.Hdf5Files;
import io.gvl.write.spec.Hdf5Track;
import io.jhdf.HdfFile;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.api.Node;
import io.jhdf.exceptions.HdfException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads an HDF5 coverage file the way a write does (the fuzz target's way in to the package-private
 * {@link Hdf5Source}): the file's root and each top group as a sample, every 1-D dataset as a contig, queried whole
 * and in a window that crosses a chunk.
 */
public final class Hdf5Probe {
    private Hdf5Probe() {
    }

    /**
     * Reads every sample group and contig of {@code file}.
     *
     * @param file an HDF5 file
     * @return the number of intervals read
     */
    public static long readAll(Path file) {
        List<String> groups = new ArrayList<>(List.of("/"));
        Hdf5Files.topGroups(file).forEach(g -> groups.add("/" + g));
        long n = 0;
        for (String g : groups) {
            List<String> contigs = new ArrayList<>();
            try (HdfFile hdf = Hdf5Files.open(file)) {
                Group group = Hdf5Files.group(hdf, file, g);
                for (Map.Entry<String, Node> e : group.getChildren().entrySet()) {
                    if (e.getValue() instanceof Dataset) {
                        contigs.add(e.getKey());
                    }
                }
            } catch (HdfException e) {
                // This listing is the probe's own; the source opened below must report the damage itself.
            }
            try (Hdf5Source source = new Hdf5Source(new Hdf5Track.Source(file, g))) {
                for (String c : contigs) {
                    source.requireContig(c, "t");
                    BigWigIntervals all = source.query(c, 0, Integer.MAX_VALUE);
                    n += all.size() + source.query(c, 3, 70_000).size();
                }
            }
        }
        return n;
    }
}
