package io.gvl.dataloader.internal;

import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.dataset.output.DatasetOutput;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** One fetched output (a batch of {@code Mode.NONE}) shared by its batch and the views retained from it. */
public final class OutputHolder implements RefCountedMemory {
    private final DatasetOutput output;
    private final boolean loaderOwned;
    private final AtomicInteger refs = new AtomicInteger(1);

    private OutputHolder(DatasetOutput output, boolean loaderOwned) {
        this.output = output;
        this.loaderOwned = loaderOwned;
    }

    /** The first lease on {@code output}: its arrays, closed with the lease; the output closes with the last one. */
    public static Lease lease(DatasetOutput output, boolean loaderOwned, String description, LoaderMemory memory) {
        List<FlatArray> views = new ArrayList<>();
        for (NamedArray a : output.arrays()) {
            views.add(a.array());
        }
        return new Lease(new OutputHolder(output, loaderOwned), views, description, memory);
    }

    @Override
    public void retain() {
        if (refs.getAndIncrement() <= 0) {
            refs.decrementAndGet();
            throw new IllegalStateException("the batch's output was already freed");
        }
    }

    @Override
    public void release() {
        if (refs.decrementAndGet() == 0) {
            output.close();
        }
    }

    @Override
    public boolean loaderOwned() {
        return loaderOwned;
    }
}
