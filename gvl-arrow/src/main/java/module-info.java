/**
 * Hand-off of loader batches to Python: zero-copy Arrow views of a batch (with C Data export for a Python-hosted
 * JVM), and a ring of reusable shared-memory slots that a reader in another process maps.
 */
module io.gvl.arrow {
    requires transitive io.gvl.dataloader;
    requires transitive org.apache.arrow.vector;
    requires transitive org.apache.arrow.memory.core;
    requires transitive org.apache.arrow.c;
    // The allocator implementation is found reflectively by arrow-memory-core; requiring it puts it in the graph.
    requires org.apache.arrow.memory.unsafe;
    requires com.fasterxml.jackson.databind;

    exports io.gvl.arrow;
    exports io.gvl.handoff;
}
