package io.gvl.dataloader;

import io.gvl.core.buffer.NamedArray;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.memory.MemoryBudget;
import io.gvl.dataset.output.DatasetOutput;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Optional;

/**
 * A {@link Dataset} view as a batch source: instances are the view's {@code (region, sample)} grid, each fetch is
 * one batched {@link Dataset#get(int[], int[])} call (so a chunk or batch is one kernel call), and instance sizes
 * come from {@link Dataset#outputBytes}. Whether chunks can be cut into batches is the view's own answer
 * ({@link Dataset#instanceSliceable()}): variant outputs' per-variant arrays are cut by the variant range of a
 * batch's instances.
 *
 * @param view the dataset view; the loader does not close it
 */
public record DatasetSource(Dataset view) implements BatchSource {

    @Override
    public int regions() {
        return view.regionCount();
    }

    @Override
    public int samples() {
        return view.sampleCount();
    }

    @Override
    public long instanceBytes(int region, int sample) {
        return view.outputBytes(region, sample);
    }

    @Override
    public boolean instanceSliceable() {
        return view.instanceSliceable();
    }

    @Override
    public DatasetOutput fetch(int[] regions, int[] samples) {
        return view.get(regions, samples);
    }

    /** One {@link Dataset#get(int[], int[], Arena)} call: the kernels write straight into {@code arena}. */
    @Override
    public List<NamedArray> fetch(int[] regions, int[] samples, Arena arena) {
        return view.get(regions, samples, arena).arrays();
    }

    /** The dataset's {@link Dataset#memory()}. */
    @Override
    public Optional<MemoryBudget> memoryBudget() {
        return Optional.of(view.memory());
    }
}
