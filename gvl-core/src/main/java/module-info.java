/** Flat ragged buffers, reconstruction kernels and the Dataset views. */
module io.gvl.core {
    requires transitive io.gvl.io;
    requires org.slf4j;
    requires io.jhdf;
    requires jdk.incubator.vector;

    exports io.gvl.core;
    exports io.gvl.core.buffer;
    exports io.gvl.core.dataset;
    exports io.gvl.core.export;
    exports io.gvl.core.kernel;
    exports io.gvl.core.kernel.haplotype;
    exports io.gvl.core.kernel.reference;
    exports io.gvl.core.kernel.rng;
    exports io.gvl.core.kernel.track;
    exports io.gvl.core.kernel.variant;
    exports io.gvl.core.sites;
    exports io.gvl.core.splice;
    exports io.gvl.core.variants;
    exports io.gvl.core.write;
    // How fresh output memory is filled; the loader's slots follow the same rule.
    exports io.gvl.core.internal.memory to io.gvl.dataloader;
}
