package io.gvl.dataset.sites;

import io.gvl.core.kernel.ReverseComplement;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Writes each row's SNP into copies of fixed-length annotated haplotypes (GVL's
 * {@code apply_site_only_variants}). Rows of reverse-complemented (negative-strand) regions are searched and
 * written through a mirrored index, so a minus-strand result is exactly the reverse complement of the plus-strand
 * one: the site is found in the decreasing {@code ref_coords} and its ALT is written complemented.
 */
final class SiteApplier {
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;

    private SiteApplier() {}

    /**
     * @param haps      {@code (n, P, L)} bytes, changed in place
     * @param varIdxs   {@code (n, P, L)} int32, set to {@link DatasetWithSites#SITE_VAR_IDX} where an ALT is written
     * @param refCoords {@code (n, P, L)} int32, read only
     * @param flags     {@code (n, P)} bytes, written
     * @param starts    per instance, the site's 0-based start
     * @param alts      per instance, the site's ALT base (plus strand)
     * @param minus     per instance, whether its rows are reverse-complemented
     */
    static void apply(MemorySegment haps, MemorySegment varIdxs, MemorySegment refCoords, MemorySegment flags,
            int ploidy, int length, int[] starts, byte[] alts, boolean[] minus) {
        for (int b = 0; b < starts.length; b++) {
            byte alt = minus[b] ? ReverseComplement.complement(alts[b]) : alts[b];
            for (int p = 0; p < ploidy; p++) {
                long row = (long) b * ploidy + p;
                long base = row * length;
                int j = lowerBound(refCoords, base, length, minus[b], starts[b]);
                SiteFlag flag;
                if (j == length || coord(refCoords, base, length, minus[b], j) != starts[b]) {
                    flag = SiteFlag.DELETED;
                } else {
                    long at = base + (minus[b] ? length - 1 - j : j);
                    if (haps.get(ValueLayout.JAVA_BYTE, at) == alt) {
                        flag = SiteFlag.EXISTED;
                    } else {
                        haps.set(ValueLayout.JAVA_BYTE, at, alt);
                        varIdxs.setAtIndex(INT, at, DatasetWithSites.SITE_VAR_IDX);
                        flag = SiteFlag.APPLIED;
                    }
                }
                flags.set(ValueLayout.JAVA_BYTE, row, flag.code());
            }
        }
    }

    /** The reference coordinate at plus-strand position {@code j} of the row starting at element {@code base}. */
    private static int coord(MemorySegment refCoords, long base, int length, boolean minus, int j) {
        return refCoords.getAtIndex(INT, base + (minus ? length - 1 - j : j));
    }

    /** First plus-strand position whose coordinate is {@code >= pos} (coordinates never decrease on plus). */
    private static int lowerBound(MemorySegment refCoords, long base, int length, boolean minus, int pos) {
        int lo = 0;
        int hi = length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (coord(refCoords, base, length, minus, mid) < pos) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
