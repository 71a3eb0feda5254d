package io.gvl.dataset.internal;

import io.gvl.dataset.settings.SpliceMap;
import io.gvl.format.ArrowTable;
import io.gvl.format.DatasetLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a {@link SpliceMap} from columns of the dataset's input regions (GVL's {@code splice_info="col"} or
 * {@code ("col", "order_col")}): the BED columns a dataset was written with are kept in {@code input_regions.arrow}.
 */
public final class SpliceColumns {
    private SpliceColumns() {
    }

    /** Groups by {@code column}; elements sorted by {@code orderColumn} when it is not null, else in row order. */
    public static SpliceMap read(OpenedDataset ds, String column, String orderColumn) {
        ArrowTable table = ds.inputRegions().table();
        Path source = ds.path().resolve(DatasetLayout.INPUT_REGIONS);
        List<String> keys = new ArrayList<>(table.rowCount());
        for (Object o : values(table, column, source)) {
            keys.add(o == null ? null : String.valueOf(o));
        }
        return orderColumn == null ? SpliceMap.fromKeys(keys) : SpliceMap.fromKeys(keys, values(table, orderColumn, source));
    }

    private static List<Object> values(ArrowTable table, String column, Path source) {
        if (!table.has(column)) {
            List<String> names = new ArrayList<>(table.columnNames());
            names.remove(io.gvl.format.InputRegions.MAP_COLUMN);
            throw new IllegalArgumentException("no column '" + column + "' in the input regions of " + source
                    + " (columns: " + names + "); write the dataset from a BED with that column, or pass an"
                    + " explicit SpliceMap");
        }
        return table.column(column, source).values();
    }
}
