package io.gvl.core.internal.dataset;

import io.gvl.core.buffer.DType;
import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.kernel.variant.FlatRagged;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantGather;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.OptionalDouble;

/**
 * Which stored variants a variant output shows, per (instance, ploid) group in C order (read-path §5.11): every
 * stored call of the group in stored order, minus those failing the AF bounds (decided before any field is
 * gathered, so all fields stay aligned), with the ploidy axis folded to 1 under {@code unphasedUnion}.
 *
 * @param groupIdx        store group of each output (instance, ploid) row, before folding
 * @param variantIdxs     int32 variant index of each kept call
 * @param rowOffsets      kept calls per output group, {@code groups + 1} entries (after folding)
 * @param callOffsets     calls per (instance, ploid) row before the AF filter, for gathering per-call fields
 * @param keep            one byte per gathered call (1 = kept), or null without AF bounds
 * @param ploidy          groups per instance in the output (1 under {@code unphasedUnion})
 */
record VariantSelection(long[] groupIdx, MemorySegment variantIdxs, long[] rowOffsets, long[] callOffsets,
                        MemorySegment keep, int ploidy) {

    static VariantSelection select(Arena arena, VariantStore store, long[] dsIdx, int storedPloidy,
                                   VariantOptions o) {
        int n = dsIdx.length;
        long[] groupIdx = new long[n * storedPloidy];
        for (int i = 0; i < n; i++) {
            for (int h = 0; h < storedPloidy; h++) {
                groupIdx[i * storedPloidy + h] = dsIdx[i] * storedPloidy + h;
            }
        }
        SparseGenotypes geno = store.genotypes();
        FlatRagged calls = VariantGather.gatherRows(arena, DType.I32, groupIdx, geno, geno.variantIdxs());
        MemorySegment idx = calls.data();
        long[] offsets = calls.offsets();
        MemorySegment keep = null;
        if (o.filtersAf()) {
            keep = afKeep(arena, store.column("AF"), idx, o.minAf(), o.maxAf());
            FlatRagged kept = VariantGather.compactKeep(arena, DType.I32, idx, offsets, keep);
            idx = kept.data();
            offsets = kept.offsets();
        }
        int ploidy = storedPloidy;
        if (o.unphasedUnion() && storedPloidy > 1) {
            long[] folded = new long[n + 1];
            for (int i = 0; i <= n; i++) {
                folded[i] = offsets[i * storedPloidy];
            }
            offsets = folded;
            ploidy = 1;
        } else if (o.unphasedUnion()) {
            ploidy = 1;
        }
        return new VariantSelection(groupIdx, idx, offsets, calls.offsets(), keep, ploidy);
    }

    /**
     * Keep flag per call: {@code AF >= min} and {@code AF <= max} for the bounds that are set. Float32 columns
     * compare in float32, as NumPy 2 compares a float32 array with a Python float; NaN fails both tests.
     */
    private static MemorySegment afKeep(Arena arena, VariantStore.Column af, MemorySegment idx, OptionalDouble min,
                                        OptionalDouble max) {
        long n = idx.byteSize() / 4;
        MemorySegment keep = arena.allocate(Math.max(1, n)).asSlice(0, n);
        for (long j = 0; j < n; j++) {
            int v = Mem.i32(idx, j);
            boolean ok = switch (af.dtype()) {
                case F32 -> {
                    float a = Mem.f32(af.data(), v);
                    yield (min.isEmpty() || a >= (float) min.getAsDouble())
                            && (max.isEmpty() || a <= (float) max.getAsDouble());
                }
                case I32 -> within(Mem.i32(af.data(), v), min, max);
                case I64 -> within(Mem.i64(af.data(), v), min, max);
                case U8 -> within(Mem.u8(af.data(), v) & 0xFF, min, max);
            };
            Mem.setU8(keep, j, (byte) (ok ? 1 : 0));
        }
        return keep;
    }

    private static boolean within(double a, OptionalDouble min, OptionalDouble max) {
        return (min.isEmpty() || a >= min.getAsDouble()) && (max.isEmpty() || a <= max.getAsDouble());
    }

    long calls() {
        return variantIdxs.byteSize() / 4;
    }

    int groups() {
        return rowOffsets.length - 1;
    }
}
