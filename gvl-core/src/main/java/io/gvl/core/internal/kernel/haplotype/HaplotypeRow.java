package io.gvl.core.internal.kernel.haplotype;

import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.kernel.variant.KeepMask;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;
import java.lang.foreign.MemorySegment;

/**
 * One haplotype row, GVL's {@code reconstruct_haplotype_core} state machine: walk the row's sorted variants,
 * copying reference between them and writing ALT alleles, with GVL's exact rules for a deletion spanning the
 * window start, overlapping variants (first wins), a shift consumed first from left padding, then reference, then
 * an allele, and a tail copied from the reference and padded past the contig end. Optional annotation outputs get
 * the variant index / reference coordinate of every written base (sentinels -1 and {@code Integer.MAX_VALUE}).
 *
 * <p>A run of SNPs (once any shift is consumed) is written as one reference copy followed by its ALT bytes: the
 * walk's result is the same, and most variants are SNPs, so a row makes a few bulk copies instead of one per
 * variant.
 */
public final class HaplotypeRow {
    /** {@code ref_coords} of trailing pad. */
    public static final int TRAILING_PAD_COORD = Integer.MAX_VALUE;
    /** {@code var_idxs} of reference bases and pad; {@code ref_coords} of leading pad. */
    public static final int NONE = -1;

    private HaplotypeRow() {
    }

    /**
     * Reconstructs one row.
     *
     * @param k         row id ({@code instance * ploidy + hap}), for the keep mask
     * @param from      first genotype list position of the row
     * @param to        end genotype list position of the row
     * @param contigAt  byte offset of the contig in {@code ref}
     * @param contigLen contig length
     * @param refStart  jittered window start (may be negative)
     * @param out       U8 output, row at byte {@code at}, {@code len} bytes
     * @param annVar    int32 variant-index annotation at element {@code at}, or null
     * @param annRef    int32 reference-coordinate annotation at element {@code at}, or null
     */
    public static void reconstruct(SparseGenotypes geno, VariantArrays variants, KeepMask keep, int k, long from,
                                   long to, long shift, MemorySegment ref, long contigAt, long contigLen,
                                   long refStart, byte pad, MemorySegment out, long at, long len,
                                   MemorySegment annVar, MemorySegment annRef, RowFill fill) {
        long refIdx = refStart;
        long outIdx = 0;
        long shifted = 0;
        if (refIdx < 0) {
            long raw = -refIdx;
            shifted = Math.min(shift, raw);
            // GVL panics when the pad is longer than the row (a window ending before the contig); we clamp.
            long padLen = Math.min(raw - shifted, len);
            fill.fillU8(out, at, padLen, pad);
            annotate(annVar, annRef, at, padLen, NONE, NONE, fill);
            outIdx = padLen;
            refIdx = 0;
        }
        for (long j = from; j < to; j++) {
            if (keep != null && !keep.kept(k, j - from)) {
                continue;
            }
            int v = variants.require(geno.variant(j), k);
            long vStart = variants.start(v);
            long ilen = variants.ilen(v);
            long altAt = variants.altStart(v);
            long altLenFull = variants.altEnd(v) - altAt;
            long vEnd = vStart - Math.min(ilen, 0) + 1;
            if (vStart < refStart && ilen < 0 && vEnd >= refStart) {
                refIdx = vEnd;
                continue;
            }
            if (vStart < refIdx) {
                continue;
            }
            long alleleFrom = 0;
            if (shifted < shift) {
                long dist = vStart - refIdx;
                if (shifted + dist + altLenFull < shift) {
                    continue;
                } else if (shifted + dist >= shift) {
                    refIdx += shift - shifted;
                    shifted = shift;
                } else {
                    alleleFrom = shift - shifted - dist;
                    shifted = shift;
                    if (alleleFrom == altLenFull) {
                        refIdx = vEnd;
                        continue;
                    }
                    refIdx = vStart;
                }
            }
            long refLen = vStart - refIdx;
            if (outIdx + refLen >= len) {
                break;
            }
            if (ilen == 0 && altLenFull == 1 && alleleFrom == 0 && shifted == shift) {
                // A run of SNPs keeps reference and output in step: one reference copy over the whole run, then
                // its ALT bytes, instead of a bulk copy (and its fixed cost) per SNP.
                long delta = outIdx - refIdx;
                long last = snpRunEnd(geno, variants, keep, k, from, j, vStart, to, delta, len);
                long runEnd = variants.start(variants.require(geno.variant(last), k)) + 1L;
                copyReference(ref, contigAt, refIdx, runEnd - refIdx, out, at + outIdx, annVar, annRef, fill);
                writeSnps(geno, variants, keep, k, from, j, last, out, at + delta, annVar, annRef, fill);
                outIdx = runEnd + delta;
                refIdx = runEnd;
                j = last;
                if (outIdx >= len) {
                    break;
                }
                continue;
            }
            copyReference(ref, contigAt, refIdx, refLen, out, at + outIdx, annVar, annRef, fill);
            outIdx += refLen;
            long w = Math.min(altLenFull - alleleFrom, len - outIdx);
            if (w == 1) { // deletions: one byte, without the fixed cost of a bulk copy
                out.set(Mem.U8, at + outIdx, variants.alts().get(Mem.U8, altAt + alleleFrom));
            } else {
                MemorySegment.copy(variants.alts(), altAt + alleleFrom, out, at + outIdx, w);
            }
            annotate(annVar, annRef, at + outIdx, w, v, (int) vStart, fill);
            outIdx += w;
            refIdx = vEnd;
            if (outIdx >= len) {
                break;
            }
        }
        if (shifted < shift) {
            refIdx = Math.min(refIdx + (shift - shifted), contigLen);
        }
        long unfilled = len - outIdx;
        if (unfilled > 0) {
            long writable = Math.min(unfilled, contigLen - refIdx);
            if (writable > 0) {
                copyReference(ref, contigAt, refIdx, writable, out, at + outIdx, annVar, annRef, fill);
                outIdx += writable;
            }
            fill.fillU8(out, at + outIdx, len - outIdx, pad);
            annotate(annVar, annRef, at + outIdx, len - outIdx, NONE, TRAILING_PAD_COORD, fill);
        }
    }

    /**
     * The genotype list position of the last SNP of the run that starts with the SNP at {@code first} (at reference
     * position {@code firstStart}): later entries join while they are SNPs that start inside the row ({@code delta}
     * maps a reference position to its output index), or entries the walk would skip (dropped by the keep mask, or
     * overlapping the run). Anything else ends the run and is left to the walk.
     */
    private static long snpRunEnd(SparseGenotypes geno, VariantArrays variants, KeepMask keep, int k, long from,
                                  long first, long firstStart, long to, long delta, long len) {
        long last = first;
        long nextRef = firstStart + 1;
        for (long j = first + 1; j < to; j++) {
            if (keep != null && !keep.kept(k, j - from)) {
                continue;
            }
            int v = variants.require(geno.variant(j), k);
            if (variants.ilen(v) != 0 || variants.altEnd(v) - variants.altStart(v) != 1) {
                break;
            }
            long vStart = variants.start(v);
            if (vStart < nextRef) {
                continue;
            }
            if (vStart + delta >= len) {
                break;
            }
            last = j;
            nextRef = vStart + 1;
        }
        return last;
    }

    /**
     * Writes the ALT bytes of the SNP run {@code first..last} (as {@link #snpRunEnd} found it) over the reference
     * already copied, reference position {@code p} going to byte {@code base + p}.
     */
    private static void writeSnps(SparseGenotypes geno, VariantArrays variants, KeepMask keep, int k, long from,
                                  long first, long last, MemorySegment out, long base, MemorySegment annVar,
                                  MemorySegment annRef, RowFill fill) {
        long nextRef = Long.MIN_VALUE;
        for (long j = first; j <= last; j++) {
            if (keep != null && !keep.kept(k, j - from)) {
                continue;
            }
            int v = variants.require(geno.variant(j), k);
            long vStart = variants.start(v);
            if (vStart < nextRef) {
                continue;
            }
            out.set(Mem.U8, base + vStart, variants.alts().get(Mem.U8, variants.altStart(v)));
            annotate(annVar, annRef, base + vStart, 1, v, (int) vStart, fill);
            nextRef = vStart + 1;
        }
    }

    private static void copyReference(MemorySegment ref, long contigAt, long refIdx, long n, MemorySegment out,
                                      long outAt, MemorySegment annVar, MemorySegment annRef, RowFill fill) {
        MemorySegment.copy(ref, contigAt + refIdx, out, outAt, n);
        if (annVar != null) {
            fill.fillI32(annVar, outAt, n, NONE);
        }
        if (annRef != null) {
            fill.rampI32(annRef, outAt, n, (int) refIdx);
        }
    }

    private static void annotate(MemorySegment annVar, MemorySegment annRef, long at, long n, int varIdx,
                                 int coord, RowFill fill) {
        if (annVar != null) {
            fill.fillI32(annVar, at, n, varIdx);
        }
        if (annRef != null) {
            fill.fillI32(annRef, at, n, coord);
        }
    }
}
