package io.gvl.dataloader;

/** How batches are produced relative to their consumption. */
public enum Mode {
    /** One fetch per batch, on the consumer's thread. */
    NONE,
    /** A background thread fetches large chunks into off-heap memory ahead of the consumer (bounded by the buffer). */
    BUFFERED,
    /**
     * A background thread fills one of two file-backed shared-memory slots while the consumer reads the other;
     * the slot layout is documented in {@code docs/dataloader.md} so another process could read it.
     */
    DOUBLE_BUFFERED
}
