package io.gvl.write.spec;

import io.gvl.io.InputFormatException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A sample table as GVL's {@code from_table} reads it: a header row naming the columns (any order, extra columns
 * ignored), tab-separated, or comma-separated for {@code .csv}; one row per sample, blank lines skipped. Kept apart
 * from the track types so each only says which columns it needs.
 */
final class SampleTable {
    /** One data row: its 1-based line number and the cells by column name. */
    record Row(int line, Map<String, String> cells) {
        String get(String column) {
            return cells.get(column);
        }
    }

    private SampleTable() {
    }

    /**
     * Reads {@code table}, requiring the columns {@code required} and a unique {@code sample} per row.
     *
     * @param optional columns read when present
     */
    static List<Row> read(Path table, List<String> required, List<String> optional) {
        String sep = table.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv") ? "," : "\t";
        List<Row> rows = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(table, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (header == null) {
                throw new InputFormatException(table, "line 1", "the table is empty.",
                        "write a header line with columns " + required + ", then one row per sample.");
            }
            List<String> cols = Arrays.asList(header.strip().split(sep, -1));
            if (!cols.containsAll(required)) {
                throw new InputFormatException(table, "line 1", "the header " + cols + " lacks one of the columns "
                        + required + ".", "name the columns " + required + (optional.isEmpty() ? ""
                        : " (optionally " + optional + ")") + ".");
            }
            Set<String> seen = new HashSet<>();
            String line;
            int n = 1;
            while ((line = in.readLine()) != null) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.strip().split(sep, -1);
                if (f.length != cols.size()) {
                    throw new InputFormatException(table, "line " + n, "found " + f.length
                            + " columns but the header has " + cols.size() + ".",
                            "give every row the same columns as the header.");
                }
                Map<String, String> cells = new HashMap<>();
                for (String c : required) {
                    cells.put(c, f[cols.indexOf(c)]);
                }
                for (String c : optional) {
                    if (cols.contains(c)) {
                        cells.put(c, f[cols.indexOf(c)]);
                    }
                }
                if (!seen.add(cells.get("sample"))) {
                    throw new InputFormatException(table, "line " + n, "sample '" + cells.get("sample")
                            + "' is listed twice.", "list every sample once.");
                }
                rows.add(new Row(n, cells));
            }
        } catch (CharacterCodingException e) {
            throw InputFormatException.notUtf8(table, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + table, e);
        }
        return rows;
    }

    /** {@code file} as written in {@code table}: relative paths are resolved against the table's directory. */
    static Path resolve(Path table, String file) {
        Path p = Path.of(file);
        return p.isAbsolute() || table.getParent() == null ? p : table.getParent().resolve(p);
    }
}
