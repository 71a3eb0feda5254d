package io.gvl.io.table;

import io.gvl.io.InputFormatException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Which column of a file holds each canonical column. A column map renames as GVL's {@code column_map} does:
 * canonical name to the name in the file, applied only when that name is present.
 */
final class ColumnNames {
    private ColumnNames() {
    }

    /**
     * @param present the file's column names in file order
     * @return the file's name for each of {@link IntervalTable#COLUMNS}, {@code null} for an absent optional
     *     sample column
     */
    static String[] resolve(Path file, List<String> present, Map<String, String> columnMap, boolean sampleRequired) {
        List<String> canonical = IntervalTable.COLUMNS;
        String[] out = new String[canonical.size()];
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < out.length; i++) {
            String c = canonical.get(i);
            String mapped = columnMap.get(c);
            if (mapped != null && present.contains(mapped)) {
                out[i] = mapped;
            } else if (present.contains(c)) {
                out[i] = c;
            } else if (i != IntervalTable.SAMPLE_COLUMN || sampleRequired) {
                missing.add(mapped == null ? c : c + " (mapped to '" + mapped + "')");
            }
        }
        if (!missing.isEmpty()) {
            throw new InputFormatException(file, "header", "missing required column(s) " + missing
                    + "; the file has " + present + ".", "name the columns " + (sampleRequired ? canonical
                    : canonical.subList(1, canonical.size())) + " or map your names to them with a column map"
                    + " (canonical=actual).");
        }
        return out;
    }
}
