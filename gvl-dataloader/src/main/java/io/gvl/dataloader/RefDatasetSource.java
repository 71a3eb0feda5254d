package io.gvl.dataloader;

import io.gvl.dataset.RefDataset;
import io.gvl.dataset.output.DatasetOutput;

/**
 * A reference-only view as a batch source (GVL's {@code RefDataset} in a data loader): one instance per row
 * (region, or spliced row), a single "sample" column, each fetch one {@link RefDataset#get(int[])} call, sizes from
 * {@link RefDataset#outputBytes(int)}.
 *
 * @param view the reference view; the loader does not close its reference
 */
public record RefDatasetSource(RefDataset view) implements BatchSource {

    @Override
    public int regions() {
        return view.size();
    }

    /** One column: reference rows have no samples. */
    @Override
    public int samples() {
        return 1;
    }

    @Override
    public long instanceBytes(int region, int sample) {
        return view.outputBytes(region);
    }

    @Override
    public DatasetOutput fetch(int[] regions, int[] samples) {
        return view.get(regions);
    }
}
