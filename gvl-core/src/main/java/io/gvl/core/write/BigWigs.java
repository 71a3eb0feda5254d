package io.gvl.core.write;

import io.gvl.io.InputFormatException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
     */
    public static BigWigs fromTable(String name, Path table) {
        String sep = table.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".csv") ? "," : "\t";
        Map<String, Path> paths = new LinkedHashMap<>();
        try (BufferedReader in = Files.newBufferedReader(table, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (header == null) {
                throw new InputFormatException(table, "line 1", "the table is empty.",
                        "write a header line with columns 'sample' and 'path', then one row per sample.");
            }
            List<String> cols = Arrays.asList(header.strip().split(sep, -1));
            int s = cols.indexOf("sample");
            int p = cols.indexOf("path");
            if (s < 0 || p < 0) {
                throw new InputFormatException(table, "line 1", "the header " + cols
                        + " lacks a 'sample' or 'path' column.", "name the columns 'sample' and 'path'.");
            }
            String line;
            int n = 1;
            while ((line = in.readLine()) != null) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.strip().split(sep, -1);
                if (f.length != cols.size()) {
                    throw new InputFormatException(table, "line " + n, "found " + f.length + " columns but the header has "
                            + cols.size() + ".", "give every row the same columns as the header.");
                }
                Path file = Path.of(f[p]);
                Path resolved = file.isAbsolute() || table.getParent() == null ? file : table.getParent().resolve(file);
                if (paths.put(f[s], resolved) != null) {
                    throw new InputFormatException(table, "line " + n, "sample '" + f[s] + "' is listed twice.",
                            "list every sample once.");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + table, e);
        }
        return new BigWigs(name, paths);
    }

    /** The track's samples in table order. */
    @Override
    public List<String> samples() {
        return List.copyOf(paths.keySet());
    }
}
