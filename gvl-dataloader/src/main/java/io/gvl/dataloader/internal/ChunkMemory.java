package io.gvl.dataloader.internal;

/**
 * Where a prefetching producer writes its chunks: a fixed pool of loader slots ({@link SlotPool}), or pooled blocks
 * that the batches cut from a chunk own ({@link BlockChunks}). Either way the producer is at most a fixed number of
 * chunks ahead of the consumer.
 */
public interface ChunkMemory {
    /**
     * Waits until the producer may write one more chunk, then opens memory for it.
     *
     * @param bytes the chunk's planned size (an exact size or an upper bound; more is taken from overflow)
     * @throws InterruptedException if the producer is stopped while waiting
     */
    Slot acquire(long bytes) throws InterruptedException;

    /**
     * Opens memory for one more chunk if the producer may write one now, without waiting.
     *
     * @param bytes the chunk's planned size
     * @return the slot, or {@code null} when every chunk the producer may hold is taken
     */
    Slot tryAcquire(long bytes);

    /** The consumer is past {@code slot}'s chunk: drop the chunk's reference; batches cut from it keep theirs. */
    void chunkDone(Slot slot);

    /** Whether the producer waits for memory that only the caller's open batches or views can give back. */
    boolean starved();

    /** How many chunks the producer may hold at once. */
    int count();
}
