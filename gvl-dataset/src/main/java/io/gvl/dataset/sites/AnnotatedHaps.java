package io.gvl.dataset.sites;

import io.gvl.core.buffer.Dense;

/**
 * Fixed-length annotated haplotypes (GVL's {@code AnnotatedHaps}): bytes {@code (n, P, L)} uint8 and, per base,
 * {@code var_idxs} and {@code ref_coords} {@code (n, P, L)} int32 (as GVL's {@code AnnotatedHaps}, {@code _dataset/_haps.py}). Views; the {@link SitesOutput} they
 * came from owns the memory.
 *
 * @param haps the haplotype bytes
 * @param varIdxs the variant index of each base, -1 for reference bases
 * @param refCoords the reference coordinate of each base
 */
public record AnnotatedHaps(Dense haps, Dense varIdxs, Dense refCoords) {
}
