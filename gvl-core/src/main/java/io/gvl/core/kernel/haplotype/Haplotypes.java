package io.gvl.core.kernel.haplotype;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.KernelProvider;
import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.internal.kernel.ThreadScratch;
import io.gvl.core.internal.kernel.haplotype.BatchChecks;
import io.gvl.core.internal.kernel.haplotype.HaplotypeRow;
import io.gvl.core.kernel.ReverseComplement;
import io.gvl.core.kernel.RowParallelism;
import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.core.kernel.reference.QueryWindows;
import java.lang.foreign.MemorySegment;
import java.util.BitSet;

/**
 * Fused batch kernels for haplotypes: one call sizes (via {@link #diffs}/{@link #raggedLengths}) or fills a whole
 * batch into caller-provided flat buffers, reverse-complementing negative-strand rows in the same pass (annotation
 * rows are reversed). Rows are split across the ForkJoin pool above {@link RowParallelism}'s byte gate; each row
 * writes only its own slice, so the bytes equal a serial run.
 */
public final class Haplotypes {
    private Haplotypes() {
    }

    /**
     * Per-row length change inside each instance's window (GVL's {@code get_diffs_sparse} with windows).
     *
     * @param source the genotypes and variants
     * @param batch the instances
     * @return one length change per (instance, haplotype), in bp
     */
    public static int[] diffs(HaplotypeSource source, HaplotypeBatch batch) {
        QueryWindows r = batch.regions();
        return HaplotypeDiffs.compute(source.genotypes(), source.variants(), batch.offsetIdx(), batch.ploidy(),
                batch.keep(), r.starts(), r.ends());
    }

    /**
     * Ragged ("ragged"/"variable") row lengths: window length plus diff, clamped at 0.
     *
     * @param regions the instances' windows
     * @param ploidy haplotypes per instance
     * @param diffs one length change per (instance, haplotype), from {@link #diffs}
     * @return one row length per (instance, haplotype)
     * @throws IllegalArgumentException if {@code diffs} has the wrong length
     */
    public static long[] raggedLengths(QueryWindows regions, int ploidy, int[] diffs) {
        if (diffs.length != (long) regions.size() * ploidy) {
            throw new IllegalArgumentException("diffs has " + diffs.length + " rows, expected "
                    + regions.size() + " x " + ploidy);
        }
        long[] out = new long[diffs.length];
        for (int k = 0; k < diffs.length; k++) {
            int i = k / ploidy;
            out[k] = Math.max(0, (long) regions.end(i) - regions.start(i) + diffs[k]);
        }
        return out;
    }

    /**
     * Fills {@code out} (U8, one row per batch row) with the haplotypes; {@code rc} marks negative-strand
     * instances.
     *
     * @param source the genotypes, variants and reference
     * @param batch the instances
     * @param out the destination, one row per (instance, haplotype)
     * @param rc the instances to reverse-complement, or {@code null} for none
     */
    public static void reconstruct(HaplotypeSource source, HaplotypeBatch batch, Ragged out, BitSet rc) {
        run(source, batch, out, null, null, rc);
    }

    /**
     * Haplotypes plus GVL's annotations: {@code varIdx} (I32) holds the variant index of each base written from
     * an ALT allele and -1 elsewhere; {@code refCoords} (I32) the reference position of each base, the variant
     * start for allele bases, -1 for leading pad and {@code Integer.MAX_VALUE} for trailing pad. All three buffers
     * must have the same row lengths.
     *
     * @param source the genotypes, variants and reference
     * @param batch the instances
     * @param out the destination, one row per (instance, haplotype)
     * @param varIdx the variant-index annotation, rows as in {@code out}
     * @param refCoords the reference-coordinate annotation, rows as in {@code out}
     * @param rc the instances to reverse-complement, or {@code null} for none
     */
    public static void reconstructAnnotated(HaplotypeSource source, HaplotypeBatch batch, Ragged out,
                                            Ragged varIdx, Ragged refCoords, BitSet rc) {
        requireSameRows("varIdx", out, varIdx, DType.I32);
        requireSameRows("refCoords", out, refCoords, DType.I32);
        run(source, batch, out, varIdx.data(), refCoords.data(), rc);
    }

    /**
     * Negative-strand rows up to this long (without annotations) are written into a per-thread scratch and
     * reverse-complemented into place; longer ones are reverse-complemented in place.
     */
    static final long RC_SCRATCH_BYTES = 1L << 20;
    private static final ThreadScratch RC_SCRATCH = new ThreadScratch(RC_SCRATCH_BYTES);

    private static void run(HaplotypeSource source, HaplotypeBatch batch, Ragged out, MemorySegment annVar,
                            MemorySegment annRef, BitSet rc) {
        if (out.dtype() != DType.U8) {
            throw new IllegalArgumentException("out must be U8, got " + out.dtype());
        }
        if (out.rows() != batch.rows()) {
            throw new IllegalArgumentException("out has " + out.rows() + " rows, batch has " + batch.rows());
        }
        BatchChecks.genotypes(source.genotypes(), source.variants(), batch.offsetIdx(), batch.keep());
        QueryWindows regions = batch.regions();
        ReferenceGenome ref = source.reference();
        MemorySegment data = out.data();
        MemorySegment offsets = out.offsets(); // read once: Ragged.offset() checks liveness on every call
        int ploidy = batch.ploidy();
        RowFill fill = KernelProvider.get().rowFill();
        ReverseComplement rcKernel = KernelProvider.get().reverseComplement();
        RowParallelism.forEachRange(batch.rows(), out.totalLength(), (from, to) -> {
            for (int k = (int) from; k < to; k++) {
                int i = k / ploidy;
                int contig = regions.contig(i);
                long group = batch.group(k);
                long at = Mem.i64(offsets, k);
                long len = Mem.i64(offsets, k + 1) - at;
                boolean flip = rc != null && rc.get(i);
                // A flipped row without annotations is written forward into this thread's scratch (in cache), then
                // reverse-complemented into place: written once instead of written and then rewritten in place.
                boolean viaScratch = flip && annVar == null && len <= RC_SCRATCH_BYTES;
                MemorySegment dst = viaScratch ? RC_SCRATCH.atLeast(len) : data;
                long dstAt = viaScratch ? 0 : at;
                HaplotypeRow.reconstruct(source.genotypes(), source.variants(), batch.keep(), k,
                        source.genotypes().start(group), source.genotypes().stop(group), batch.shift(k),
                        ref.bytes(), ref.contigStart(contig), ref.contigLength(contig), regions.start(i),
                        source.pad(), dst, dstAt, len, annVar, annRef, fill);
                if (viaScratch) {
                    rcKernel.copy(dst, 0, data, at, len);
                } else if (flip) {
                    rcKernel.inPlace(data, at, len);
                    if (annVar != null) {
                        fill.reverseI32(annVar, at, len);
                        fill.reverseI32(annRef, at, len);
                    }
                }
            }
        });
    }

    static void requireSameRows(String name, Ragged reference, Ragged other, DType dtype) {
        if (other.dtype() != dtype) {
            throw new IllegalArgumentException(name + " must be " + dtype + ", got " + other.dtype());
        }
        if (other.rows() != reference.rows()) {
            throw new IllegalArgumentException(name + " has " + other.rows() + " rows, out has " + reference.rows());
        }
        long at = MemorySegment.mismatch(other.offsets(), 0, other.offsets().byteSize(), reference.offsets(), 0,
                reference.offsets().byteSize());
        if (at >= 0) {
            long r = at / Long.BYTES;
            throw new IllegalArgumentException(name + " row " + r + " offset " + other.offset(r)
                    + " differs from out's " + reference.offset(r));
        }
    }
}
