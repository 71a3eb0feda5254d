package io.gvl.core.kernel.variant;

import io.gvl.core.buffer.DType;
import io.gvl.core.internal.kernel.Mem;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The gathers behind {@code "variants"} output: per-row slices of a per-call field (GVL's {@code gather_rows}),
 * per-variant allele bytes ({@code gather_alleles}) and the AF filter's compaction ({@code compact_keep}). Results
 * are allocated in the caller's arena.
 */
public final class VariantGather {
    /*
     * Constant handles rather than Mem's accessors in the allele gather: Mem's MemorySegment.getAtIndex call sites
     * turn megamorphic once heap, native and mapped segments have all passed through, and this loop then spent most
     * of its time in un-inlined layout checks (measured: 8 batches of 128 ragged variant rows 1.7 -> 0.8 ms). Used
     * only here: put behind Mem for every kernel, the same handles made the haplotype cells and loader epochs of
     * the side-by-side benchmark slower.
     */
    private static final VarHandle IDX = ValueLayout.JAVA_INT_UNALIGNED.arrayElementVarHandle();
    private static final VarHandle OFFSET = ValueLayout.JAVA_LONG_UNALIGNED.arrayElementVarHandle();
    private static final VarHandle BYTE = ValueLayout.JAVA_BYTE.arrayElementVarHandle();
    private VariantGather() {
    }

    /**
     * Row {@code i} of the result is {@code data[starts[g], stops[g])} with {@code g = groupIdx[i]}.
     *
     * @param data elements of {@code dtype} indexed by genotype list position
     * @param arena the arena the result is allocated in (it borrows it)
     * @param dtype the element type of {@code data}
     * @param groupIdx the genotype group of each output row
     * @param geno the genotype lists whose starts and stops bound each group
     * @return the gathered rows
     */
    public static FlatRagged gatherRows(Arena arena, DType dtype, long[] groupIdx, SparseGenotypes geno,
                                        MemorySegment data) {
        long es = dtype.byteSize();
        long[] offsets = new long[groupIdx.length + 1];
        for (int i = 0; i < groupIdx.length; i++) {
            offsets[i + 1] = offsets[i] + geno.stop(groupIdx[i]) - geno.start(groupIdx[i]);
        }
        MemorySegment out = arena.allocate(Math.max(1, offsets[groupIdx.length] * es), 8)
                .asSlice(0, offsets[groupIdx.length] * es);
        for (int i = 0; i < groupIdx.length; i++) {
            long s = geno.start(groupIdx[i]);
            MemorySegment.copy(data, s * es, out, offsets[i] * es, (offsets[i + 1] - offsets[i]) * es);
        }
        return new FlatRagged(dtype, out, offsets);
    }

    /**
     * One row per entry of {@code variantIdxs} (int32): that variant's allele bytes.
     *
     * @param arena the arena the result is allocated in (it borrows it)
     * @param variantIdxs int32 indices into the variant table
     * @param alleles the allele bytes of the variant table
     * @param alleleOffsets int64 offsets into {@code alleles}, one more than the variants
     * @return one row of allele bytes per index
     */
    public static FlatRagged gatherAlleles(Arena arena, MemorySegment variantIdxs, MemorySegment alleles,
                                           MemorySegment alleleOffsets) {
        long n = variantIdxs.byteSize() / 4;
        long[] offsets = new long[Math.toIntExact(n + 1)];
        for (int i = 0; i < n; i++) {
            int v = (int) IDX.get(variantIdxs, 0L, (long) i);
            offsets[i + 1] = offsets[i] + (long) OFFSET.get(alleleOffsets, 0L, v + 1L)
                    - (long) OFFSET.get(alleleOffsets, 0L, (long) v);
        }
        MemorySegment out = allocate(arena, offsets[(int) n]);
        // One-byte alleles (SNVs, most of them) first, in a loop without calls, so that the segments' liveness
        // checks are hoisted out of it (a bulk copy in the same loop made every byte store check its session);
        // then the longer alleles, each one bulk copy. (Moving short indels byte by byte in the first loop, with an
        // inner loop, was slower.)
        boolean longer = false;
        for (int i = 0; i < n; i++) {
            long length = offsets[i + 1] - offsets[i];
            if (length == 1) {
                int v = (int) IDX.get(variantIdxs, 0L, (long) i);
                long from = (long) OFFSET.get(alleleOffsets, 0L, (long) v);
                BYTE.set(out, 0L, offsets[i], (byte) BYTE.get(alleles, 0L, from));
            } else {
                longer |= length > 1;
            }
        }
        for (int i = 0; longer && i < n; i++) {
            long length = offsets[i + 1] - offsets[i];
            if (length > 1) {
                int v = (int) IDX.get(variantIdxs, 0L, (long) i);
                long from = (long) OFFSET.get(alleleOffsets, 0L, (long) v);
                MemorySegment.copy(alleles, from, out, offsets[i], length);
            }
        }
        return new FlatRagged(DType.U8, out, offsets);
    }

    /**
     * Keeps element {@code j} of {@code values} iff {@code keep[j]} (one byte per element); row offsets are
     * recounted per row of {@code rowOffsets}.
     *
     * @param arena the arena the result is allocated in (it borrows it)
     * @param dtype the element type of {@code values}
     * @param values the elements
     * @param rowOffsets int64 row offsets into {@code values}
     * @param keep one byte per element, non-zero to keep it
     * @return the kept elements with recounted row offsets
     */
    public static FlatRagged compactKeep(Arena arena, DType dtype, MemorySegment values, long[] rowOffsets,
                                         MemorySegment keep) {
        long es = dtype.byteSize();
        long n = values.byteSize() / es;
        if (keep.byteSize() < n) {
            throw new IllegalArgumentException("keep has " + keep.byteSize() + " flags for " + n + " values");
        }
        int rows = rowOffsets.length - 1;
        long[] offsets = new long[rows + 1];
        long kept = 0;
        for (int i = 0; i < rows; i++) {
            for (long j = rowOffsets[i]; j < rowOffsets[i + 1]; j++) {
                kept += Mem.bool(keep, j) ? 1 : 0;
            }
            offsets[i + 1] = kept;
        }
        long total = 0;
        for (long j = 0; j < n; j++) {
            total += Mem.bool(keep, j) ? 1 : 0;
        }
        MemorySegment out = allocate(arena, total * es);
        long w = 0;
        for (long j = 0; j < n; j++) {
            if (Mem.bool(keep, j)) {
                MemorySegment.copy(values, j * es, out, w * es, es);
                w++;
            }
        }
        return new FlatRagged(dtype, out, offsets);
    }

    static MemorySegment allocate(Arena arena, long bytes) {
        return arena.allocate(Math.max(1, bytes), 8).asSlice(0, bytes);
    }
}
