package io.gvl.dataloader;

import io.gvl.core.buffer.NamedArray;

import io.gvl.core.dataset.DatasetOutput;
import io.gvl.dataloader.internal.ArrayViews;
import io.gvl.dataloader.internal.BatchPlan;
import io.gvl.dataloader.internal.InstanceSlices;
import io.gvl.dataloader.internal.Prefetcher;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * One epoch of batches. Without prefetching each batch is one fetch; with it, batches are sliced from prefetched
 * chunks. With {@code copy=false} a batch's arrays are views that die when the next batch is requested.
 */
final class EpochIterator implements Iterator<Batch>, AutoCloseable {
    private final BatchSource source;
    private final BatchPlan plan;
    private final int[] chunkBounds;
    private final Prefetcher prefetcher;
    private final boolean copy;
    private int nextBatch;
    private int chunkIndex = -1;
    private Prefetcher.Chunk chunk;
    private Batch previous;
    private boolean closed;

    /** @param prefetcher null for unbuffered iteration */
    EpochIterator(BatchSource source, BatchPlan plan, int[] chunkBounds, Prefetcher prefetcher, boolean copy) {
        this.source = source;
        this.plan = plan;
        this.chunkBounds = chunkBounds;
        this.prefetcher = prefetcher;
        this.copy = copy;
    }

    @Override
    public boolean hasNext() {
        boolean more = !closed && nextBatch < plan.batches();
        if (!more) {
            close();
        }
        return more;
    }

    @Override
    public Batch next() {
        if (!hasNext()) {
            throw new NoSuchElementException("epoch finished");
        }
        if (!copy && previous != null) {
            previous.close();
        }
        int b = nextBatch++;
        int from = plan.start(b);
        int to = plan.end(b);
        int[] regions = plan.regions(from, to);
        int[] samples = plan.samples(from, to);
        Batch batch = prefetcher == null ? direct(b, regions, samples) : fromChunk(b, from, to, regions, samples);
        previous = batch;
        return batch;
    }

    private Batch direct(int b, int[] regions, int[] samples) {
        DatasetOutput out = source.fetch(regions, samples);
        return new Batch(b, regions, samples, out.arrays(), out::close);
    }

    private Batch fromChunk(int b, int from, int to, int[] regions, int[] samples) {
        if (chunk == null || b >= chunkBounds[chunkIndex + 1]) {
            releaseChunk();
            chunkIndex++;
            chunk = prefetcher.take(chunkIndex);
        }
        long base = plan.start(chunkBounds[chunkIndex]);
        List<NamedArray> slices = InstanceSlices.cut(chunk.arrays(), from - base, to - base);
        Arena arena = Arena.ofShared();
        List<NamedArray> arrays = copy ? ArrayViews.copies(slices, arena) : ArrayViews.scopedViews(slices, arena);
        if (copy && b + 1 == chunkBounds[chunkIndex + 1]) {
            releaseChunk(); // copies no longer need the chunk
        }
        return new Batch(b, regions, samples, arrays, arena::close);
    }

    private void releaseChunk() {
        if (chunk != null) {
            prefetcher.release(chunk);
            chunk = null;
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (!copy && previous != null) {
            previous.close();
        }
        releaseChunk();
        if (prefetcher != null) {
            prefetcher.close();
        }
    }
}
