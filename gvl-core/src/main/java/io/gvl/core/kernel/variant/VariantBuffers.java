package io.gvl.core.kernel.variant;

import io.gvl.core.buffer.DType;
import io.gvl.core.internal.kernel.KernelProvider;
import io.gvl.core.internal.kernel.Mem;
import io.gvl.core.internal.kernel.RowFill;
import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.core.kernel.reference.ReferenceRows;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Assembles the allele and token buffers of {@code "variants"} and {@code "variant-windows"} output for the
 * gathered variants of one call (GVL's {@code assemble_variant_buffers}). Reference windows are
 * {@code [start - L, end + L)} of each variant's contig, N-padded, never reverse-complemented.
 */
public final class VariantBuffers {
    /** What a windows-mode output holds for the reference or the alternative side. */
    public enum Part {
        /** The side is not output. */
        NONE,
        /** Tokens of the reference window around the variant (with the ALT in it, on the alternative side). */
        WINDOW,
        /** Tokens of the allele alone. */
        ALLELE
    }

    /**
     * Packed alleles of the global variant table with their {@code variants + 1} offsets.
     *
     * @param bytes the allele bytes of all variants back to back
     * @param offsets {@code variants + 1} int64 offsets into {@code bytes}
     */
    public record Alleles(MemorySegment bytes, MemorySegment offsets) {
    }

    /**
     * Per-call variants: indices into the table, each with its contig, and the table's positions.
     *
     * @param variantIdxs int32 indices into the variant table, one per gathered variant
     * @param contigs int32 contig code of each gathered variant
     * @param positions the variant table the indices point into
     */
    public record Gathered(MemorySegment variantIdxs, MemorySegment contigs, VariantArrays positions) {
        long size() {
            return variantIdxs.byteSize() / 4;
        }
    }

    private VariantBuffers() {
    }

    /**
     * {@code "variants"} mode: {@code alt} (and {@code ref} when given) allele bytes per variant, and with a
     * tokenizer {@code flank_tokens}: {@code 2L} tokens per variant ({@code L} before the start, {@code L} from the
     * REF end), rows as {@code rowOffsets}.
     *
     * @param arena the arena the buffers are allocated in (they borrow it)
     * @param g the gathered variants
     * @param rowOffsets int64 offsets grouping the gathered variants into output rows
     * @param alt the ALT alleles of the variant table
     * @param ref the REF alleles of the variant table, or {@code null} for no {@code ref} output
     * @param flank the tokenizer of the flank tokens, or {@code null} for none
     * @param reference the reference the flanks are read from
     * @param pad the byte that pads flanks outside the contig
     * @return output name to buffer, in output order
     */
    public static Map<String, FlatRagged> variants(Arena arena, Gathered g, long[] rowOffsets, Alleles alt,
                                                   Alleles ref, Tokenizer flank, ReferenceGenome reference,
                                                   byte pad) {
        Map<String, FlatRagged> out = new LinkedHashMap<>();
        out.put("alt", VariantGather.gatherAlleles(arena, g.variantIdxs(), alt.bytes(), alt.offsets()));
        if (ref != null) {
            out.put("ref", VariantGather.gatherAlleles(arena, g.variantIdxs(), ref.bytes(), ref.offsets()));
        }
        if (flank != null) {
            FlatRagged windows = fetchWindows(arena, g, flank.flankLength(), reference, pad);
            int l = flank.flankLength();
            long n = g.size();
            MemorySegment tok = VariantGather.allocate(arena, n * 2 * l * flank.tokenType().byteSize());
            long[] wo = windows.offsets();
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < l; j++) {
                    flank.put(Mem.u8(windows.data(), wo[i] + j), tok, (long) i * 2 * l + j);
                    flank.put(Mem.u8(windows.data(), wo[i + 1] - l + j), tok, (long) i * 2 * l + l + j);
                }
            }
            out.put("flank_tokens", new FlatRagged(flank.tokenType(), tok, rowOffsets));
        }
        return out;
    }

    /**
     * {@code "variant-windows"} mode: token buffers {@code ref_window} (reference window) or {@code ref} (REF
     * allele), then {@code alt_window} ({@code L} reference bases, ALT, {@code L} reference bases) or {@code alt}.
     *
     * @param arena the arena the buffers are allocated in (they borrow it)
     * @param g the gathered variants
     * @param refPart what the reference side holds
     * @param altPart what the alternative side holds
     * @param alt the ALT alleles of the variant table
     * @param ref the REF alleles of the variant table
     * @param tokens the tokenizer of the windows and alleles
     * @param reference the reference the windows are read from
     * @param pad the byte that pads windows outside the contig
     * @return output name to buffer, in output order
     */
    public static Map<String, FlatRagged> windows(Arena arena, Gathered g, Part refPart, Part altPart, Alleles alt,
                                                  Alleles ref, Tokenizer tokens, ReferenceGenome reference,
                                                  byte pad) {
        Map<String, FlatRagged> out = new LinkedHashMap<>();
        int l = tokens.flankLength();
        FlatRagged alts = VariantGather.gatherAlleles(arena, g.variantIdxs(), alt.bytes(), alt.offsets());
        FlatRagged windows = refPart == Part.WINDOW || altPart == Part.WINDOW
                ? fetchWindows(arena, g, l, reference, pad) : null;
        if (refPart == Part.WINDOW) {
            out.put("ref_window", tokenize(arena, windows, tokens));
        } else if (refPart == Part.ALLELE) {
            if (ref == null) {
                throw new IllegalArgumentException("ref=ALLELE needs the REF alleles");
            }
            out.put("ref", tokenize(arena, VariantGather.gatherAlleles(arena, g.variantIdxs(), ref.bytes(),
                    ref.offsets()), tokens));
        }
        if (altPart == Part.WINDOW) {
            out.put("alt_window", tokenize(arena, altWindows(arena, windows, alts, l), tokens));
        } else if (altPart == Part.ALLELE) {
            out.put("alt", tokenize(arena, alts, tokens));
        }
        return out;
    }

    private static FlatRagged fetchWindows(Arena arena, Gathered g, int l, ReferenceGenome reference, byte pad) {
        int n = Math.toIntExact(g.size());
        long[] offsets = new long[n + 1];
        long[] starts = new long[n];
        for (int i = 0; i < n; i++) {
            int v = Mem.i32(g.variantIdxs(), i);
            starts[i] = (long) g.positions().start(v) - l;
            offsets[i + 1] = offsets[i] + (g.positions().refEnd(v) + l - starts[i]);
        }
        MemorySegment data = VariantGather.allocate(arena, offsets[n]);
        RowFill fill = KernelProvider.get().rowFill();
        for (int i = 0; i < n; i++) {
            long len = offsets[i + 1] - offsets[i];
            ReferenceRows.fetchRow(reference, Mem.i32(g.contigs(), i), starts[i], starts[i] + len, pad, data,
                    offsets[i], len, fill);
        }
        return new FlatRagged(DType.U8, data, offsets);
    }

    private static FlatRagged altWindows(Arena arena, FlatRagged windows, FlatRagged alts, int l) {
        long[] wo = windows.offsets();
        long[] ao = alts.offsets();
        int n = ao.length - 1;
        long[] offsets = new long[n + 1];
        for (int i = 0; i < n; i++) {
            offsets[i + 1] = offsets[i] + 2L * l + ao[i + 1] - ao[i];
        }
        MemorySegment data = VariantGather.allocate(arena, offsets[n]);
        for (int i = 0; i < n; i++) {
            long a = ao[i + 1] - ao[i];
            MemorySegment.copy(windows.data(), wo[i], data, offsets[i], l);
            MemorySegment.copy(alts.data(), ao[i], data, offsets[i] + l, a);
            MemorySegment.copy(windows.data(), wo[i + 1] - l, data, offsets[i] + l + a, l);
        }
        return new FlatRagged(DType.U8, data, offsets);
    }

    private static FlatRagged tokenize(Arena arena, FlatRagged bytes, Tokenizer tokens) {
        long n = bytes.data().byteSize();
        MemorySegment out = VariantGather.allocate(arena, n * tokens.tokenType().byteSize());
        for (long i = 0; i < n; i++) {
            tokens.put(Mem.u8(bytes.data(), i), out, i);
        }
        return new FlatRagged(tokens.tokenType(), out, bytes.offsets());
    }
}
