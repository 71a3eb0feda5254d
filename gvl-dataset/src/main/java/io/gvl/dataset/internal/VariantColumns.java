package io.gvl.dataset.internal;

import io.gvl.core.buffer.DType;
import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.kernel.variant.FlatRagged;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantGather;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Gathers of scalar variant fields into a query's arena: per-variant columns (start, ilen, INFO) by variant index,
 * per-call columns (dosage) by genotype list position with the selection's AF compaction. Element types keep the
 * stored dtype.
 */
final class VariantColumns {
    private VariantColumns() {
    }

    /** {@code column[variantIdxs[j]]} for every kept call {@code j}. */
    static MemorySegment byIndex(Arena arena, DType dtype, MemorySegment column, MemorySegment variantIdxs) {
        long n = variantIdxs.byteSize() / 4;
        MemorySegment out = allocate(arena, n * dtype.byteSize());
        switch (dtype) {
            case I32 -> {
                for (long j = 0; j < n; j++) {
                    Mem.setI32(out, j, Mem.i32(column, Mem.i32(variantIdxs, j)));
                }
            }
            case I64 -> {
                for (long j = 0; j < n; j++) {
                    Mem.setI64(out, j, Mem.i64(column, Mem.i32(variantIdxs, j)));
                }
            }
            case F32 -> {
                for (long j = 0; j < n; j++) {
                    Mem.setF32(out, j, Mem.f32(column, Mem.i32(variantIdxs, j)));
                }
            }
            case U8 -> {
                for (long j = 0; j < n; j++) {
                    Mem.setU8(out, j, Mem.u8(column, Mem.i32(variantIdxs, j)));
                }
            }
        }
        return out;
    }

    /** A per-call column gathered over the selection's store groups, then compacted by its AF keep flags. */
    static MemorySegment perCall(Arena arena, VariantStore.Column column, VariantSelection sel,
                                 SparseGenotypes geno) {
        FlatRagged rows = VariantGather.gatherRows(arena, column.dtype(), sel.groupIdx(), geno, column.data());
        if (sel.keep() == null) {
            return rows.data();
        }
        return VariantGather.compactKeep(arena, column.dtype(), rows.data(), sel.callOffsets(), sel.keep()).data();
    }

    /** One element of {@code dtype} holding {@code value}, or the type's default (0, NaN) when it is null. */
    static MemorySegment scalar(DType dtype, Double value) {
        MemorySegment s = MemorySegment.ofArray(new long[1]).asSlice(0, dtype.byteSize());
        switch (dtype) {
            case I32 -> Mem.setI32(s, 0, value == null ? 0 : value.intValue());
            case I64 -> Mem.setI64(s, 0, value == null ? 0 : value.longValue());
            case F32 -> Mem.setF32(s, 0, value == null ? Float.NaN : value.floatValue());
            case U8 -> Mem.setU8(s, 0, (byte) (value == null ? 0 : value.intValue()));
        }
        return s;
    }

    static MemorySegment allocate(Arena arena, long bytes) {
        return arena.allocate(Math.max(1, bytes), 8).asSlice(0, bytes);
    }

    /** {@code values} as int64 offsets in {@code arena}, so consumers can take them without copying. */
    static MemorySegment offsets(Arena arena, long[] values) {
        MemorySegment s = arena.allocate(8L * values.length, 8);
        MemorySegment.copy(values, 0, s, Mem.I64, 0, values.length);
        return s;
    }
}
