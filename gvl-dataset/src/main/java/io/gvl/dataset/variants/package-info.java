/**
 * Variant-level outputs of a dataset query ({@code SeqKind.VARIANTS}, {@code VARIANT_WINDOWS}) as typed, zero-copy
 * views over the query's flat buffers: {@link io.gvl.dataset.variants.Variants} and
 * {@link io.gvl.dataset.variants.NestedRagged}.
 */
package io.gvl.dataset.variants;
