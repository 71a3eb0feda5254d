package io.gvl.write.spec;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A per-sample track read from one bigWig per sample, stored under {@code intervals/<name>/} (GVL's
 * {@code BigWigs}). The samples of the track are the keys of {@code paths}.
 *
 * @param name  track name, the directory name in the dataset
 * @param paths sample name to bigWig file, in the caller's order
 */
public record BigWigs(String name, Map<String, Path> paths) implements SampleTrack {

    /**
     * Checks the track name and copies the paths.
     *
     * @throws WriteException if the name cannot be a track name or no sample is given
     */
    public BigWigs {
        Objects.requireNonNull(name, "name");
        TrackNames.check(name);
        if (paths.isEmpty()) {
            throw new WriteException("bigWig track '" + name + "' lists no samples.",
                    "give at least one sample and its bigWig path.");
        }
        paths = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(paths));
    }

    /**
     * Reads a sample table like GVL's {@code BigWigs.from_table}: a header row with columns {@code sample} and
     * {@code path} (any order, other columns ignored), tab-separated, or comma-separated for {@code .csv}. A
     * relative path is resolved against the table's directory.
     *
     * @param name the track name
     * @param table a tab-separated (or {@code .csv}) table
     * @return the track
     * @throws io.gvl.io.InputFormatException if the table is malformed
     */
    public static BigWigs fromTable(String name, Path table) {
        Map<String, Path> paths = new LinkedHashMap<>();
        for (SampleTable.Row row : SampleTable.read(table, List.of("sample", "path"), List.of())) {
            paths.put(row.get("sample"), SampleTable.resolve(table, row.get("path")));
        }
        return new BigWigs(name, paths);
    }

    /** The track's samples in table order. */
    @Override
    public List<String> samples() {
        return List.copyOf(paths.keySet());
    }
}
