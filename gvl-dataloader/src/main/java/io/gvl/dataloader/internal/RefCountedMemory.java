package io.gvl.dataloader.internal;

/** Memory with a reference count: handed back (to a pool, or freed) when the last {@link Lease} on it closes. */
public interface RefCountedMemory {
    /** Adds a reference; fails if the memory was already handed back. */
    void retain();

    /** Drops a reference; the last one hands the memory back. */
    void release();

    /** Whether the loader reclaims this memory when it closes (its slots), or the batch owns it (copies). */
    boolean loaderOwned();
}
