package io.gvl.core.kernel.haplotype;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/** Builds a one-contig, one-row haplotype case for worked examples of GVL's haplotype and annotation kernels ({@code src/reconstruct/mod.rs}). */
public final class OneRow {
    public record Variant(int start, int ilen, byte[] alt) {
    }

    private final byte[] reference;
    private final List<Variant> variants = new ArrayList<>();

    private OneRow(byte[] reference) {
        this.reference = reference;
    }

    public static OneRow ref(byte... reference) {
        return new OneRow(reference);
    }

    public static OneRow ref(String reference) {
        return new OneRow(reference.getBytes());
    }

    /** Reference bytes {@code 1, 2, ..., n} (the crate tests' numeric references). */
    public static OneRow counting(int from, int to) {
        byte[] b = new byte[to - from + 1];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (from + i);
        }
        return new OneRow(b);
    }

    public OneRow variant(int start, int ilen, byte... alt) {
        variants.add(new Variant(start, ilen, alt));
        return this;
    }

    public OneRow variant(int start, int ilen, String alt) {
        return variant(start, ilen, alt.getBytes());
    }

    public HaplotypeSource source(byte pad) {
        int n = variants.size();
        int[] starts = new int[n];
        int[] ilens = new int[n];
        long[] altOffsets = new long[n + 1];
        ByteArrayOutputStream alts = new ByteArrayOutputStream();
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            starts[i] = variants.get(i).start();
            ilens[i] = variants.get(i).ilen();
            alts.writeBytes(variants.get(i).alt());
            altOffsets[i + 1] = alts.size();
            idx[i] = i;
        }
        SparseGenotypes g = new SparseGenotypes(MemorySegment.ofArray(idx), MemorySegment.ofArray(new long[] {0}),
                MemorySegment.ofArray(new long[] {n}));
        VariantArrays vt = new VariantArrays(MemorySegment.ofArray(starts), MemorySegment.ofArray(ilens),
                MemorySegment.ofArray(alts.toByteArray()), MemorySegment.ofArray(altOffsets));
        ReferenceGenome ref = new ReferenceGenome(MemorySegment.ofArray(reference),
                MemorySegment.ofArray(new long[] {0, reference.length}));
        return new HaplotypeSource(g, vt, ref, pad);
    }

    public HaplotypeBatch batch(int start, int end, int shift) {
        return new HaplotypeBatch(new QueryWindows(new int[] {0}, new int[] {start}, new int[] {end}), 1, new long[] {0},
                new int[] {shift}, null);
    }

    /** Output of length {@code len} for window start {@code start}. */
    public byte[] haplotype(int start, int len, int shift, byte pad) {
        try (Arena arena = Arena.ofConfined()) {
            Ragged out = Ragged.allocate(arena, DType.U8, new long[] {1}, new long[] {len});
            Haplotypes.reconstruct(source(pad), batch(start, start + len, shift), out, null);
            return out.rowBytes(0);
        }
    }

    /** The ragged haplotype of window {@code [start, end)} (length from the diff), shift 0. */
    public byte[] ragged(int start, int end, byte pad) {
        int d = diff(start, end);
        return haplotype(start, end - start + d, 0, pad);
    }

    public int diff(int start, int end) {
        return Haplotypes.diffs(source((byte) 'N'), batch(start, end, 0))[0];
    }

    /** Annotated output {@code {varIdx, refCoords}} of length {@code len}, reverse-complemented when {@code rc}. */
    public int[][] annotations(int start, int len, boolean rc, byte[] hapOut) {
        try (Arena arena = Arena.ofConfined()) {
            long[] lengths = {len};
            Ragged out = Ragged.allocate(arena, DType.U8, new long[] {1}, lengths);
            Ragged v = Ragged.allocate(arena, DType.I32, new long[] {1}, lengths);
            Ragged r = Ragged.allocate(arena, DType.I32, new long[] {1}, lengths);
            BitSet mask = new BitSet();
            mask.set(0, rc);
            Haplotypes.reconstructAnnotated(source((byte) 'N'), batch(start, start + len, 0), out, v, r, mask);
            System.arraycopy(out.rowBytes(0), 0, hapOut, 0, len);
            return new int[][] {v.row(0).toArray(java.lang.foreign.ValueLayout.JAVA_INT),
                    r.row(0).toArray(java.lang.foreign.ValueLayout.JAVA_INT)};
        }
    }
}
