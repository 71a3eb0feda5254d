/**
 * Variants from VCF and BCF files: bgzipped VCF with a tabix or CSI index, BCF with a CSI index, or a small plain
 * VCF. {@link io.gvl.io.vcf.VcfReader} answers region queries with {@link io.gvl.io.variant.VariantBatch}es of
 * primitive arrays and decodes only what a {@link io.gvl.io.variant.VariantRequest} names (samples, FORMAT and INFO
 * fields). Records GVL cannot use (multiallelic, symbolic, breakend) are errors that name the record and the
 * {@code bcftools norm} command that fixes them. The reader owns its file handles; queries may come from several
 * threads.
 */
package io.gvl.io.vcf;
