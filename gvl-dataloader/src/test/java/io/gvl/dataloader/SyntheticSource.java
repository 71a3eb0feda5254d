package io.gvl.dataloader;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.output.DatasetOutput;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deterministic batch source: per instance two "haplotype" byte rows of varying length and a dense float
 * track of width 5, all computed from (region, sample), so any batching must reproduce the same bytes.
 */
final class SyntheticSource implements BatchSource {
    static final int WIDTH = 5;
    final int regions;
    final int samples;
    final AtomicInteger fetches = new AtomicInteger();
    /** The threads that called {@link #fetch}. */
    final java.util.Set<Thread> fetchThreads = java.util.concurrent.ConcurrentHashMap.newKeySet();
    volatile RuntimeException failOnFetch;
    /** When set, fetches block until it counts down (a stalled producer). */
    volatile java.util.concurrent.CountDownLatch blockFetch;

    SyntheticSource(int regions, int samples) {
        this.regions = regions;
        this.samples = samples;
    }

    static int length(int r, int s, int hap) {
        return (r * 31 + s * 17 + hap * 7) % 23;
    }

    static byte base(int r, int s, int hap, int i) {
        return (byte) "ACGTN".charAt((r + s * 3 + hap + i) % 5);
    }

    static float value(int r, int s, int k) {
        return r * 100 + s * 10 + k + 0.5f;
    }

    @Override
    public int regions() {
        return regions;
    }

    @Override
    public int samples() {
        return samples;
    }

    @Override
    public long instanceBytes(int r, int s) {
        return length(r, s, 0) + length(r, s, 1) + 2 * 8 + WIDTH * 4;
    }

    @Override
    public DatasetOutput fetch(int[] rs, int[] ss) {
        fetches.incrementAndGet();
        fetchThreads.add(Thread.currentThread());
        if (failOnFetch != null) {
            throw failOnFetch;
        }
        if (blockFetch != null) {
            try {
                blockFetch.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("fetch interrupted", e);
            }
        }
        int b = rs.length;
        long[] lengths = new long[b * 2];
        for (int i = 0; i < b; i++) {
            lengths[2 * i] = length(rs[i], ss[i], 0);
            lengths[2 * i + 1] = length(rs[i], ss[i], 1);
        }
        Arena arena = Arena.ofShared();
        Ragged haps = Ragged.allocate(arena, DType.U8, new long[] {b, 2}, lengths);
        Dense track = Dense.allocate(arena, DType.F32, new long[] {b, WIDTH});
        for (int i = 0; i < b; i++) {
            for (int h = 0; h < 2; h++) {
                var row = haps.row(2L * i + h);
                for (int k = 0; k < row.byteSize(); k++) {
                    row.set(ValueLayout.JAVA_BYTE, k, base(rs[i], ss[i], h, k));
                }
            }
            for (int k = 0; k < WIDTH; k++) {
                track.row(i).setAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, k, value(rs[i], ss[i], k));
            }
        }
        return DatasetOutput.of(arena, new long[] {b},
                List.of(new NamedArray("haplotypes", haps), new NamedArray("track", track)));
    }
}
