/**
 * Variant-side inputs (sparse genotypes, variant table, keep mask) and the kernels behind {@code "variants"} and
 * {@code "variant-windows"} outputs: gathers, compaction, dummy fills, allele reverse complement and token windows.
 */
package io.gvl.core.kernel.variant;
