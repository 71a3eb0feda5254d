package io.gvl.write.spec;

import io.gvl.io.InputFormatException;
import io.gvl.write.internal.hdf5.Hdf5Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A per-sample track read from dense HDF5 coverage (Basenji/Borzoi style): for every sample a group holding one 1-D
 * numeric dataset per contig, named after the contig (float16/32/64 or integers of any width). At write time each
 * stored window's hyperslab is read and turned into the intervals a bigWig of the same values would give (runs of
 * equal values merged, zeros and NaN dropped), so the dataset is the same as one written from such bigWigs.
 *
 * @param name    track name, the directory name in the dataset
 * @param sources sample name to its coverage, in the caller's order
 */
public record Hdf5Track(String name, Map<String, Source> sources) implements SampleTrack {

    /**
     * Where one sample's coverage lives.
     *
     * @param file  the HDF5 file
     * @param group the group holding the per-contig datasets; {@code "/"} for the file's root
     */
    public record Source(Path file, String group) {
        /** Rejects a {@code null} file and normalizes the group to an absolute path ({@code "/"} when empty). */
        public Source {
            Objects.requireNonNull(file, "file");
            group = group == null || group.isEmpty() ? "/" : group.startsWith("/") ? group : "/" + group;
        }
    }

    /**
     * Checks the track name and copies the sources.
     *
     * @throws WriteException if the name cannot be a track name or no sample is given
     */
    public Hdf5Track {
        Objects.requireNonNull(name, "name");
        TrackNames.check(name);
        if (sources.isEmpty()) {
            throw new WriteException("HDF5 track '" + name + "' lists no samples.",
                    "give at least one sample and its HDF5 coverage.");
        }
        sources = Collections.unmodifiableMap(new LinkedHashMap<>(sources));
    }

    /**
     * One file per sample, the contig datasets at each file's root.
     *
     * @param name the track name
     * @param files sample name to HDF5 file
     * @return the track
     */
    public static Hdf5Track ofFiles(String name, Map<String, Path> files) {
        Map<String, Source> s = new LinkedHashMap<>();
        files.forEach((sample, file) -> s.put(sample, new Source(file, "/")));
        return new Hdf5Track(name, s);
    }

    /**
     * One file with a group per sample (the group name is the sample name), in the file's group order.
     *
     * @param name the track name
     * @param file the HDF5 file
     * @return the track
     * @throws io.gvl.io.InputFormatException if the file has no group
     */
    public static Hdf5Track ofGroups(String name, Path file) {
        Map<String, Source> s = new LinkedHashMap<>();
        for (String g : Hdf5Files.topGroups(file)) {
            s.put(g, new Source(file, "/" + g));
        }
        if (s.isEmpty()) {
            throw new InputFormatException(file, "/", "the file has no groups, so no samples.",
                    "put each sample's contig datasets in a group named after the sample, or list one file per"
                    + " sample in a sample/path table.");
        }
        return new Hdf5Track(name, s);
    }

    /**
     * Reads a sample table like {@link BigWigs#fromTable}: columns {@code sample} and {@code path} (HDF5 file,
     * relative paths resolved against the table's directory) and optionally {@code group} (the group holding the
     * sample's datasets; empty or absent means the file's root).
     *
     * @param name the track name
     * @param table a tab- or comma-separated table
     * @return the track
     * @throws io.gvl.io.InputFormatException if the table is malformed
     */
    public static Hdf5Track fromTable(String name, Path table) {
        Map<String, Source> s = new LinkedHashMap<>();
        for (SampleTable.Row r : SampleTable.read(table, List.of("sample", "path"), List.of("group"))) {
            s.put(r.get("sample"), new Source(SampleTable.resolve(table, r.get("path")), r.get("group")));
        }
        return new Hdf5Track(name, s);
    }

    @Override
    public List<String> samples() {
        return List.copyOf(sources.keySet());
    }
}
