/**
 * Haplotype reconstruction: length changes per window, the exonic keep mask, and fused batch kernels that fill
 * haplotypes (optionally annotated) for all rows of a batch into caller-provided flat buffers.
 */
package io.gvl.core.kernel.haplotype;
