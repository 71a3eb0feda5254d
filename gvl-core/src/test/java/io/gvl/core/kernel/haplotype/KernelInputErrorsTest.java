package io.gvl.core.kernel.haplotype;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** Inconsistent kernel inputs fail with an IllegalArgumentException naming the argument and the sizes. */
class KernelInputErrorsTest {

    private static void assertMessage(String part, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    @Test
    void groupIndexOutOfRange() {
        OneRow row = OneRow.ref("ACGTACGT").variant(2, 0, "T");
        HaplotypeBatch batch = new HaplotypeBatch(new QueryWindows(new int[] {0}, new int[] {0}, new int[] {4}), 1,
                new long[] {5}, new int[] {0}, null);
        try (Arena arena = Arena.ofConfined()) {
            Ragged out = Ragged.allocate(arena, DType.U8, new long[] {1}, new long[] {4});
            assertMessage("genotype group 5 outside [0, 1)",
                    () -> Haplotypes.reconstruct(row.source((byte) 'N'), batch, out, null));
        }
    }

    @Test
    void variantIndexOutOfRange() {
        HaplotypeSource src = OneRow.ref("ACGTACGT").variant(2, 0, "T").source((byte) 'N');
        HaplotypeSource bad = new HaplotypeSource(new SparseGenotypes(MemorySegment.ofArray(new int[] {3}),
                src.genotypes().starts(), src.genotypes().stops()), src.variants(), src.reference(), src.pad());
        assertMessage("variant index 3 outside the table of 1 variants",
                () -> Haplotypes.diffs(bad, OneRow.ref("ACGT").batch(0, 4, 0)));
    }

    @Test
    void annotationRowsMustMatchTheHaplotypeRows() {
        OneRow row = OneRow.ref("ACGTACGT");
        try (Arena arena = Arena.ofConfined()) {
            Ragged out = Ragged.allocate(arena, DType.U8, new long[] {1}, new long[] {4});
            Ragged same = Ragged.allocate(arena, DType.I32, new long[] {1}, new long[] {4});
            Ragged shorter = Ragged.allocate(arena, DType.I32, new long[] {1}, new long[] {3});
            assertMessage("varIdx row 1 offset 3 differs from out's 4", () -> Haplotypes.reconstructAnnotated(
                    row.source((byte) 'N'), row.batch(0, 4, 0), out, shorter, same, null));
            assertMessage("refCoords row 1 offset 3 differs from out's 4", () -> Haplotypes.reconstructAnnotated(
                    row.source((byte) 'N'), row.batch(0, 4, 0), out, same, shorter, null));
        }
    }

    @Test
    void rowCountMismatch() {
        OneRow row = OneRow.ref("ACGTACGT");
        try (Arena arena = Arena.ofConfined()) {
            Ragged out = Ragged.allocate(arena, DType.U8, new long[] {2}, new long[] {4, 4});
            assertMessage("out has 2 rows, batch has 1",
                    () -> Haplotypes.reconstruct(row.source((byte) 'N'), row.batch(0, 4, 0), out, null));
        }
    }

    @Test
    void batchArraysMustMatchPloidy() {
        assertMessage("needs 2 rows", () -> new HaplotypeBatch(new QueryWindows(new int[] {0}, new int[] {0},
                new int[] {4}), 2, new long[] {0}, new int[] {0}, null));
    }

    @Test
    void variantTableColumnsMustHoldWholeValuesOfOneCount() {
        MemorySegment four = MemorySegment.ofArray(new int[4]);
        MemorySegment alts = MemorySegment.ofArray(new byte[4]);
        assertMessage("must hold int32 values", () -> new VariantArrays(MemorySegment.ofArray(new byte[6]),
                MemorySegment.ofArray(new byte[6]), alts, MemorySegment.ofArray(new long[2])));
        assertMessage("int64 values", () -> new VariantArrays(four, four, alts, MemorySegment.ofArray(new byte[41])));
        assertMessage("ilens hold 3", () -> new VariantArrays(four, MemorySegment.ofArray(new int[3]), alts,
                MemorySegment.NULL));
        assertMessage("expected 5", () -> new VariantArrays(four, four, alts, MemorySegment.ofArray(new long[4])));
        assertMessage("ALT offsets decrease", () -> new VariantArrays(four, four, alts,
                MemorySegment.ofArray(new long[] {0, 2, 1, 3, 4})));
    }
}
