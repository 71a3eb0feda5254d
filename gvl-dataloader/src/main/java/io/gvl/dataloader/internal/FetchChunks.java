package io.gvl.dataloader.internal;

/**
 * Groups consecutive mini-batches into fetch chunks: greedy maximal runs whose summed bytes fit one slot,
 * as GVL plans them. A single batch larger than a slot is an error that says what to change.
 */
public final class FetchChunks {
    private FetchChunks() {
    }

    /**
     * @return chunk boundaries in batch indices: chunk {@code c} holds batches {@code [b[c], b[c+1])}
     */
    public static int[] plan(long[] batchBytes, long slotBytes, int batchSize, long bufferBytes, int slots) {
        int[] bounds = new int[batchBytes.length + 1];
        int chunks = 0;
        long inChunk = 0;
        for (int b = 0; b < batchBytes.length; b++) {
            if (batchBytes[b] > slotBytes) {
                throw new IllegalArgumentException("batch " + b + " needs " + batchBytes[b] + " bytes but one buffer slot holds "
                        + slotBytes + " (buffer " + bufferBytes + " bytes / " + slots + " slots): lower the batch size ("
                        + batchSize + ") or raise bufferBytes");
            }
            if (b == 0 || inChunk + batchBytes[b] > slotBytes) {
                bounds[chunks++] = b;
                inChunk = 0;
            }
            inChunk += batchBytes[b];
        }
        bounds[chunks] = batchBytes.length;
        return java.util.Arrays.copyOf(bounds, chunks + 1);
    }
}
