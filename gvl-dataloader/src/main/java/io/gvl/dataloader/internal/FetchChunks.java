package io.gvl.dataloader.internal;

/**
 * Groups consecutive mini-batches into fetch chunks: greedy maximal runs whose summed bytes fit a target chunk size.
 * The target is small enough that an epoch spans several chunks (so the producer fills one slot while the consumer
 * reads another, and a chunk is still in the last-level cache when it is read) and large enough that a fetch repays
 * its fixed cost; a batch larger than the target is a chunk of its own. A single batch larger than a slot is an
 * error that says what to change.
 */
public final class FetchChunks {
    /**
     * Chunks are at least this big (unless a slot is smaller), so that a fetch repays its fixed cost (the dispatch to
     * the kernel threads, the hand-over) and its kernels pass the 1 MiB parallel gate.
     */
    static final long MIN_CHUNK = 4L << 20;
    /** Chunks are at most this big, so two slots' worth stays in the last-level cache between write and read. */
    static final long MAX_CHUNK = 8L << 20;
    /** An epoch is cut into about this many chunks when that keeps them within the bounds above. */
    static final int CHUNKS_PER_EPOCH = 8;

    private FetchChunks() {
    }

    /**
     * The chunk size to aim at for an epoch of these batches: an eighth of the epoch, within
     * [{@value #MIN_CHUNK}, {@value #MAX_CHUNK}] bytes, and never above {@code slotBytes}.
     */
    public static long target(long[] batchBytes, long slotBytes) {
        long epoch = 0;
        for (long b : batchBytes) {
            epoch += b;
        }
        return Math.min(slotBytes, Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, epoch / CHUNKS_PER_EPOCH)));
    }

    /**
     * @param chunkBytes the target chunk size ({@link #target}); a batch larger than it is a chunk of its own
     * @param slotBytes what one slot holds; a batch larger than it is refused
     * @return chunk boundaries in batch indices: chunk {@code c} holds batches {@code [b[c], b[c+1])}
     */
    public static int[] plan(long[] batchBytes, long chunkBytes, long slotBytes, int batchSize, long bufferBytes,
                             int slots) {
        int[] bounds = new int[batchBytes.length + 1];
        int chunks = 0;
        long inChunk = 0;
        for (int b = 0; b < batchBytes.length; b++) {
            if (batchBytes[b] > slotBytes) {
                throw new IllegalArgumentException("batch " + b + " needs " + batchBytes[b] + " bytes but one buffer slot holds "
                        + slotBytes + " (buffer " + bufferBytes + " bytes / " + slots + " slots): lower the batch size ("
                        + batchSize + ") or raise bufferBytes");
            }
            if (b == 0 || inChunk + batchBytes[b] > chunkBytes) {
                bounds[chunks++] = b;
                inChunk = 0;
            }
            inChunk += batchBytes[b];
        }
        bounds[chunks] = batchBytes.length;
        return java.util.Arrays.copyOf(bounds, chunks + 1);
    }
}
