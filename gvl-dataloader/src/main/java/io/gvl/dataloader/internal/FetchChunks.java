package io.gvl.dataloader.internal;

/**
 * Groups consecutive mini-batches into fetch chunks: greedy maximal runs whose summed bytes fit a target chunk size;
 * a batch larger than the target is a chunk of its own. A single batch larger than a slot is an error that says what
 * to change.
 *
 * <p>The target is about 16 MiB. Each fetch costs a hand-over between the producer and the consumer (a wake-up of
 * the consumer, which then competes with the kernel threads for the cores, and on the way back the release of the
 * chunk's memory), and with fast consumers that cost is paid per chunk: on 2 cores, one epoch of fifteen 2 MiB
 * batches took 1.4-1.6 ms fetched one batch per chunk and 1.1-1.2 ms fetched seven per chunk, against 1.1-1.2 ms for
 * {@code NONE} with its fifteen fetches on the caller's thread. Two chunks in flight (32 MiB) still fit the
 * last-level cache of a server processor.
 */
public final class FetchChunks {
    /** Room for the alignment of a chunk's arrays, above its planned bytes. */
    static final long SLACK = 64L << 10;

    /**
     * The chunk size aimed at: 16 MiB less {@link #SLACK}, so that a chunk written into a pooled block fits a 16 MiB
     * one.
     */
    static final long CHUNK = (16L << 20) - SLACK;

    private FetchChunks() {
    }

    /**
     * The capacity a loader slot needs for every chunk any epoch can plan ({@link #plan}): a chunk is either at most
     * the target or a single batch, so the larger of the target and {@code batchSize} of the largest instances,
     * plus {@link #SLACK}, and never more than {@code slotBytes}.
     *
     * @param slotBytes the most a slot may hold (half the loader's buffer)
     * @param batchSize instances per batch
     * @param maxInstanceBytes the largest instance's planned bytes
     * @return the slot capacity in bytes
     */
    public static long slotCapacity(long slotBytes, int batchSize, long maxInstanceBytes) {
        long batch = maxInstanceBytes > Long.MAX_VALUE / Math.max(1, batchSize) ? Long.MAX_VALUE
                : maxInstanceBytes * batchSize;
        long need = Math.max(target(slotBytes), batch);
        return need >= slotBytes - SLACK ? slotBytes : need + SLACK;
    }

    /** The chunk size to aim at: {@value #CHUNK} bytes, never above {@code slotBytes}. */
    public static long target(long slotBytes) {
        return Math.min(slotBytes, CHUNK);
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
