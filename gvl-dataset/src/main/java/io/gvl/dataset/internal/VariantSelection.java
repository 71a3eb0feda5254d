package io.gvl.dataset.internal;

import io.gvl.core.buffer.DType;
import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.kernel.variant.FlatRagged;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantGather;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.OptionalDouble;

/**
 * Which stored variants a variant output shows ({@code _dataset/_rag_variants.py}): every stored call of the layout's groups in
 * stored order, minus those failing the AF bounds (decided before any field is gathered, so all fields stay
 * aligned), with the groups then joined into output rows as the {@link VariantLayout} says (ploids folded under
 * {@code unphasedUnion}, exons concatenated when spliced).
 *
 * @param groupIdx     store group of each gathered group, in output order
 * @param variantIdxs  int32 variant index of each kept call
 * @param groupOffsets kept calls per gathered group, {@code groups + 1} entries
 * @param rowOffsets   kept calls per output row, {@code rows + 1} entries
 * @param callOffsets  calls per gathered group before the AF filter, for gathering per-call fields
 * @param keep         one byte per gathered call (1 = kept), or null without AF bounds
 * @param ploidy       output rows per instance or pair (1 under {@code unphasedUnion})
 */
record VariantSelection(long[] groupIdx, MemorySegment variantIdxs, long[] groupOffsets, long[] rowOffsets,
                        long[] callOffsets, MemorySegment keep, int ploidy) {

    static VariantSelection select(Arena arena, VariantStore store, VariantLayout layout, VariantOptions o) {
        long[] groupIdx = layout.groupIdx();
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
        int[] rowGroups = layout.rowGroups();
        long[] rows = new long[rowGroups.length];
        for (int r = 0; r < rows.length; r++) {
            rows[r] = offsets[rowGroups[r]];
        }
        return new VariantSelection(groupIdx, idx, offsets, rows, calls.offsets(), keep, layout.ploidy());
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
