/**
 * genoray {@code .svar2} stores ({@code format_version} 1) and the per-haplotype gather of GenVarLoader 0.43.1.
 *
 * <p>Why this package exists: a GVL dataset written from a {@code .svar2} store keeps no genotypes of its own, only
 * a range cache of call windows into the store ({@code genotypes/svar2_ranges/}, read by
 * {@link io.gvl.format.io.Svar2RangesFile}). Reading such a dataset needs the store itself:
 * {@link io.gvl.io.svar.Svar2Store} maps and validates it, the small codecs ({@link io.gvl.io.svar.Svar2SnpCodes},
 * {@link io.gvl.io.svar.Svar2IndelKeys}, {@link io.gvl.io.svar.Svar2GenotypeBits}) decode its packed streams, and
 * {@link io.gvl.io.svar.Svar2Gather} turns (store contig, cache cell, query start) into the ordered variant list
 * GenVarLoader 0.43.1 feeds its haplotype kernel, written into a reusable {@link io.gvl.io.svar.Svar2Calls}
 * buffer. No REF allele is stored: a pure deletion comes back with an empty ALT and the caller supplies the
 * reference anchor.
 */
package io.gvl.io.svar;
