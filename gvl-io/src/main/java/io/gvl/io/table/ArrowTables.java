package io.gvl.io.table;

import io.gvl.format.ArrowTable;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.io.ArrowTableFile;
import io.gvl.io.InputFormatException;
import io.gvl.io.internal.Inputs;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Arrow IPC tables (the file format, as polars' {@code write_ipc} and pyarrow's {@code feather} write them). */
final class ArrowTables {
    private ArrowTables() {
    }

    static IntervalTable read(Path file, Map<String, String> columnMap, boolean sampleRequired) {
        Inputs.requireReadable(file);
        ArrowTable t;
        try {
            t = ArrowTableFile.read(file);
        } catch (DatasetFormatException e) {
            throw new InputFormatException(file, "", "not a readable Arrow IPC file (" + e.getMessage() + ").",
                    "write the table in the Arrow IPC file format (polars write_ipc, pyarrow feather v2).", e);
        }
        String[] names = ColumnNames.resolve(file, t.columnNames(), columnMap, sampleRequired);
        @SuppressWarnings("unchecked")
        List<Object>[] cols = new List[names.length];
        for (int i = 0; i < names.length; i++) {
            cols[i] = names[i] == null ? null : t.column(names[i], file).values();
        }
        TableRows rows = new TableRows(file, "row");
        for (int r = 0; r < t.rowCount(); r++) {
            rows.add(r + 1, cols[0] == null ? null : cols[0].get(r), cols[1].get(r), cols[2].get(r),
                    cols[3].get(r), cols[4].get(r));
        }
        return rows.build(TableFormat.ARROW_IPC, names[IntervalTable.SAMPLE_COLUMN] != null);
    }
}
