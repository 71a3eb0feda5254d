package io.gvl.core.kernel.haplotype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Worked examples of GVL's {@code reconstruct_haplotype_core} ({@code src/reconstruct/mod.rs}: its crate examples, window edges, the shift quirk) and of annotated haplotypes. */
class WorkedExamplesTest {
    private static final byte N = 'N';
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRST";

    private static byte[] b(int... v) {
        byte[] out = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (byte) v[i];
        }
        return out;
    }

    @Test
    void noVariants() {
        assertArrayEquals(b(20, 30, 40), OneRow.ref(b(10, 20, 30, 40, 50)).haplotype(1, 3, 0, N));
    }

    @Test
    void leftPad() {
        assertArrayEquals(b(9, 9, 1, 2, 3), OneRow.counting(1, 5).haplotype(-2, 5, 0, (byte) 9));
    }

    @Test
    void snp() {
        assertArrayEquals("ACTTA".getBytes(), OneRow.ref("ACGTA").variant(2, 0, "T").haplotype(0, 5, 0, N));
    }

    @Test
    void insertion() {
        assertArrayEquals(b(1, 2, 10, 11, 12),
                OneRow.counting(1, 5).variant(2, 2, b(10, 11, 12)).haplotype(0, 5, 0, N));
    }

    @Test
    void deletion() {
        assertArrayEquals(b(1, 2, 30, 6, 7), OneRow.counting(1, 7).variant(2, -2, b(30)).haplotype(0, 5, 0, N));
    }

    @Test
    void deletionSpanningStart() {
        assertArrayEquals(b(6, 7, 0, 0, 0), OneRow.counting(1, 7).variant(1, -3, b(2)).haplotype(3, 5, 0, (byte) 0));
    }

    @Test
    void overlappingSnpsFirstWins() {
        assertArrayEquals(b(1, 2, 20, 4, 5),
                OneRow.counting(1, 5).variant(2, 0, b(20)).variant(2, 0, b(30)).haplotype(0, 5, 0, N));
    }

    @Test
    void shiftThroughReference() {
        assertArrayEquals(b(3, 99, 88, 5, 6), OneRow.counting(1, 6).variant(3, 1, b(99, 88)).haplotype(0, 5, 2, N));
    }

    @Test
    void shiftIntoAllele() {
        assertArrayEquals(b(88, 5, 6, 7), OneRow.counting(1, 8).variant(3, 1, b(99, 88)).haplotype(0, 4, 4, N));
    }

    @Test
    void shiftSkipsSnp() {
        assertArrayEquals(b(11, 12, 13), OneRow.counting(1, 15).variant(3, 0, b(77)).haplotype(0, 3, 10, N));
    }

    @Test
    void deletionCrossingWindowEnd() {
        OneRow r = OneRow.ref(ALPHABET).variant(8, -4, "x");
        assertEquals(-1, r.diff(0, 10));
        assertArrayEquals("ABCDEFGHx".getBytes(), r.ragged(0, 10, N));
    }

    @Test
    void insertionAtLastBaseKeptWhole() {
        OneRow r = OneRow.ref(ALPHABET).variant(4, 2, "xyz");
        assertEquals(2, r.diff(0, 5));
        assertArrayEquals("ABCDxyz".getBytes(), r.ragged(0, 5, N));
    }

    @Test
    void snpAtWindowEndIgnored() {
        OneRow r = OneRow.ref(ALPHABET).variant(5, 0, "x");
        assertEquals(0, r.diff(0, 5));
        assertArrayEquals("ABCDE".getBytes(), r.ragged(0, 5, N));
    }

    @Test
    void insertionAnchoredBeforeWindowIgnored() {
        OneRow r = OneRow.ref(ALPHABET).variant(2, 2, "xyz");
        assertEquals(0, r.diff(3, 8));
        assertArrayEquals("DEFGH".getBytes(), r.ragged(3, 8, N));
    }

    @Test
    void deletionFromBeforeWindow() {
        OneRow r = OneRow.ref(ALPHABET).variant(1, -3, "x");
        assertEquals(-2, r.diff(3, 8));
        assertArrayEquals("FGH".getBytes(), r.ragged(3, 8, N));
    }

    @Test
    void snpInsideDeletionSkipped() {
        OneRow r = OneRow.ref(ALPHABET).variant(3, -3, "x").variant(4, 0, "y");
        assertEquals(-3, r.diff(0, 10));
        assertArrayEquals("ABCxHIJ".getBytes(), r.ragged(0, 10, N));
    }

    @Test
    void shiftCountsReferenceBasesQuirk() {
        OneRow r = OneRow.counting(0, 19).variant(2, -3, "X");
        assertArrayEquals(b(5, 6, 7, 8, 9, 10), r.haplotype(0, 6, 5, N));
    }

    @Test
    void fixedLengthExtendsThenPadsPastContig() {
        // A fixed length running past the contig end keeps applying variants, then pads.
        assertArrayEquals("QRSxN".getBytes(), OneRow.ref(ALPHABET).variant(19, 0, "x").haplotype(16, 5, 0, N));
    }

    @Test
    void annotationSentinels() {
        OneRow r = OneRow.ref("ACGTA").variant(1, 1, "GT");
        byte[] hap = new byte[9];
        int[][] a = r.annotations(-2, 9, false, hap);
        assertArrayEquals("NNAGTGTAN".getBytes(), hap);
        assertArrayEquals(new int[] {-1, -1, -1, 0, 0, -1, -1, -1, -1}, a[0]);
        assertArrayEquals(new int[] {-1, -1, 0, 1, 1, 2, 3, 4, Integer.MAX_VALUE}, a[1]);
    }

    @Test
    void annotationsReversedOnNegativeStrand() {
        OneRow r = OneRow.ref("ACGTA").variant(1, 1, "GT");
        byte[] hap = new byte[9];
        int[][] a = r.annotations(-2, 9, true, hap);
        assertArrayEquals("NTACACTNN".getBytes(), hap);
        assertArrayEquals(new int[] {-1, -1, -1, -1, 0, 0, -1, -1, -1}, a[0]);
        assertArrayEquals(new int[] {Integer.MAX_VALUE, 4, 3, 2, 1, 1, 0, -1, -1}, a[1]);
    }
}
