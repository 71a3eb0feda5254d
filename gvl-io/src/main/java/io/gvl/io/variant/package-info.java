/**
 * The values a variant query trades in: {@link io.gvl.io.variant.VariantRequest} names what to decode,
 * {@link io.gvl.io.variant.VariantBatch} holds the decoded records as primitive arrays, and
 * {@link io.gvl.io.variant.UnsupportedVariants} counts the records GVL cannot use. The package depends on nothing
 * else in gvl-io and sits below the readers: the VCF/BCF reader ({@code io.gvl.io.vcf}) and the decoders behind it
 * both use these values, so the decoders never reach back up to the reader.
 */
package io.gvl.io.variant;
