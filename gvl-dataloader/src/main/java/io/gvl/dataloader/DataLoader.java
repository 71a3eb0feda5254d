package io.gvl.dataloader;

import io.gvl.dataloader.internal.BatchPlan;
import io.gvl.dataloader.internal.BlockChunks;
import io.gvl.dataloader.internal.BlockPool;
import io.gvl.dataloader.internal.ChunkMemory;
import io.gvl.dataloader.internal.EpochOrder;
import io.gvl.dataloader.internal.FetchChunks;
import io.gvl.dataloader.internal.LeakLog;
import io.gvl.dataloader.internal.Lease;
import io.gvl.dataloader.internal.LoaderMemory;
import io.gvl.dataloader.internal.SharedSlots;
import io.gvl.dataloader.internal.SlotPool;
import io.gvl.dataset.memory.MemoryBudget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Mini-batches over a {@link BatchSource}. Each call to {@link #iterator()} starts a new epoch (and ends the
 * previous one): with {@code shuffle}, epoch {@code e} uses a permutation derived from {@code (seed, e)}, so the
 * order differs between epochs and is the same in every run. Batches must be closed by the caller (try with
 * resources), except that with {@code copy=false} each batch is closed when the next is requested.
 *
 * <p>Modes: {@link Mode#NONE} fetches each batch on the caller's thread, into a pooled block the batch owns;
 * {@link Mode#BUFFERED} and {@link Mode#DOUBLE_BUFFERED} fetch chunks of consecutive batches (about 16 MiB, never
 * more than half of {@code bufferBytes}) on the loader's producer thread, written
 * once into reusable memory, while the caller consumes the previous chunk: with {@code copy=false} into one of two
 * loader slots, the batches being views of it; with {@code copy=true} into a pooled block that the chunk's batches
 * own. {@code DOUBLE_BUFFERED}'s slots and blocks are shared-memory files with a header another process can read.
 * Nothing is copied in any mode, unless the source cannot write into given memory (it does not override
 * {@link BatchSource#fetch(int[], int[], java.lang.foreign.Arena)}): then prefetched chunks are copied once, and
 * {@code NONE} hands out the source's own outputs. The producer is at most two chunks ahead of the batch the caller
 * is on.
 *
 * <p>Memory: the slots, blocks and views are charged to {@link #memory()}, a child of the dataset's budget when the
 * source is a dataset view, capped by {@link Builder#memoryLimit}. A slot is reused only when its chunk's batches
 * and every {@link Batch#retain() view} of them are closed. {@link #close()} reports batches and views left open
 * (at WARN: counts and bytes; where they were allocated with {@code -Dgvl.debugMemory=true}, which also overwrites
 * released memory with {@code 0xDB} bytes) and reclaims those that live in the loader's slots.
 */
public final class DataLoader implements Iterable<Batch>, AutoCloseable {
    private final BatchSource source;
    private final SourceFetch fetch;
    /** NONE's batches in pooled blocks, or null (another mode, or a source that cannot write in place). */
    private final DirectBatches direct;
    private final int batchSize;
    private final boolean shuffle;
    private final long seed;
    private final boolean dropLast;
    private final long[] order;
    private final Mode mode;
    private final long bufferBytes;
    private final boolean copy;
    private final Duration heartbeat;
    private final Duration stallTimeout;
    private long epoch;
    private final LoaderMemory memory;
    private final BlockPool blocks;
    private BlockPool sharedBlocks;
    private EpochIterator active;
    private SharedSlots sharedSlots;
    private SlotPool slots;
    private ExecutorService producer;
    private volatile EpochStats lastStats;
    private String lastLeakReport = "";
    private boolean closed;

    private DataLoader(Builder b) {
        this.source = b.source;
        this.batchSize = b.batchSize;
        this.shuffle = b.shuffle;
        this.seed = b.seed;
        this.dropLast = b.dropLast;
        this.order = b.order;
        this.mode = b.mode;
        this.bufferBytes = b.bufferBytes;
        this.copy = b.copy;
        this.heartbeat = b.heartbeat;
        this.stallTimeout = b.stallTimeout;
        MemoryBudget budget = source.memoryBudget().map(p -> p.child("DataLoader"))
                .orElseGet(() -> new MemoryBudget("DataLoader"));
        if (b.memoryLimit > 0) {
            budget.setLimit(b.memoryLimit);
        }
        this.memory = new LoaderMemory(budget, MemoryBudget.debugEnabled());
        this.blocks = new BlockPool(memory, Math.max(bufferBytes / 2, 1L << 20));
        this.fetch = new SourceFetch(source, memory);
        this.direct = mode == Mode.NONE && fetch.inPlace() ? new DirectBatches(fetch, blocks, memory) : null;
    }

    /**
     * A builder over any batch source, with the defaults of {@link Builder}.
     *
     * @param source the instances to batch
     * @return a new builder
     */
    public static Builder builder(BatchSource source) {
        return new Builder(source);
    }

    /**
     * A loader over a dataset view (the JVM form of GVL's {@code dataset.to_dataloader(...)}). Random settings of the
     * view (jitter, shifts) are drawn per fetch, so prefetching modes, which fetch whole chunks, draw differently
     * from {@link Mode#NONE}, as in GVL; with {@link io.gvl.dataset.settings.OutputLength#variable()} rows are padded
     * to the longest row of each fetch.
     *
     * @param view a dataset view; its settings decide the outputs
     * @return a new builder
     */
    public static Builder builder(io.gvl.dataset.Dataset view) {
        return new Builder(new DatasetSource(view));
    }

    /**
     * A loader over a reference-only view (regions of a FASTA, no dataset): batches of rows, each batch one
     * {@link io.gvl.dataset.RefDataset#get(int[])}; every mode is available. Random settings of the view are
     * drawn per fetch, as for {@link #builder(io.gvl.dataset.Dataset)}.
     *
     * @param view a reference view; its settings decide the outputs
     * @return a new builder
     */
    public static Builder builder(io.gvl.dataset.RefDataset view) {
        return new Builder(new RefDatasetSource(view));
    }

    /**
     * Number of batches per epoch.
     *
     * @return the batch count, counting a smaller last batch unless {@code dropLast}
     */
    public int batchesPerEpoch() {
        long n = order != null ? order.length : (long) source.regions() * source.samples();
        return (int) (dropLast ? n / batchSize : (n + batchSize - 1) / batchSize);
    }

    /**
     * Epochs started so far.
     *
     * @return the number of calls to {@link #iterator()}
     */
    public synchronized long epochs() {
        return epoch;
    }

    @Override
    public synchronized Iterator<Batch> iterator() {
        if (closed) {
            throw new IllegalStateException("data loader is closed");
        }
        if (active != null) {
            active.close();
        }
        long start = System.nanoTime();
        long n = (long) source.regions() * source.samples();
        long[] epochOrder = EpochOrder.of(n, order, shuffle, seed, epoch++);
        BatchPlan plan = BatchPlan.of(epochOrder, batchSize, dropLast, source.samples());
        Prefetcher prefetcher = null;
        int[] bounds = null;
        long slotBytes = bufferBytes / 2;
        ChunkMemory chunkMemory = mode == Mode.NONE ? null : !copy ? slots(slotBytes)
                : new BlockChunks(mode == Mode.BUFFERED ? blocks : sharedBlocks(slotBytes), 2);
        // Read once the slots are open and before the producer starts, so the epoch counts all of its own work.
        EpochIterator.Counters atStart = EpochIterator.Counters.of(memory, fetch);
        if (chunkMemory != null) {
            long[] batchBytes = batchBytes(plan);
            bounds = FetchChunks.plan(batchBytes, FetchChunks.target(slotBytes), slotBytes, batchSize,
                    bufferBytes, 2);
            long[] chunkBytes = new long[bounds.length - 1];
            for (int c = 0; c < chunkBytes.length; c++) {
                for (int b = bounds[c]; b < bounds[c + 1]; b++) {
                    chunkBytes[c] += batchBytes[b];
                }
            }
            prefetcher = new Prefetcher(fetch, plan, bounds, chunkBytes, chunkMemory, mode == Mode.DOUBLE_BUFFERED,
                    heartbeat, stallTimeout, producer());
        }
        active = new EpochIterator(fetch, direct, plan, bounds, prefetcher, copy, memory, epoch - 1, mode, start,
                atStart, stats -> lastStats = stats);
        return active;
    }

    /** The producer thread, started at the first prefetching epoch and kept until close. */
    private ExecutorService producer() {
        if (producer == null) {
            producer = Executors.newSingleThreadExecutor(
                    r -> Thread.ofPlatform().daemon().name("gvl-prefetch").unstarted(r));
        }
        return producer;
    }

    /** The shared-memory blocks of {@code DOUBLE_BUFFERED} with {@code copy=true}, opened at the first epoch. */
    private BlockPool sharedBlocks(long slotBytes) {
        if (sharedBlocks == null) {
            sharedBlocks = BlockPool.sharedMemory(memory, Math.max(slotBytes, 1L << 20));
        }
        return sharedBlocks;
    }

    /**
     * The two chunk slots ({@code copy=false}), opened at the first epoch and reused by every later one. Each holds
     * the largest chunk any epoch can plan: the chunk target, or one batch of the largest instances when that is
     * more, and never more than half the buffer (the default buffer of 2 GiB would otherwise take 2 x 1 GiB of
     * memory, or of {@code /dev/shm}, for chunks of 16 MiB).
     */
    private SlotPool slots(long slotBytes) {
        if (slots == null) {
            long capacity = FetchChunks.slotCapacity(slotBytes, batchSize, maxInstanceBytes());
            if (mode == Mode.DOUBLE_BUFFERED) {
                sharedSlots = new SharedSlots(2, capacity, memory);
                slots = sharedSlots.pool();
            } else {
                slots = SlotPool.inMemory(2, capacity, memory);
            }
        }
        return slots;
    }

    /** The largest {@link BatchSource#instanceBytes} over all instances. */
    private long maxInstanceBytes() {
        long max = 0;
        for (int r = 0; r < source.regions(); r++) {
            for (int s = 0; s < source.samples(); s++) {
                max = Math.max(max, source.instanceBytes(r, s));
            }
        }
        return max;
    }

    /**
     * The budget this loader's slots, blocks and views are charged to: a child of the dataset's
     * {@link io.gvl.dataset.Dataset#memory()} for a dataset view, so they count against its limit too.
     *
     * @return the loader's budget; {@link MemoryBudget#used()} is 0 once the loader and its batches are closed
     */
    public MemoryBudget memory() {
        return memory.budget();
    }

    /**
     * The time breakdown of the most recent epoch that ended (by running out, a new {@link #iterator()}, or close).
     *
     * @return the epoch's statistics, or empty before any epoch ended
     */
    public Optional<EpochStats> lastEpochStats() {
        return Optional.ofNullable(lastStats);
    }

    /** The text of the last leak report logged by {@link #close()} (empty when nothing was left open); for tests. */
    synchronized String lastLeakReport() {
        return lastLeakReport;
    }

    /** Arenas this loader opened so far (test hook: slots and copy blocks are opened once, not per batch). */
    long arenasCreated() {
        return memory.arenasCreated();
    }

    private long[] batchBytes(BatchPlan plan) {
        long[] bytes = new long[plan.batches()];
        int samples = source.samples();
        long[] o = plan.order();
        for (int b = 0; b < bytes.length; b++) {
            long sum = 0;
            for (int i = plan.start(b); i < plan.end(b); i++) {
                sum += source.instanceBytes((int) (o[i] / samples), (int) (o[i] % samples));
            }
            bytes[b] = sum;
        }
        return bytes;
    }

    /**
     * Ends the active epoch, stops the producer and frees the buffers; harmless when repeated. Batches and views
     * still open are reported at WARN; those in the loader's slots ({@code copy=false}, and views of them) are closed
     * and their memory reclaimed, while batches that own their memory ({@code copy=true}) keep it until they are
     * closed.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (active != null) {
            active.close();
        }
        if (producer != null) {
            producer.shutdownNow();
            try {
                producer.awaitTermination(heartbeat.toMillis() + 10_000, java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        List<Lease> reclaimed = new ArrayList<>();
        List<Lease> callers = new ArrayList<>();
        for (Lease l : memory.openLeases()) {
            (l.loaderOwned() ? reclaimed : callers).add(l);
        }
        lastLeakReport = LeakLog.atClose(reclaimed, callers, null);
        reclaimed.forEach(Lease::close);
        if (slots != null) {
            slots.close();
        }
        blocks.close();
        if (sharedBlocks != null) {
            sharedBlocks.close();
        }
        memory.budget().detach();
    }

    /** Settings of a {@link DataLoader}; defaults: batch 1, no shuffle, seed 0, NONE, 2 GiB buffer, copy. */
    public static final class Builder {
        private final BatchSource source;
        private int batchSize = 1;
        private boolean shuffle;
        private long seed;
        private boolean dropLast;
        private long[] order;
        private Mode mode = Mode.NONE;
        private long bufferBytes = 2L << 30;
        private boolean copy = true;
        private Duration heartbeat = Duration.ofSeconds(60);
        private Duration stallTimeout = Duration.ofMinutes(30);
        private long memoryLimit;

        private Builder(BatchSource source) {
            this.source = Objects.requireNonNull(source, "source");
        }

        /**
         * Instances per batch (default 1).
         *
         * @param n batch size, {@code >= 1}
         * @return this builder
         * @throws IllegalArgumentException if {@code n < 1}
         */
        public Builder batchSize(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("batch size must be >= 1, got " + n);
            }
            this.batchSize = n;
            return this;
        }

        /**
         * Whether each epoch visits the instances in a seeded random order (default false).
         *
         * @param shuffle {@code true} to shuffle
         * @return this builder
         */
        public Builder shuffle(boolean shuffle) {
            this.shuffle = shuffle;
            return this;
        }

        /**
         * Seed of the epoch permutations (default 0); with the same seed every run sees the same orders.
         *
         * @param seed the seed
         * @return this builder
         */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /**
         * Whether a last batch smaller than the batch size is dropped (default false).
         *
         * @param dropLast {@code true} to drop it
         * @return this builder
         */
        public Builder dropLast(boolean dropLast) {
            this.dropLast = dropLast;
            return this;
        }

        /**
         * An explicit instance order (flat indices {@code region * samples + sample}); shuffling permutes it.
         *
         * @param flatIndices instance indices in the order to visit them, copied
         * @return this builder
         */
        public Builder order(long[] flatIndices) {
            this.order = flatIndices.clone();
            return this;
        }

        /**
         * How batches are fetched (default {@link Mode#NONE}).
         *
         * @param mode the prefetch mode
         * @return this builder
         */
        public Builder mode(Mode mode) {
            this.mode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /**
         * The most memory the prefetch buffers may take (default 2 GiB): each chunk, and so each batch, fits half of
         * it. The loader takes only what its chunks need (about 16 MiB each, or one batch when larger).
         *
         * @param bytes the budget in bytes, {@code >= 2}
         * @return this builder
         * @throws IllegalArgumentException if {@code bytes < 2}
         */
        public Builder bufferBytes(long bytes) {
            if (bytes < 2) {
                throw new IllegalArgumentException("bufferBytes must be >= 2, got " + bytes);
            }
            this.bufferBytes = bytes;
            return this;
        }

        /**
         * {@code false}: batches are views into the loader's buffers, valid until the next batch.
         *
         * @param copy {@code true} (default) for batches that own their memory
         * @return this builder
         */
        public Builder copy(boolean copy) {
            this.copy = copy;
            return this;
        }

        /**
         * How often a waiting consumer checks that the producer is alive.
         *
         * @param heartbeat a positive interval (default 60 s)
         * @return this builder
         * @throws IllegalArgumentException if the interval is not positive
         */
        public Builder heartbeat(Duration heartbeat) {
            if (heartbeat.isNegative() || heartbeat.isZero()) {
                throw new IllegalArgumentException("heartbeat must be positive, got " + heartbeat);
            }
            this.heartbeat = heartbeat;
            return this;
        }

        /**
         * How long a consumer waits for the next chunk from a live producer before declaring it stalled
         * (default 30 minutes); checked at every heartbeat.
         *
         * @param timeout a positive duration
         * @return this builder
         * @throws IllegalArgumentException if the duration is not positive
         */
        public Builder stallTimeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("stall timeout must be positive, got " + timeout);
            }
            this.stallTimeout = timeout;
            return this;
        }

        /**
         * A cap on the loader's memory (its slots, the blocks of batches that own their memory, and anything
         * charged to {@link DataLoader#memory()}); by default only the dataset's own limit applies. A loader whose
         * slots do not fit fails at {@link DataLoader#iterator()}, a batch or chunk whose block does not fit at
         * {@code next()}, with {@link io.gvl.dataset.memory.MemoryLimitException}.
         *
         * @param bytes the limit in bytes, {@code > 0}
         * @return this builder
         * @throws IllegalArgumentException if {@code bytes <= 0}
         */
        public Builder memoryLimit(long bytes) {
            if (bytes <= 0) {
                throw new IllegalArgumentException("memoryLimit must be positive, got " + bytes);
            }
            this.memoryLimit = bytes;
            return this;
        }

        /**
         * The loader; it opens no thread until the first epoch starts.
         *
         * @return the loader, which the caller must close
         * @throws IllegalArgumentException if a prefetch mode is asked of a source whose outputs cannot be sliced
         */
        public DataLoader build() {
            if (mode != Mode.NONE && !source.instanceSliceable()) {
                throw new IllegalArgumentException("mode " + mode + " cuts prefetched chunks into batches, but this"
                        + " source's outputs are not all indexed by instance (e.g. variant outputs); use Mode.NONE");
            }
            return new DataLoader(this);
        }
    }
}
