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
    exports io.gvl.core.sites;
    exports io.gvl.core.splice;
    exports io.gvl.core.variants;
    exports io.gvl.core.write;
    // The kernels are the engine under the views, not API: only the benchmarks call them directly.
    exports io.gvl.core.kernel to io.gvl.bench;
    exports io.gvl.core.kernel.haplotype to io.gvl.bench;
    exports io.gvl.core.kernel.reference to io.gvl.bench;
    exports io.gvl.core.kernel.track to io.gvl.bench;
    exports io.gvl.core.kernel.variant to io.gvl.bench;
    // How fresh output memory is filled; the loader's slots follow the same rule.
    exports io.gvl.core.internal.memory to io.gvl.dataloader;
    // The kernel provider, so the benchmarks can measure the scalar and the vector kernels side by side.
    exports io.gvl.core.internal.kernel to io.gvl.bench;
}
