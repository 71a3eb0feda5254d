/**
 * Zero-copy Arrow views of loader batches, with Arrow C Data export for a Python-hosted JVM (JPype). The
 * cross-process hand-off ring, which needs no Arrow, is the module io.gvl.handoff.
 */
module io.gvl.arrow {
    requires transitive io.gvl.dataloader;
    requires transitive org.apache.arrow.vector;
    requires transitive org.apache.arrow.memory.core;
    requires transitive org.apache.arrow.c;
    // The allocator implementation is found reflectively by arrow-memory-core; requiring it puts it in the graph.
    requires org.apache.arrow.memory.unsafe;

    exports io.gvl.arrow;
}
