/** Batching and prefetching of dataset outputs into off-heap memory. */
module io.gvl.dataloader {
    requires it.unimi.dsi.fastutil.core;
    requires transitive io.gvl.dataset;
    requires org.slf4j;

    exports io.gvl.dataloader;
}
