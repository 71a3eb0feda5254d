package io.gvl.dataset;

import io.gvl.dataset.internal.OpenedDataset;
import io.gvl.dataset.internal.ViewState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The rows and columns a view shows, resolved through its subset and splicing: its regions and their BED columns,
 * its samples, its spliced row keys, and the lookups by name. {@link Dataset} keeps the API and delegates here.
 */
final class ViewRows {
    private ViewRows() {
    }

    static List<Region> regions(OpenedDataset opened, ViewState view, int n) {
        if (view.spliced()) {
            throw new IllegalStateException("the rows of a spliced view are spliced rows, not regions: read"
                    + " splicedRowKeys() and spliceMap(), or call withoutSplicing()");
        }
        var table = opened.regions();
        List<String> contigs = opened.metadata().contigs();
        List<Region> out = new ArrayList<>(n);
        int[] inputToDisk = table.inputToDisk();
        for (int i = 0; i < n; i++) {
            int input = view.regionRows() == null ? i : view.regionRows()[i];
            int disk = inputToDisk[input];
            out.add(new Region(input, contigs.get(table.contig()[disk]), table.start()[disk], table.end()[disk],
                    table.strand()[disk]));
        }
        return out;
    }

    static RegionColumns regionColumns(OpenedDataset opened, ViewState view, int n) {
        opened.ensureOpen();
        if (view.spliced()) {
            throw new IllegalStateException("the rows of a spliced view are spliced rows, not regions: call"
                    + " withoutSplicing() first");
        }
        int[] rows = view.regionRows() == null ? IntStream.range(0, n).toArray() : view.regionRows().clone();
        return new RegionColumns(opened.inputRegions().table(), rows);
    }

    static List<String> samples(OpenedDataset opened, ViewState view) {
        List<String> all = opened.metadata().samples();
        if (view.sampleCols() == null) {
            return all;
        }
        return Arrays.stream(view.sampleCols()).mapToObj(all::get).toList();
    }

    static List<String> splicedRowKeys(ViewState view) {
        if (!view.spliced()) {
            throw new IllegalStateException("this view is not spliced; call spliceInfo(...) first");
        }
        int[] rows = view.regionRows();
        List<String> keys = view.splice().keys();
        return rows == null ? keys : Arrays.stream(rows).mapToObj(keys::get).toList();
    }

    /** The index of {@code name} in {@code names}, or an error naming the {@code what} and whether it is a subset. */
    static int indexOf(List<String> names, String name, String what, boolean subset) {
        int i = names.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("unknown " + what + " '" + name + "'"
                    + (subset ? " in this subset" : ""));
        }
        return i;
    }
}
