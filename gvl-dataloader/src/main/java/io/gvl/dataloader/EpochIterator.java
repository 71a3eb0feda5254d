package io.gvl.dataloader;

import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.dataloader.internal.BatchPlan;
import io.gvl.dataloader.internal.InstanceSlices;
import io.gvl.dataloader.internal.Lease;
import io.gvl.dataloader.internal.LoaderMemory;
import io.gvl.dataloader.internal.OutputHolder;
import io.gvl.dataset.output.DatasetOutput;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Consumer;

/**
 * One epoch of batches. Without prefetching each batch is one fetch, into a pooled block of its own when the source
 * writes in place; with it, batches are cut from prefetched chunks as views that hold the chunk's memory (a loader
 * slot with {@code copy=false}, a pooled block the chunk's batches own with {@code copy=true}). Nothing is copied
 * unless the source cannot write into the loader's memory. With {@code copy=false} a batch is closed when the next
 * one is requested. Keeps the epoch's time breakdown.
 */
final class EpochIterator implements Iterator<Batch>, AutoCloseable {
    private final SourceFetch fetch;
    private final DirectBatches direct;
    private final BatchPlan plan;
    private final int[] chunkBounds;
    private final Prefetcher prefetcher;
    private final boolean copy;
    private final LoaderMemory memory;
    private final long epoch;
    private final Mode mode;
    private final Consumer<EpochStats> onEnd;
    private final Counters atStart;
    private int nextBatch;
    private int chunkIndex = -1;
    private Prefetcher.Chunk chunk;
    private Batch previous;
    private boolean closed;
    private final long startNanos;
    private long lastReturn;
    private long produceNanos;
    private long waitNanos;
    private long consumeNanos;
    private int fetches;

    /**
     * The loader's counters an epoch's statistics are measured from. They are read before the epoch's producer
     * starts: read after it, they missed whatever the producer had already done (a copied first chunk).
     */
    record Counters(long arenas, long copied, long copyNanos) {
        static Counters of(LoaderMemory memory, SourceFetch fetch) {
            return new Counters(memory.arenasCreated(), memory.bytesCopied(), fetch.copyNanos());
        }
    }

    /**
     * @param prefetcher null for unbuffered iteration
     * @param startNanos when the epoch was asked for ({@code System.nanoTime()} at {@code iterator()})
     * @param atStart the loader's counters before this epoch's producer started
     */
    EpochIterator(SourceFetch fetch, DirectBatches direct, BatchPlan plan, int[] chunkBounds, Prefetcher prefetcher,
                  boolean copy, LoaderMemory memory, long epoch, Mode mode, long startNanos, Counters atStart,
                  Consumer<EpochStats> onEnd) {
        this.startNanos = startNanos;
        this.fetch = fetch;
        this.direct = direct;
        this.plan = plan;
        this.chunkBounds = chunkBounds;
        this.prefetcher = prefetcher;
        this.copy = copy;
        this.memory = memory;
        this.epoch = epoch;
        this.mode = mode;
        this.onEnd = onEnd;
        this.atStart = atStart;
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
        long now = System.nanoTime();
        if (lastReturn != 0) {
            consumeNanos += now - lastReturn;
        }
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
        Batch batch = prefetcher == null ? fetchDirect(b, regions, samples) : fromChunk(b, from, to, regions, samples);
        previous = batch;
        lastReturn = System.nanoTime();
        return batch;
    }

    private Batch fetchDirect(int b, int[] regions, int[] samples) {
        long t0 = System.nanoTime();
        fetches++;
        if (direct != null) {
            DirectBatches.Fetched f = direct.fetch(regions, samples, !copy, describe(b));
            produceNanos += System.nanoTime() - t0;
            return new Batch(b, regions, samples, f.arrays(), f.lease());
        }
        DatasetOutput out = fetch.source().fetch(regions, samples);
        produceNanos += System.nanoTime() - t0;
        Lease lease = OutputHolder.lease(out, !copy, describe(b), memory);
        return new Batch(b, regions, samples, out.arrays(), lease);
    }

    private Batch fromChunk(int b, int from, int to, int[] regions, int[] samples) {
        if (chunk == null || b >= chunkBounds[chunkIndex + 1]) {
            releaseChunk();
            chunkIndex++;
            long t0 = System.nanoTime();
            chunk = prefetcher.take(chunkIndex);
            waitNanos += System.nanoTime() - t0 - chunk.fetchedByConsumerNanos();
            fetches++;
        }
        long base = plan.start(chunkBounds[chunkIndex]);
        List<NamedArray> slices = InstanceSlices.cut(chunk.arrays(), from - base, to - base);
        boolean lastOfChunk = b + 1 == chunkBounds[chunkIndex + 1];
        // A view of the chunk: of a loader slot (copy=false), or of a block the chunk's batches own (copy=true).
        List<FlatArray> views = new ArrayList<>(slices.size());
        slices.forEach(a -> views.add(a.array()));
        Batch batch = new Batch(b, regions, samples, slices, chunk.slot().lease(views, describe(b)));
        if (copy && lastOfChunk) {
            releaseChunk(); // batches that own their memory no longer need the chunk's reference
        }
        return batch;
    }

    private String describe(int b) {
        return "batch " + b + " of epoch " + epoch + " (" + mode + ", copy=" + copy + ")";
    }

    private void releaseChunk() {
        if (chunk != null) {
            Prefetcher.Chunk c = chunk;
            chunk = null;
            prefetcher.done(c);
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
            produceNanos = prefetcher.produceNanos();
        }
        long end = System.nanoTime();
        if (lastReturn != 0) {
            consumeNanos += end - lastReturn;
        }
        onEnd.accept(new EpochStats(epoch, mode, nextBatch, fetches, end - startNanos, produceNanos, waitNanos,
                fetch.copyNanos() - atStart.copyNanos(), consumeNanos, memory.bytesCopied() - atStart.copied(),
                memory.arenasCreated() - atStart.arenas()));
    }
}
