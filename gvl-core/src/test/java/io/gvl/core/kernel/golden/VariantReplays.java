package io.gvl.core.kernel.golden;

import io.gvl.core.buffer.DType;
import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.core.kernel.variant.AlleleReverseComplement;
import io.gvl.core.kernel.variant.EmptyRowFill;
import io.gvl.core.kernel.variant.FlatRagged;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.Tokenizer;
import io.gvl.core.kernel.variant.VariantBuffers;
import io.gvl.core.kernel.variant.VariantGather;
import io.gvl.core.kernel.variant.VariantArrays;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Replays of the variant-output goldens. */
final class VariantReplays {
    private VariantReplays() {
    }

    static void register(Map<String, Function<Args, Object>> m) {
        m.put("gather_rows_i32", a -> gatherRows(a, DType.I32));
        m.put("gather_rows_f32", a -> gatherRows(a, DType.F32));
        m.put("gather_alleles", a -> pair(VariantGather.gatherAlleles(Arena.ofAuto(), a.seg(0), a.seg(1), a.seg(2))));
        m.put("compact_keep_i32", a -> pair(VariantGather.compactKeep(Arena.ofAuto(), DType.I32, a.seg(0),
                a.longs(1), a.seg(2))));
        m.put("compact_keep_f32", a -> pair(VariantGather.compactKeep(Arena.ofAuto(), DType.F32, a.seg(0),
                a.longs(1), a.seg(2))));
        m.put("fill_empty_scalar_i32", a -> fillFixed(a, DType.I32, 1, 2));
        m.put("fill_empty_scalar_f32", a -> fillFixed(a, DType.F32, 1, 2));
        m.put("fill_empty_fixed_i32", a -> fillFixed(a, DType.I32, a.integer(2), 3));
        m.put("fill_empty_fixed_f32", a -> fillFixed(a, DType.F32, a.integer(2), 3));
        m.put("fill_empty_seq_u8", a -> fillSeq(a, DType.U8));
        m.put("fill_empty_seq_i32", a -> fillSeq(a, DType.I32));
        m.put("rc_alleles", VariantReplays::rcAlleles);
        m.put("assemble_variant_buffers", VariantReplays::assemble);
    }

    static Object bytes(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    static List<Object> pair(FlatRagged r) {
        return List.of(bytes(r.data()), r.offsets());
    }

    private static Object gatherRows(Args a, DType dtype) {
        SparseGenotypes g = SparseGenotypes.fromStartsStops(MemorySegment.ofArray(new int[0]), a.seg(1));
        return pair(VariantGather.gatherRows(Arena.ofAuto(), dtype, a.longs(0), g, a.seg(2)));
    }

    private static Object fillFixed(Args a, DType dtype, long inner, int fillArg) {
        MemorySegment fill = dtype == DType.F32
                ? MemorySegment.ofArray(new float[] {(float) a.real(fillArg)})
                : MemorySegment.ofArray(new int[] {(int) a.integer(fillArg)});
        return pair(EmptyRowFill.fixed(Arena.ofAuto(), dtype, a.seg(0), a.longs(1), inner, fill));
    }

    private static Object fillSeq(Args a, DType dtype) {
        FlatRagged r = EmptyRowFill.sequences(Arena.ofAuto(), dtype, a.seg(0), a.longs(1), a.longs(2), a.seg(3));
        return List.of(bytes(r.data()), EmptyRowFill.filledRowOffsets(a.longs(1)), r.offsets());
    }

    private static Object rcAlleles(Args a) {
        MemorySegment data = MemorySegment.ofArray(a.bytes(0));
        boolean[] rows = a.arr(3).toBooleanArray();
        BitSet mask = new BitSet();
        for (int i = 0; i < rows.length; i++) {
            mask.set(i, rows[i]);
        }
        AlleleReverseComplement.inPlace(data, a.longs(1), a.longs(2), mask);
        return bytes(data);
    }

    private static Object assemble(Args a) {
        Arena arena = Arena.ofAuto();
        long mode = a.integer(0);
        VariantBuffers.Gathered g = new VariantBuffers.Gathered(a.seg(1), a.seg(13),
                VariantArrays.positionsOnly(a.seg(14), a.seg(15)));
        VariantBuffers.Alleles alt = new VariantBuffers.Alleles(a.seg(3), a.seg(4));
        VariantBuffers.Alleles ref = a.isNone(5) ? null : new VariantBuffers.Alleles(a.seg(5), a.seg(6));
        Tokenizer tok = a.isNone(12) ? null : new Tokenizer(a.arr(12).descr().equals("<i4") ? DType.I32 : DType.U8,
                a.seg(12), (int) a.integer(11));
        ReferenceGenome genome = new ReferenceGenome(a.seg(16), a.seg(17));
        byte pad = (byte) a.integer(18);
        Map<String, FlatRagged> out = mode == 0
                ? VariantBuffers.variants(arena, g, a.longs(2), alt, a.bool(7) ? ref : null,
                        a.bool(8) ? tok : null, genome, pad)
                : VariantBuffers.windows(arena, g, part(a.integer(9)), part(a.integer(10)), alt, ref, tok, genome, pad);
        Map<String, Object> result = new LinkedHashMap<>();
        out.forEach((k, v) -> result.put(k, pair(v)));
        return result;
    }

    private static VariantBuffers.Part part(long code) {
        return VariantBuffers.Part.values()[(int) code];
    }
}
