package io.gvl.core.kernel.track;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.haplotype.OneRow;
import io.gvl.core.kernel.rng.StatelessHash;
import io.gvl.core.kernel.track.input.FillCode;
import io.gvl.core.kernel.track.input.Intervals;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** Realignment examples of GVL's {@code shift_and_realign_track_core} ({@code src/tracks/mod.rs}), the insertion-fill formulas of {@code _dataset/_insertion_fill.py}, painting and run-length conversion. */
class TrackExamplesTest {

    private static float[] realign(OneRow row, float[] track, int len, int shift, FillCode fill, boolean rev) {
        var src = row.source((byte) 'N');
        HaplotypeBatch batch = row.batch(0, track.length, shift);
        try (Arena arena = Arena.ofConfined()) {
            Ragged tracks = Ragged.allocate(arena, DType.F32, new long[] {1}, new long[] {track.length});
            MemorySegment.copy(MemorySegment.ofArray(track), 0, tracks.data(), 0, track.length * 4L);
            Ragged out = Ragged.allocate(arena, DType.F32, new long[] {1}, new long[] {len});
            BitSet r = new BitSet();
            r.set(0, rev);
            RealignedTracks.realign(src.genotypes(), src.variants(), batch, tracks, fill, 7L, out, r);
            return out.row(0).toArray(ValueLayout.JAVA_FLOAT);
        }
    }

    @Test
    void deletionDropsDeletedValues() {
        assertArrayEquals(new float[] {10, 20, 50, 0}, realign(OneRow.counting(1, 5).variant(1, -2, "A"),
                new float[] {10, 20, 30, 40, 50}, 4, 0, FillCode.of(FillCode.REPEAT_5P, 0), false));
    }

    @Test
    void insertionRepeatsAnchor() {
        assertArrayEquals(new float[] {5, 10, 10, 10, 15, 20}, realign(OneRow.counting(1, 5).variant(1, 2, "AAA"),
                new float[] {5, 10, 15, 20, 25}, 6, 0, FillCode.of(FillCode.REPEAT_5P, 0), false));
    }

    @Test
    void constantOverwritesAnchor() {
        assertArrayEquals(new float[] {5, -1.5f, -1.5f, 15, 20}, realign(OneRow.counting(1, 4).variant(1, 1, "AA"),
                new float[] {5, 10, 15, 20}, 5, 0, FillCode.of(FillCode.CONSTANT, -1.5), false));
    }

    @Test
    void normalizedSumsToAnchor() {
        float[] out = realign(OneRow.counting(1, 4).variant(1, 2, "AAA"), new float[] {5, 9, 15, 20}, 6, 0,
                FillCode.of(FillCode.REPEAT_5P_NORMALIZED, 0), false);
        assertArrayEquals(new float[] {5, 3, 3, 3, 15, 20}, out);
    }

    @Test
    void interpolateLinear() {
        // Anchors (0, 10) and (vlen = 3, 40): values 10, 20, 30 at i = 0, 1, 2.
        assertArrayEquals(new float[] {0, 10, 20, 30, 40, 50}, realign(OneRow.counting(1, 5).variant(1, 2, "AAA"),
                new float[] {0, 10, 40, 50}, 6, 0, FillCode.of(FillCode.INTERPOLATE, 1), false));
    }

    @Test
    void interpolateOrdersTwoAndThreeAgree() {
        OneRow r = OneRow.counting(1, 8).variant(3, 3, "AAAA");
        float[] track = {1, 4, 2, 8, 5, 7, 3, 6};
        assertArrayEquals(realign(r, track, 11, 0, FillCode.of(FillCode.INTERPOLATE, 2), false),
                realign(r, track, 11, 0, FillCode.of(FillCode.INTERPOLATE, 3), false));
    }

    @Test
    void flankSampleUsesHashSeeds() {
        float[] track = {0, 1, 2, 3, 4, 5, 6};
        float[] out = realign(OneRow.counting(1, 7).variant(3, 1, "AA"), track, 8, 0,
                FillCode.of(FillCode.FLANK_SAMPLE, 2), false);
        for (int i = 0; i < 2; i++) {
            long seed = StatelessHash.hash4(7L, 0, 0, 3 + i);
            assertEquals(track[1 + (int) Long.remainderUnsigned(seed, 5)], out[3 + i], "position " + (3 + i));
        }
    }

    @Test
    void reversedOnNegativeStrand() {
        assertArrayEquals(new float[] {0, 50, 20, 10}, realign(OneRow.counting(1, 5).variant(1, -2, "A"),
                new float[] {10, 20, 30, 40, 50}, 4, 0, FillCode.of(FillCode.REPEAT_5P, 0), true));
    }

    @Test
    void paintAndRunLengthRoundTrip() {
        Intervals itv = new Intervals(MemorySegment.ofArray(new int[] {8, 12, 13}),
                MemorySegment.ofArray(new int[] {11, 20, 14}), MemorySegment.ofArray(new float[] {5, 2, 9}),
                MemorySegment.ofArray(new long[] {0, 3}));
        try (Arena arena = Arena.ofConfined()) {
            Ragged out = Ragged.allocate(arena, DType.F32, new long[] {1}, new long[] {8});
            IntervalPainter.paint(itv, new long[] {0}, new int[] {10}, out, null);
            assertArrayEquals(new float[] {5, 0, 2, 9, 2, 2, 2, 2}, out.row(0).toArray(ValueLayout.JAVA_FLOAT));
            Intervals back = TrackIntervals.fromTracks(arena, new int[] {10}, out);
            assertArrayEquals(new int[] {10, 11, 12, 13, 14}, back.starts().toArray(ValueLayout.JAVA_INT));
            assertArrayEquals(new int[] {11, 12, 13, 14, 18}, back.ends().toArray(ValueLayout.JAVA_INT));
            assertArrayEquals(new float[] {5, 0, 2, 9, 2}, back.values().toArray(ValueLayout.JAVA_FLOAT));
        }
    }
}
