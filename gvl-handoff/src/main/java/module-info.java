/**
 * Hand-off of loader batches to another process: a ring of reusable shared-memory slot files that a reader maps
 * (the Python package {@code gvl_jvm} in the repository's {@code python/}), with JSON descriptors and releases on two streams. No Arrow: the
 * slots carry plain little-endian arrays (docs/handoff.md).
 */
module io.gvl.handoff {
    requires transitive io.gvl.dataloader;
    requires com.fasterxml.jackson.databind;

    exports io.gvl.handoff;
}
