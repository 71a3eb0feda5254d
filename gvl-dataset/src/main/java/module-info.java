/**
 * The read engine: the fluent {@code Dataset} and {@code RefDataset} views over format 2.0 datasets, and what they
 * return (haplotypes, annotated haplotypes, tracks, variants, spliced transcripts, sites, exports), computed by the
 * kernels of io.gvl.core. It never writes a dataset: that is io.gvl.write.
 */
module io.gvl.dataset {
    requires it.unimi.dsi.fastutil.core;
    requires transitive io.gvl.io;
    requires transitive io.gvl.core;
    requires org.slf4j;
    requires io.jhdf;

    exports io.gvl.dataset;
    exports io.gvl.dataset.export;
    exports io.gvl.dataset.memory;
    exports io.gvl.dataset.output;
    exports io.gvl.dataset.settings;
    exports io.gvl.dataset.sites;
    exports io.gvl.dataset.splice;
    exports io.gvl.dataset.variants;
    // How fresh output memory is filled; the loader's slots follow the same rule.
    exports io.gvl.dataset.internal.memory to io.gvl.dataloader;
}
