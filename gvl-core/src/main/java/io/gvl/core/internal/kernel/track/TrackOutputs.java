package io.gvl.core.internal.kernel.track;

import io.gvl.core.buffer.Ragged;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * Where the realigned rows of each track go: row {@code h} of instance {@code i} in track {@code t} is row
 * {@code i * instanceStride + t * trackStride + h} of segment {@code data[t]} (offsets {@code offsets[t]}). One
 * buffer per track has stride ploidy and track stride 0; one instance-major {@code (B, T, P)} buffer shared by every
 * track has stride {@code T * P} and track stride {@code P}, which lets kernels write the final layout directly.
 */
public record TrackOutputs(MemorySegment[] data, MemorySegment[] offsets, long instanceStride, long trackStride) {

    /** One buffer per track, each with one row per (instance, haplotype). */
    public static TrackOutputs perTrack(List<Ragged> outs, int ploidy) {
        MemorySegment[] data = new MemorySegment[outs.size()];
        MemorySegment[] offsets = new MemorySegment[outs.size()];
        for (int t = 0; t < data.length; t++) {
            data[t] = outs.get(t).data();
            offsets[t] = outs.get(t).offsets();
        }
        return new TrackOutputs(data, offsets, ploidy, 0);
    }

    /** One instance-major buffer, {@code (B, tracks, ploidy)} rows, shared by every track. */
    public static TrackOutputs instanceMajor(Ragged out, int tracks, int ploidy) {
        MemorySegment[] data = new MemorySegment[tracks];
        MemorySegment[] offsets = new MemorySegment[tracks];
        Arrays.fill(data, out.data());
        Arrays.fill(offsets, out.offsets());
        return new TrackOutputs(data, offsets, (long) tracks * ploidy, ploidy);
    }

    /** The output row of haplotype 0 of instance {@code i} in track {@code t}. */
    public long firstRow(int i, int t) {
        return i * instanceStride + t * trackStride;
    }
}
