package io.gvl.core.kernel.golden;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.track.IntervalPainter;
import io.gvl.core.kernel.track.RealignedTracks;
import io.gvl.core.kernel.track.TrackIntervals;
import io.gvl.core.kernel.track.input.FillCode;
import io.gvl.core.kernel.track.input.Intervals;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Replays of the track goldens. */
final class TrackReplays {
    private TrackReplays() {
    }

    static void register(Map<String, Function<Args, Object>> m) {
        m.put("intervals_to_tracks", TrackReplays::paint);
        m.put("shift_and_realign_tracks_sparse", TrackReplays::realign);
        m.put("tracks_to_intervals", TrackReplays::toIntervals);
    }

    private static Object paint(Args a) {
        Ragged out = CoreReplays.zeroOutput(DType.F32, a.longs(6));
        IntervalPainter.paint(new Intervals(a.seg(2), a.seg(3), a.seg(4), a.seg(5)), a.longs(0), a.ints(1), out, null);
        return out.data().toArray(ValueLayout.JAVA_BYTE);
    }

    private static Object realign(Args a) {
        Ragged out = CoreReplays.zeroOutput(DType.F32, a.longs(0));
        long[] trackOffsets = a.longs(9);
        Ragged tracks = Ragged.wrap(DType.F32, new long[] {trackOffsets.length - 1}, a.seg(8),
                MemorySegment.ofArray(trackOffsets));
        int ploidy = (int) a.shape(3)[1];
        HaplotypeBatch batch = new HaplotypeBatch(QueryWindows.fromRows(a.ints(1)), ploidy, a.longs(3), a.ints(2),
                CoreReplays.keep(a, 11, 12));
        SparseGenotypes geno = SparseGenotypes.fromStartsStops(a.seg(4), a.seg(5));
        double[] params = a.doubles(10);
        FillCode fill = FillCode.of((int) a.integer(13), params.length == 0 ? 0 : params[0]);
        RealignedTracks.realign(geno, VariantArrays.positionsOnly(a.seg(6), a.seg(7)), batch, tracks, fill,
                a.integer(14), out, null);
        return out.data().toArray(ValueLayout.JAVA_BYTE);
    }

    private static Object toIntervals(Args a) {
        long[] trackOffsets = a.longs(2);
        Ragged tracks = Ragged.wrap(DType.F32, new long[] {trackOffsets.length - 1}, a.seg(1),
                MemorySegment.ofArray(trackOffsets));
        int[] regions = a.ints(0);
        int[] starts = new int[regions.length / 3];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = regions[3 * i + 1];
        }
        Intervals itv = TrackIntervals.fromTracks(Arena.ofAuto(), starts, tracks);
        return List.of(itv.starts().toArray(ValueLayout.JAVA_BYTE), itv.ends().toArray(ValueLayout.JAVA_BYTE),
                itv.values().toArray(ValueLayout.JAVA_BYTE), itv.offsets().toArray(ValueLayout.JAVA_BYTE));
    }
}
