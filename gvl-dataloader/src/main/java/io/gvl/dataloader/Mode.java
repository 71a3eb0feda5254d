package io.gvl.dataloader;

/** How batches are produced relative to their consumption. */
public enum Mode {
    /** One fetch per batch, on the consumer's thread, into reused off-heap memory. */
    NONE,
    /** A background thread fetches large chunks into off-heap memory ahead of the consumer (bounded by the buffer). */
    BUFFERED,
    /**
     * As {@link #BUFFERED}, but every chunk is written into file-backed shared memory (one of two slots with
     * {@code copy=false}, a pooled block the chunk's batches own with {@code copy=true}), laid out as documented in
     * {@code docs/dataloader.md} so another process could read it.
     */
    DOUBLE_BUFFERED
}
