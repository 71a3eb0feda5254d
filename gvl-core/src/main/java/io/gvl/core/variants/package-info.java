/**
 * Variant-level outputs of a dataset query ({@code SeqKind.VARIANTS}, {@code VARIANT_WINDOWS}) as typed, zero-copy
 * views over the query's flat buffers: {@link io.gvl.core.variants.Variants} and
 * {@link io.gvl.core.variants.NestedRagged}.
 */
package io.gvl.core.variants;
