package io.gvl.dataloader;

/**
 * Where one epoch's time went, so that a slow loader mode explains itself: the producer's fetches, the consumer
 * waiting for them, copies into batches that own their memory, and the caller's own work between batches. For
 * {@link Mode#NONE} fetches run on the caller's thread, so {@code produceNanos} is part of the wall time; for the
 * prefetching modes they overlap the caller's work, and {@code waitNanos} is what was not hidden. When the caller
 * asks for a chunk the producer has not started (typically an epoch's first) over a dataset view, it fetches that
 * chunk itself rather than wait for the hand-off: that time is in {@code produceNanos}, not in {@code waitNanos}.
 *
 * @param epoch the epoch number (0-based)
 * @param mode the loader's mode
 * @param batches batches handed out
 * @param chunks fetches made (one per batch for NONE, one per chunk otherwise)
 * @param wallNanos from the {@code iterator()} call that started the epoch (planning it, starting the producer)
 *     to the end of the epoch
 * @param produceNanos time spent fetching (kernels writing outputs)
 * @param waitNanos time the caller's thread waited for a chunk fetched by the producer
 * @param copyNanos time spent copying the outputs of a source that cannot write into the loader's memory (a
 *     {@link BatchSource} without its own {@link BatchSource#fetch(int[], int[], java.lang.foreign.Arena)}) into
 *     a prefetched chunk, on the producer's thread (so also part of {@code produceNanos}); 0 for dataset views
 * @param consumeNanos time between handing out a batch and the next request, i.e. the caller's own work
 * @param bytesCopied bytes copied after the source produced them: those chunk copies; 0 for dataset views in
 *     every mode
 * @param arenasCreated arenas the loader opened during the epoch (its slots are opened once, before the first)
 */
public record EpochStats(long epoch, Mode mode, int batches, int chunks, long wallNanos, long produceNanos,
                         long waitNanos, long copyNanos, long consumeNanos, long bytesCopied, long arenasCreated) {

    /**
     * A one-line summary in milliseconds, e.g. for a benchmark's log.
     *
     * @return the fields as text
     */
    public String summary() {
        return String.format(java.util.Locale.ROOT, "epoch %d %s: %d batches, %d fetches, wall %.1f ms = produce %.1f"
                        + " / wait %.1f / copy %.1f / consume %.1f ms, %d bytes copied, %d arenas", epoch, mode, batches,
                chunks, wallNanos / 1e6, produceNanos / 1e6, waitNanos / 1e6, copyNanos / 1e6, consumeNanos / 1e6,
                bytesCopied, arenasCreated);
    }
}
