package io.gvl.write.internal;

import io.gvl.format.ArrowTable.ColumnType;
import io.gvl.format.ArrowTable;
import io.gvl.format.InputRegions;
import io.gvl.io.InputFormatException;
import io.gvl.io.bed.BedFile;
import io.gvl.io.bed.BedRegion;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds {@code input_regions.arrow} from the BED as read: every column in input order, the columns seqpro names typed
 * as its reader types them (coordinates Int64, {@code score} and peak statistics Float64, {@code blockCount} UInt64,
 * {@code name}, {@code itemRgb} and block lists text), any other column typed as polars infers it
 * ({@link InferredColumnType}: Int64, Float64, Boolean or text); {@code .} is null. Then GVL's {@code r_idx_map}. The strand is written as {@code +}/{@code -} so that GVL's
 * reader, which maps only those two, recomputes the same strands.
 */
final class InputRegionsTable {
    private static final Map<String, ColumnType> TYPES = Map.of("score", ColumnType.FLOAT64,
            "thickStart", ColumnType.INT64, "thickEnd", ColumnType.INT64, "blockCount", ColumnType.UINT64,
            "signalValue", ColumnType.FLOAT64, "pValue", ColumnType.FLOAT64, "qValue", ColumnType.FLOAT64,
            "peak", ColumnType.INT64);
    private static final java.util.Set<String> TEXT = java.util.Set.of("strand", "name", "itemRgb", "blockSizes",
            "blockStarts");

    private InputRegionsTable() {
    }

    static InputRegions of(BedFile bed) {
        int n = bed.size();
        List<ArrowTable.Column> cols = new ArrayList<>();
        List<Object> chrom = new ArrayList<>(n);
        List<Object> start = new ArrayList<>(n);
        List<Object> end = new ArrayList<>(n);
        for (BedRegion r : bed.regions()) {
            chrom.add(r.chrom());
            start.add((long) r.start());
            end.add((long) r.end());
        }
        cols.add(new ArrowTable.Column("chrom", ColumnType.STRING, chrom));
        cols.add(new ArrowTable.Column("chromStart", ColumnType.INT64, start));
        cols.add(new ArrowTable.Column("chromEnd", ColumnType.INT64, end));
        List<String> names = bed.columns();
        for (int c = 3; c < names.size(); c++) {
            String name = names.get(c);
            ColumnType type = TEXT.contains(name) ? ColumnType.STRING : TYPES.get(name);
            if (type == null) {
                List<String> texts = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    texts.add(bed.value(i, name));
                }
                type = InferredColumnType.of(texts);
            }
            List<Object> values = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                BedRegion r = bed.get(i);
                values.add(name.equals("strand") ? (r.strand() < 0 ? "-" : "+")
                        : typed(bed, r, bed.value(i, name), name, type));
            }
            cols.add(new ArrowTable.Column(name, type, values));
        }
        return InputRegions.fromBed(new ArrowTable(cols));
    }

    private static Object typed(BedFile bed, BedRegion r, String text, String column, ColumnType type) {
        if (text == null || type == ColumnType.STRING) {
            return text;
        }
        try {
            return InferredColumnType.parse(text, type);
        } catch (NumberFormatException e) {
            throw new InputFormatException(bed.path(), "line " + r.line(), "column '" + column + "' holds '" + text
                    + "', which is not a number.", "write a number or '.' in column '" + column + "'.", e);
        }
    }
}
