package io.gvl.dataloader.internal;

import io.gvl.core.dataset.DatasetOutput;
import io.gvl.dataloader.BatchSource;
import io.gvl.dataloader.DataLoaderException;
import io.gvl.core.buffer.NamedArray;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Runs one epoch's chunk fetches on a background thread, at most {@code store.slots()} chunks ahead, in the
 * planned order. The consumer takes chunks in order with {@link #take}, waiting in heartbeat steps and checking
 * that the producer is alive; a producer failure is rethrown on the consumer's thread.
 */
public final class Prefetcher implements AutoCloseable {
    /** A chunk ready for the consumer, or the producer's failure. */
    public record Chunk(int index, int slot, List<NamedArray> arrays, Throwable failure) {
    }

    private final ChunkStore store;
    private final Semaphore[] free;
    private final BlockingQueue<Chunk> ready = new LinkedBlockingQueue<>();
    private final Thread producer;
    private final Duration heartbeat;
    private final Duration stallTimeout;
    private volatile boolean closed;

    public Prefetcher(BatchSource source, BatchPlan plan, int[] chunkBounds, ChunkStore store, Duration heartbeat,
                      Duration stallTimeout, long epoch) {
        this.store = store;
        this.heartbeat = heartbeat;
        this.stallTimeout = stallTimeout;
        this.free = new Semaphore[store.slots()];
        for (int i = 0; i < free.length; i++) {
            free[i] = new Semaphore(1);
        }
        this.producer = Thread.ofPlatform().daemon().name("gvl-prefetch-epoch-" + epoch).unstarted(() -> {
            int chunks = chunkBounds.length - 1;
            for (int c = 0; c < chunks && !closed; c++) {
                int slot = c % free.length;
                int from = plan.start(chunkBounds[c]);
                int to = plan.end(chunkBounds[c + 1] - 1);
                try {
                    free[slot].acquire();
                    if (closed) {
                        return;
                    }
                    DatasetOutput fetched = source.fetch(plan.regions(from, to), plan.samples(from, to));
                    ready.add(new Chunk(c, slot, store.store(slot, c, to - from, fetched), null));
                } catch (InterruptedException e) {
                    return;
                } catch (Throwable t) {
                    ready.add(new Chunk(c, slot, List.of(), t));
                    return;
                }
            }
        });
        producer.start();
    }

    /**
     * The next chunk, in order. Waits in heartbeat steps; fails if the producer died, or if it is alive but has
     * delivered nothing for {@code stallTimeout} (the message shows where it is stuck).
     */
    public Chunk take(int expected) {
        long waitedNanos = 0;
        while (true) {
            Chunk c;
            try {
                c = ready.poll(heartbeat.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DataLoaderException("interrupted while waiting for chunk " + expected, e);
            }
            if (c != null) {
                if (c.failure() != null) {
                    throw new DataLoaderException("prefetch producer failed on chunk " + c.index() + ": "
                            + c.failure(), c.failure());
                }
                if (c.index() != expected) {
                    throw new IllegalStateException("chunk " + c.index() + " arrived, expected " + expected);
                }
                return c;
            }
            if (!producer.isAlive() && ready.isEmpty()) {
                throw new DataLoaderException("prefetch producer stopped without producing chunk " + expected);
            }
            waitedNanos += heartbeat.toNanos();
            if (waitedNanos >= stallTimeout.toNanos()) {
                StackTraceElement[] where = producer.getStackTrace();
                throw new DataLoaderException("prefetch producer stalled: no chunk " + expected + " after "
                        + stallTimeout + " (producer is at " + (where.length > 0 ? where[0] : "an unknown frame")
                        + "); raise stallTimeout if fetches are legitimately this slow");
            }
        }
    }

    /** The consumer is done with {@code chunk}; its slot may be refilled. */
    public void release(Chunk chunk) {
        store.release(chunk.slot());
        free[chunk.slot()].release();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        producer.interrupt();
        try {
            producer.join(heartbeat.toMillis() + 10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Chunk c;
        while ((c = ready.poll()) != null) {
            store.release(c.slot());
        }
    }
}
