package io.gvl.dataloader;

import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.dataloader.internal.Lease;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * One mini-batch: the instances it holds and one array per output, each with the instance axis first.
 *
 * <p>Memory: with {@code copy=true} the batch owns its arrays until {@link #close()}, also after the loader closes
 * (in a pooled block of its own in {@link Mode#NONE}; in the prefetching modes, in a block shared with the other
 * batches of the same prefetched chunk, reused once the last of them is closed, which in
 * {@link Mode#DOUBLE_BUFFERED} is a shared-memory file). With {@code copy=false} its arrays are views into the
 * loader's reusable memory, closed when the next batch is
 * requested or the loader closes. Either way, touching an array after close throws {@link IllegalStateException}, and
 * the memory is never reused while the batch or a {@link #retain() view} of it is open: hand
 * {@link BatchView}s, not raw segments, to native code that keeps them. A batch that is never closed is reported at
 * WARN when it becomes unreachable (and its memory released then), or when the loader closes. Closing twice is
 * harmless.
 *
 * <p>Thread-safety: a batch may be read and closed from any thread; close it once its views are handed out.
 */
public final class Batch implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();

    private final long index;
    private final int[] regions;
    private final int[] samples;
    private final List<NamedArray> arrays;
    private final Lease lease;
    private final Cleaner.Cleanable cleanable;

    Batch(long index, int[] regions, int[] samples, List<NamedArray> arrays, Lease lease) {
        this.index = index;
        this.regions = regions;
        this.samples = samples;
        this.arrays = List.copyOf(arrays);
        this.lease = lease;
        this.cleanable = CLEANER.register(this, lease);
    }

    /**
     * Position of this batch in its epoch (0-based).
     *
     * @return the batch index, {@code >= 0}
     */
    public long index() {
        return index;
    }

    /**
     * Number of instances.
     *
     * @return the instance count; the last batch of an epoch may be smaller unless {@code dropLast}
     */
    public int size() {
        return regions.length;
    }

    /**
     * Region index of each instance (relative to the batch source's grid).
     *
     * @return a new array
     */
    public int[] regions() {
        return regions.clone();
    }

    /**
     * Sample index of each instance.
     *
     * @return a new array
     */
    public int[] samples() {
        return samples.clone();
    }

    /**
     * The outputs in the source's order.
     *
     * @return the arrays, valid until the batch is closed (and, with {@code copy=false}, until the next batch)
     * @throws IllegalStateException if the batch is closed
     */
    public List<NamedArray> arrays() {
        ensureOpen();
        return arrays;
    }

    /**
     * The output called {@code name}.
     *
     * @param name an output name, e.g. {@code haplotypes}
     * @return the array
     * @throws IllegalStateException if the batch is closed
     * @throws java.util.NoSuchElementException if there is no such output
     */
    public NamedArray array(String name) {
        ensureOpen();
        return BatchView.find(arrays, name, "batch");
    }

    /**
     * A view of this batch's arrays that keeps their memory from being reused or freed until the view is closed,
     * even after this batch is closed and later batches are produced: what a native tensor or another thread should
     * hold. Each call makes a new view; every view must be closed.
     *
     * @return a new open view over the same bytes
     * @throws IllegalStateException if the batch is closed
     */
    public BatchView retain() {
        ensureOpen();
        List<NamedArray> views = new ArrayList<>(arrays.size());
        List<FlatArray> flat = new ArrayList<>(arrays.size());
        for (NamedArray a : arrays) {
            long[] lead = a.array().leadingShape();
            FlatArray v = lead.length == 0 ? a.array() : a.array().sliceLeading(0, lead[0]);
            views.add(new NamedArray(a.name(), v));
            flat.add(v);
        }
        return new BatchView(index, views, lease.share(flat, "view of batch " + index));
    }

    /**
     * Whether the batch's arrays can still be read.
     *
     * @return {@code true} until the batch is closed (by the caller, the next batch with {@code copy=false}, or the
     *     loader's close)
     */
    public boolean isOpen() {
        return lease.isOpen();
    }

    private void ensureOpen() {
        if (!lease.isOpen()) {
            throw new IllegalStateException("batch " + index + " is closed");
        }
    }

    /** Releases the batch's hold on its memory; views from {@link #retain()} stay valid until they are closed. */
    @Override
    public void close() {
        lease.close();
        cleanable.clean();
    }
}
