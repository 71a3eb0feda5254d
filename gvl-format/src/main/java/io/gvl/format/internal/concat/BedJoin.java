package io.gvl.format.internal.concat;

import io.gvl.format.ArrowTable;
import io.gvl.format.ConcatException;
import io.gvl.format.InputRegions;
import io.gvl.format.NaturalSort;
import io.gvl.format.RegionOrder;
import io.gvl.format.internal.runs.JoinOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The joined {@code input_regions.arrow} along regions: the inputs' BED rows one input after another (columns in
 * input #0's order), with a new {@code r_idx_map} from the natural sort of all rows, and from that sort the joined
 * region order. Restricting that sort to one input's rows gives the order the input stored them in, so each
 * input's stored rows can be gathered as they are.
 *
 * @param table the joined table, {@code r_idx_map} last
 * @param order the input and stored row of each joined region
 */
public record BedJoin(ArrowTable table, JoinOrder order) {

    /**
     * Joins the BED tables of {@code inputs}.
     *
     * @param inputs the inputs, already checked to have the same columns
     * @return the joined table and order
     * @throws ConcatException if a column has different types in two inputs
     */
    public static BedJoin of(List<ConcatInput> inputs) {
        ArrowTable ref = inputs.getFirst().bed();
        List<ArrowTable.Column> cols = new ArrayList<>();
        for (ArrowTable.Column c : ref.columns()) {
            if (c.name().equals(InputRegions.MAP_COLUMN)) {
                continue;
            }
            List<Object> values = new ArrayList<>();
            for (ConcatInput in : inputs) {
                ArrowTable.Column other = in.bed().column(c.name(), in.dir());
                if (other.type() != c.type()) {
                    throw new ConcatException(in.label() + ": BED column '" + c.name() + "' is " + other.type()
                            + " but " + c.type() + " in input #0.", "write every input from BED files whose"
                            + " columns hold the same kinds of values.");
                }
                values.addAll(other.values());
            }
            cols.add(new ArrowTable.Column(c.name(), c.type(), values));
        }
        InputRegions probe = new InputRegions(new ArrowTable(cols));
        Path src = Path.of("<joined BED>");
        RegionOrder sorted = NaturalSort.regionOrder(probe.chroms(src), probe.longs("chromStart", src),
                probe.longs("chromEnd", src));
        int[] inputOfRow = new int[probe.size()];
        int row = 0;
        for (ConcatInput in : inputs) {
            for (int i = 0; i < in.bed().rowCount(); i++) {
                inputOfRow[row++] = in.index();
            }
        }
        int[] source = new int[probe.size()];
        for (int k = 0; k < source.length; k++) {
            source[k] = inputOfRow[sorted.sortedToInput()[k]];
        }
        List<Object> map = new ArrayList<>(probe.size());
        for (int v : sorted.inputToSorted()) {
            map.add((long) v);
        }
        cols.add(new ArrowTable.Column(InputRegions.MAP_COLUMN, ArrowTable.ColumnType.INT64, map));
        return new BedJoin(new ArrowTable(cols), JoinOrder.fromSources(source, inputs.size()));
    }
}
