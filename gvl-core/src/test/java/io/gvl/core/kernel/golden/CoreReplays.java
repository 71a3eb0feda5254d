package io.gvl.core.kernel.golden;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.kernel.haplotype.ExonicFilter;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.haplotype.HaplotypeDiffs;
import io.gvl.core.kernel.haplotype.HaplotypeSource;
import io.gvl.core.kernel.haplotype.Haplotypes;
import io.gvl.core.kernel.reference.ReferenceFetch;
import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.rng.StatelessHash;
import io.gvl.core.kernel.variant.KeepMask;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Replays of the PRNG, reference, length, exonic-filter and haplotype goldens. */
final class CoreReplays {
    private CoreReplays() {
    }

    static void register(Map<String, Function<Args, Object>> m) {
        m.put("prng_xorshift64", a -> StatelessHash.xorshift64(a.integer(0)));
        m.put("prng_hash4", a -> StatelessHash.hash4(a.integer(0), a.integer(1), a.integer(2), a.integer(3)));
        m.put("get_reference", CoreReplays::reference);
        m.put("get_diffs_sparse", CoreReplays::diffs);
        m.put("choose_exonic_variants", CoreReplays::exonic);
        m.put("reconstruct_haplotypes_from_sparse", CoreReplays::haplotypes);
    }

    /** Wraps a zero-filled output of {@code out_offsets[-1]} elements, as the golden replays it in place. */
    static Ragged zeroOutput(DType dtype, long[] offsets) {
        long rows = offsets.length - 1;
        MemorySegment data = MemorySegment.ofArray(new byte[Math.toIntExact(offsets[(int) rows] * dtype.byteSize())]);
        return Ragged.wrap(dtype, new long[] {rows}, data, MemorySegment.ofArray(offsets.clone()));
    }

    static SparseGenotypes genotypes(Args a, int vIdxs, int offsets2xN) {
        return SparseGenotypes.fromStartsStops(a.seg(vIdxs), a.seg(offsets2xN));
    }

    static KeepMask keep(Args a, int keep, int keepOffsets) {
        return a.isNone(keep) ? null : new KeepMask(a.seg(keep), a.longs(keepOffsets));
    }

    private static Object reference(Args a) {
        long[] outOffsets = a.longs(1);
        Ragged out = zeroOutput(DType.U8, outOffsets);
        ReferenceFetch.fetch(new ReferenceGenome(a.seg(2), a.seg(3)), QueryWindows.fromRows(a.ints(0)),
                (byte) a.integer(4), out, null);
        return out.data().toArray(ValueLayout.JAVA_BYTE);
    }

    private static Object diffs(Args a) {
        long[] shape = a.shape(0);
        int ploidy = (int) shape[1];
        VariantArrays vt = VariantArrays.positionsOnly(a.isNone(8) ? MemorySegment.ofArray(new int[a.ints(3).length])
                : a.seg(8), a.seg(3));
        return HaplotypeDiffs.compute(genotypes(a, 1, 2), vt, a.longs(0), ploidy, keep(a, 4, 5),
                a.ints(6), a.ints(7));
    }

    private static Object exonic(Args a) {
        int ploidy = (int) a.shape(2)[1];
        KeepMask k = ExonicFilter.keepMask(a.ints(0), a.ints(1), a.longs(2), ploidy, genotypes(a, 3, 4),
                VariantArrays.positionsOnly(a.seg(5), a.seg(6)));
        return List.of(k.keep().toArray(ValueLayout.JAVA_BYTE), k.offsets());
    }

    private static Object haplotypes(Args a) {
        Ragged out = zeroOutput(DType.U8, a.longs(0));
        QueryWindows regions = QueryWindows.fromRows(a.ints(1));
        int ploidy = (int) a.shape(2)[1];
        VariantArrays vt = new VariantArrays(a.seg(6), a.seg(7), a.seg(8), a.seg(9));
        HaplotypeSource src = new HaplotypeSource(genotypes(a, 5, 4), vt, new ReferenceGenome(a.seg(10), a.seg(11)),
                (byte) a.integer(12));
        HaplotypeBatch batch = new HaplotypeBatch(regions, ploidy, a.longs(3), a.ints(2), keep(a, 13, 14));
        Haplotypes.reconstruct(src, batch, out, null);
        return out.data().toArray(ValueLayout.JAVA_BYTE);
    }
}
