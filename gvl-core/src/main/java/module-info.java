/**
 * Flat ragged buffers and the reconstruction kernels: reference, haplotypes, splicing, tracks, reverse complement,
 * variants and GenVarLoader's random draws, scalar and Vector API. It depends on no other gvl module and does no
 * I/O: the read engine (io.gvl.dataset) and the write pipeline (io.gvl.write) stand on it.
 */
module io.gvl.core {
    requires org.slf4j;
    requires jdk.incubator.vector;

    exports io.gvl.core.buffer;
    // The kernels are the engine under the dataset views, not API: the read engine calls them, the write pipeline
    // takes its default thread count from RowParallelism, and the benchmarks measure them directly.
    exports io.gvl.core.kernel to io.gvl.dataset, io.gvl.write, io.gvl.bench;
    exports io.gvl.core.kernel.haplotype to io.gvl.dataset, io.gvl.bench;
    exports io.gvl.core.kernel.reference to io.gvl.dataset, io.gvl.bench;
    exports io.gvl.core.kernel.rng to io.gvl.dataset;
    exports io.gvl.core.kernel.track to io.gvl.dataset, io.gvl.bench;
    exports io.gvl.core.kernel.track.input to io.gvl.dataset, io.gvl.bench;
    exports io.gvl.core.kernel.variant to io.gvl.dataset, io.gvl.bench;
    // Row fills, the kernel provider and track outputs for the read engine; the provider also lets the benchmarks
    // measure the scalar and the vector kernels side by side.
    exports io.gvl.core.internal.kernel to io.gvl.dataset, io.gvl.bench;
    exports io.gvl.core.internal.kernel.track to io.gvl.dataset;
}
