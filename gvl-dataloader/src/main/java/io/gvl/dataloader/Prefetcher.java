package io.gvl.dataloader;

import io.gvl.core.buffer.NamedArray;
import io.gvl.dataloader.internal.BatchPlan;
import io.gvl.dataloader.internal.ChunkMemory;
import io.gvl.dataloader.internal.ChunkSlotHeader;
import io.gvl.dataloader.internal.Slot;
import io.gvl.dataset.memory.MemoryLimitException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs one epoch's chunk fetches on a background thread, in the planned order, each written straight into memory
 * from a {@link ChunkMemory} (a free loader slot, or a pooled block the batches will own): the producer stays whole
 * chunks ahead of the consumer and waits only when it holds as many as the memory allows. The consumer takes chunks
 * in order with {@link #take}, waiting in short steps, checking that the producer is alive and that it is not
 * starved by batches or views the consumer keeps open; a producer failure is rethrown on the consumer's thread.
 *
 * <p>Chunks are claimed in order from one counter. When the consumer asks for a chunk nobody has claimed yet (the
 * first of an epoch, while the producer thread is still waking up) and the source allows it
 * ({@link SourceFetch#consumerMayFetch()}), the consumer fetches that chunk itself instead of waiting for the hand-off
 * both ways (tens of microseconds each on a virtual machine, a sizeable share of a small epoch), and the producer
 * moves on to the next one.
 */
final class Prefetcher implements AutoCloseable {
    /** A chunk ready for the consumer (its slot holds one reference for it), or the producer's failure. */
    public record Chunk(int index, Slot slot, List<NamedArray> arrays, Throwable failure, long fetchedByConsumerNanos) {
    }

    private static final long STEP_MILLIS = 20;

    private final ChunkMemory pool;
    private final BlockingQueue<Chunk> ready = new LinkedBlockingQueue<>();
    private final Duration heartbeat;
    private final Duration stallTimeout;
    private final AtomicLong produceNanos = new AtomicLong();
    private final CountDownLatch finished = new CountDownLatch(1);
    private final SourceFetch source;
    private final BatchPlan plan;
    private final int[] chunkBounds;
    private final long[] chunkBytes;
    private final boolean layout;
    private final boolean consumerMayFetch;
    /** The next chunk nobody has claimed; each chunk is fetched by whoever claims it. */
    private final AtomicInteger nextClaim = new AtomicInteger();
    private volatile boolean closed;
    /** The thread running this epoch's production, while it runs (guarded by {@code this}). */
    private Thread runner;

    /**
     * Starts producing on {@code producer}, the loader's one producer thread (kept across epochs, so an epoch does
     * not pay for starting a thread).
     *
     * @param chunkBytes planned bytes of each chunk
     * @param layout whether each chunk is described by a {@link ChunkSlotHeader} header (file-backed slots)
     */
    public Prefetcher(SourceFetch source, BatchPlan plan, int[] chunkBounds, long[] chunkBytes, ChunkMemory pool,
                      boolean layout, Duration heartbeat, Duration stallTimeout, Executor producer) {
        this.source = source;
        this.plan = plan;
        this.chunkBounds = chunkBounds;
        this.chunkBytes = chunkBytes;
        this.pool = pool;
        this.layout = layout;
        this.heartbeat = heartbeat;
        this.stallTimeout = stallTimeout;
        this.consumerMayFetch = source.consumerMayFetch();
        producer.execute(this::run);
    }

    private void run() {
        synchronized (this) {
            if (closed) {
                finished.countDown();
                return;
            }
            runner = Thread.currentThread();
        }
        try {
            produce();
        } finally {
            synchronized (this) {
                runner = null;
                Thread.interrupted(); // a stop that raced with the end must not reach the next epoch's production
            }
            finished.countDown();
        }
    }

    private void produce() {
        int chunks = chunkBounds.length - 1;
        while (!closed) {
            int c = nextClaim.getAndIncrement();
            if (c >= chunks) {
                return;
            }
            Slot slot = null;
            try {
                slot = pool.acquire(chunkBytes[c]);
                if (closed) {
                    pool.chunkDone(slot);
                    return;
                }
                ready.add(new Chunk(c, slot, fill(c, slot), null, 0));
            } catch (InterruptedException e) {
                return;
            } catch (Throwable t) {
                if (slot != null) {
                    pool.chunkDone(slot);
                }
                ready.add(new Chunk(c, null, List.of(), t, 0));
                return;
            }
        }
    }

    /** Fetches chunk {@code c} into {@code slot}. */
    private List<NamedArray> fill(int c, Slot slot) {
        int from = plan.start(chunkBounds[c]);
        int to = plan.end(chunkBounds[c + 1] - 1);
        long t0 = System.nanoTime();
        List<NamedArray> arrays = source.into(plan.regions(from, to), plan.samples(from, to), slot.filler());
        if (layout) {
            ChunkSlotHeader.describe(slot, c, to - from, arrays);
            arrays = ChunkSlotHeader.read(slot.segment()).arrays();
        }
        produceNanos.addAndGet(System.nanoTime() - t0);
        return arrays;
    }

    /**
     * Fetches chunk {@code expected} on the consumer's thread if nobody has claimed it and memory for it is free
     * now; otherwise {@code null} (then the producer has it, or will).
     */
    private Chunk fetchHere(int expected) {
        if (!consumerMayFetch || closed || nextClaim.get() != expected) {
            return null;
        }
        Slot slot = pool.tryAcquire(chunkBytes[expected]);
        if (slot == null) {
            return null;
        }
        if (!nextClaim.compareAndSet(expected, expected + 1)) {
            pool.chunkDone(slot);
            return null;
        }
        long t0 = System.nanoTime();
        try {
            List<NamedArray> arrays = fill(expected, slot);
            return new Chunk(expected, slot, arrays, null, System.nanoTime() - t0);
        } catch (MemoryLimitException e) {
            pool.chunkDone(slot);
            throw e;
        } catch (RuntimeException | Error e) {
            pool.chunkDone(slot);
            throw new DataLoaderException("fetching chunk " + expected + " failed: " + e, e);
        }
    }

    /** Time spent fetching chunks, by the producer and by the consumer for those it fetched itself, in nanoseconds. */
    public long produceNanos() {
        return produceNanos.get();
    }

    /**
     * The next chunk, in order. Fails if the producer died, if every slot is held by batches or views still open
     * (the producer could never deliver), or if it is alive but has delivered nothing for {@code stallTimeout}.
     */
    public Chunk take(int expected) {
        Chunk own = fetchHere(expected);
        if (own != null) {
            return own;
        }
        long start = System.nanoTime();
        long lastBeat = start;
        int starvedSteps = 0;
        while (true) {
            Chunk c;
            try {
                c = ready.poll(Math.min(STEP_MILLIS, heartbeat.toMillis()), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DataLoaderException("interrupted while waiting for chunk " + expected, e);
            }
            if (c != null) {
                if (c.failure() instanceof MemoryLimitException m) {
                    // The typed refusal of the loader's cap, as a copy would give it: a chunk the batches own did
                    // not fit.
                    MemoryLimitException e = new MemoryLimitException(m.getMessage());
                    e.initCause(m);
                    throw e;
                }
                if (c.failure() != null) {
                    throw new DataLoaderException("prefetch producer failed on chunk " + c.index() + ": "
                            + c.failure(), c.failure());
                }
                if (c.index() != expected) {
                    throw new IllegalStateException("chunk " + c.index() + " arrived, expected " + expected);
                }
                return c;
            }
            starvedSteps = pool.starved() && ready.isEmpty() ? starvedSteps + 1 : 0;
            if (starvedSteps >= 3) {
                throw new DataLoaderException("all " + pool.count() + " loader slots are held by batches or views"
                        + " that are still open, so chunk " + expected + " can never be produced: close batches"
                        + " (and views from Batch.retain()) before taking more, or use copy(true)");
            }
            long now = System.nanoTime();
            if (now - lastBeat >= heartbeat.toNanos()) {
                lastBeat = now;
                if (finished.getCount() == 0 && ready.isEmpty()) {
                    throw new DataLoaderException("prefetch producer stopped without producing chunk " + expected);
                }
            }
            if (now - start >= stallTimeout.toNanos()) {
                Thread t;
                synchronized (this) {
                    t = runner;
                }
                StackTraceElement[] where = t == null ? new StackTraceElement[0] : t.getStackTrace();
                throw new DataLoaderException("prefetch producer stalled: no chunk " + expected + " after "
                        + stallTimeout + " (producer is at " + (where.length > 0 ? where[0] : "an unknown frame")
                        + "); raise stallTimeout if fetches are legitimately this slow");
            }
        }
    }

    /** The consumer is past {@code chunk}: its memory may be refilled once the batches cut from it are closed. */
    public void done(Chunk chunk) {
        pool.chunkDone(chunk.slot());
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        synchronized (this) {
            if (runner != null) {
                runner.interrupt();
            }
        }
        try {
            finished.await(heartbeat.toMillis() + 10_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Chunk c;
        while ((c = ready.poll()) != null) {
            if (c.slot() != null) {
                pool.chunkDone(c.slot());
            }
        }
    }
}
