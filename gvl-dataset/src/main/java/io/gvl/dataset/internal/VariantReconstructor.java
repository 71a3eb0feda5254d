package io.gvl.dataset.internal;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.kernel.variant.AlleleReverseComplement;
import io.gvl.core.kernel.variant.EmptyRowFill;
import io.gvl.core.kernel.variant.FlatRagged;
import io.gvl.core.kernel.variant.Tokenizer;
import io.gvl.core.kernel.variant.VariantBuffers;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.DummyVariant;
import io.gvl.dataset.settings.TokenAlphabet;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code "variants"} and {@code "variant-windows"} output for one batch ({@code _dataset/_flat_variants.py},
 * {@code _dataset/_rag_variants.py}): select the stored calls, gather only the requested fields, let the kind build
 * allele bytes or token windows ({@link VariantsKind}), fill empty groups with the dummy, then reverse-complement
 * negative-strand alleles where the kind does. Scalar fields are ragged {@code (..., P, ~V)} sharing one offsets
 * buffer; alleles and windows are ragged over the batch's variants; flank tokens are dense {@code (V, 2L)}.
 */
final class VariantReconstructor {
    /** A per-variant sequence field: data with per-variant offsets. */
    private final OpenedDataset ds;
    private final VariantsKind kind;
    private final VariantOptions o;
    private final VariantLayout layout;
    private final long[] leadingShape;
    private final Arena arena;
    private final int[] metaContig;

    /**
     * @param layout       which stored groups form each output row, and which rows are reverse-complemented
     * @param leadingShape the query's leading shape (instances or spliced pairs)
     * @param metaContig   metadata contig of each instance the layout's groups refer to
     */
    VariantReconstructor(OpenedDataset ds, ViewState view, VariantLayout layout, long[] leadingShape, Arena arena,
                         int[] metaContig) {
        this.ds = ds;
        this.kind = (VariantsKind) OutputKind.of(view.seqs());
        this.o = view.variants();
        this.layout = layout;
        this.leadingShape = leadingShape;
        this.arena = arena;
        this.metaContig = metaContig;
    }

    /** The variant arrays in GVL's field order; {@code flank} is false when tracks are realigned (no regions). */
    List<NamedArray> run(boolean flank) {
        VariantStore store = ds.variants();
        VariantSelection sel = VariantSelection.select(arena, store, layout, o);
        long[] rows = sel.rowOffsets();
        Map<String, FlatRagged> scalars = scalars(store, sel);
        VariantBuffers.Gathered gathered = new VariantBuffers.Gathered(sel.variantIdxs(), contigs(sel),
                store.table());
        VariantSequences seqs = kind.sequences(new VariantSequences.Inputs(arena, store, o, ds.genome(), gathered,
                rows, flank));
        Map<String, FlatRagged> nested = new LinkedHashMap<>(seqs.arrays());
        FlatRagged flankTokens = seqs.flankTokens();
        int l = seqs.flankLength();
        if (o.dummy().isPresent()) {
            DummyVariant d = o.dummy().get();
            long[] filled = null;
            for (Map.Entry<String, FlatRagged> e : scalars.entrySet()) {
                FlatRagged f = e.getValue();
                FlatRagged g = EmptyRowFill.fixed(arena, f.dtype(), f.data(), rows, 1,
                        VariantColumns.scalar(f.dtype(), d.valueOf(e.getKey())));
                e.setValue(g);
                filled = g.offsets();
            }
            for (Map.Entry<String, FlatRagged> e : nested.entrySet()) {
                FlatRagged s = e.getValue();
                e.setValue(EmptyRowFill.sequences(arena, s.dtype(), s.data(), rows, s.offsets(),
                        kind.dummySequence(e.getKey(), s.dtype(), d, l, o)));
            }
            if (flankTokens != null) {
                flankTokens = EmptyRowFill.fixed(arena, flankTokens.dtype(), flankTokens.data(), rows, 2L * l,
                        VariantColumns.scalar(flankTokens.dtype(), (double) o.tokens().get().unknownToken()));
            }
            rows = filled;
        }
        if (kind.reverseComplementsAlleles() && !layout.rowRc().isEmpty()) {
            for (FlatRagged a : nested.values()) {
                AlleleReverseComplement.inPlace(a.data(), a.offsets(), rows, layout.rowRc());
            }
        }
        return shape(scalars, nested, flankTokens, rows, sel.ploidy(), l);
    }

    private Map<String, FlatRagged> scalars(VariantStore store, VariantSelection sel) {
        Map<String, FlatRagged> out = new LinkedHashMap<>();
        long[] rows = sel.rowOffsets();
        MemorySegment idx = sel.variantIdxs();
        out.put(DatasetOutput.START, store.wideStarts()
                .map(w -> new FlatRagged(DType.I64, VariantColumns.byIndex(arena, DType.I64, w, idx), rows))
                .orElseGet(() -> new FlatRagged(DType.I32,
                        VariantColumns.byIndex(arena, DType.I32, store.table().starts(), idx), rows)));
        if (o.wants(DatasetOutput.ILEN)) {
            out.put(DatasetOutput.ILEN, new FlatRagged(DType.I32,
                    VariantColumns.byIndex(arena, DType.I32, store.table().ilens(), idx), rows));
        }
        if (o.wants(DatasetOutput.DOSAGE)) {
            VariantStore.Column c = store.column(DatasetOutput.DOSAGE);
            out.put(DatasetOutput.DOSAGE, new FlatRagged(c.dtype(),
                    VariantColumns.perCall(arena, c, sel, store.genotypes()), rows));
        }
        for (String f : o.varFields()) {
            if (store.isInfo(f)) {
                VariantStore.Column c = store.column(f);
                out.put(f, new FlatRagged(c.dtype(), c.perCall()
                        ? VariantColumns.perCall(arena, c, sel, store.genotypes())
                        : VariantColumns.byIndex(arena, c.dtype(), c.data(), idx), rows));
            }
        }
        return out;
    }

    /** Reference contig of each kept call (the contig of its instance), for flank tokens and windows. */
    private MemorySegment contigs(VariantSelection sel) {
        long[] groups = sel.groupOffsets();
        int[] out = new int[Math.toIntExact(sel.calls())];
        int[] map = ds.referenceContig();
        if (map != null) {
            for (int g = 0; g < groups.length - 1; g++) {
                Arrays.fill(out, (int) groups[g], (int) groups[g + 1], map[metaContig[layout.groupInstance()[g]]]);
            }
        }
        return MemorySegment.ofArray(out);
    }

    /** GVL's {@code build_token_lut}: the byte at alphabet position {@code i} is token {@code i}. */
    static Tokenizer tokenizer(TokenAlphabet a, int flankLength) {
        byte[] letters = a.letters();
        if (a.bytesSuffice()) {
            byte[] lut = new byte[256];
            Arrays.fill(lut, (byte) a.unknownToken());
            for (int i = 0; i < letters.length; i++) {
                lut[letters[i] & 0xFF] = (byte) i;
            }
            return new Tokenizer(DType.U8, MemorySegment.ofArray(lut), flankLength);
        }
        int[] lut = new int[256];
        Arrays.fill(lut, a.unknownToken());
        for (int i = 0; i < letters.length; i++) {
            lut[letters[i] & 0xFF] = i;
        }
        return new Tokenizer(DType.I32, MemorySegment.ofArray(lut), flankLength);
    }

    private List<NamedArray> shape(Map<String, FlatRagged> scalars, Map<String, FlatRagged> nested, FlatRagged flank,
                                   long[] rows, int ploidy, int l) {
        long[] lead = leadingShape;
        long[] groupShape = Arrays.copyOf(lead, lead.length + 1);
        groupShape[lead.length] = ploidy;
        MemorySegment groupOffsets = VariantColumns.offsets(arena, rows);
        long variants = rows[rows.length - 1];
        List<NamedArray> scalarArrays = new ArrayList<>();
        for (Map.Entry<String, FlatRagged> e : scalars.entrySet()) {
            FlatRagged f = e.getValue();
            scalarArrays.add(new NamedArray(e.getKey(), Ragged.wrap(f.dtype(), groupShape, f.data(), groupOffsets)));
        }
        Map<String, NamedArray> perVariant = new LinkedHashMap<>();
        nested.forEach((k, v) -> perVariant.put(k, perVariant(k, v, variants)));
        List<NamedArray> out = kind.arrange(scalarArrays, perVariant);
        if (flank != null) {
            out.add(new NamedArray(DatasetOutput.FLANK_TOKENS,
                    Dense.wrap(flank.dtype(), new long[] {variants, 2L * l}, flank.data())));
        }
        return out;
    }

    private NamedArray perVariant(String name, FlatRagged n, long variants) {
        return new NamedArray(name, Ragged.wrap(n.dtype(), new long[] {variants}, n.data(),
                VariantColumns.offsets(arena, n.offsets())));
    }
}
