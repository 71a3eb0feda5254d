/**
 * Pure kernels over flat buffers: no file or network I/O. Each kernel with a Vector API implementation exposes
 * a scalar and a vector variant behind one interface (tested byte-identical against each other), and per-row
 * work is parallelized through {@link io.gvl.core.kernel.RowParallelism}'s byte gate.
 */
package io.gvl.core.kernel;
