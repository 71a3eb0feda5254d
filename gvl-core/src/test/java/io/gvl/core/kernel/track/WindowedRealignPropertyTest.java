package io.gvl.core.kernel.track;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.internal.kernel.KernelProvider;
import io.gvl.core.internal.kernel.track.HaplotypeTrackFill;
import io.gvl.core.internal.kernel.track.ReadWindow;
import io.gvl.core.internal.kernel.track.TrackOutputs;
import io.gvl.core.internal.kernel.track.TrackRealignRow;
import io.gvl.core.internal.kernel.track.TrackRows;
import io.gvl.core.kernel.RowParallelism;
import io.gvl.core.kernel.haplotype.HaplotypeBatch;
import io.gvl.core.kernel.haplotype.HaplotypeSource;
import io.gvl.core.kernel.haplotype.Haplotypes;
import io.gvl.core.kernel.reference.QueryWindows;
import io.gvl.core.kernel.reference.ReferenceGenome;
import io.gvl.core.kernel.track.input.FillCode;
import io.gvl.core.kernel.track.input.Intervals;
import io.gvl.core.kernel.track.input.TrackSource;
import io.gvl.core.kernel.variant.KeepMask;
import io.gvl.core.kernel.variant.SparseGenotypes;
import io.gvl.core.kernel.variant.VariantArrays;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded property tests of the windowed painting in {@link HaplotypeTracks#fill}: fixed-length outputs much shorter
 * than their regions, random shifts up to GVL's maximum, indels clustered around the output end, all five
 * insertion fills with flank reaches across the painted window, keep masks, negative strands, windows before
 * the contig, shifts past GVL's largest draw and unsorted variant lists. The reference paints GVL's full scratch tracks and realigns them ({@link RealignedTracks#realign}).
 * The seed is the case name, so a failure replays.
 */
class WindowedRealignPropertyTest {
    private static final float POISON = Float.intBitsToFloat(0x7fc0dead);

    /** Added to every seed: {@code -Dgvl.test.seedBase} explores new cases (gvl-core reads it without testkit). */
    private static final long SEED_BASE = Long.getLong("gvl.test.seedBase", 0L);

    static Stream<Long> seeds() {
        return LongStream.range(1, 121).map(s -> s + SEED_BASE).boxed();
    }

    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void fusedEqualsFullScratchRealignment(long seed) {
        Case b = new Case(seed);
        try (Arena arena = Arena.ofConfined()) {
            long[] shape = {b.batch.rows()};
            Ragged haps = Ragged.allocate(arena, DType.U8, shape, b.lengths);
            List<Ragged> outs = new ArrayList<>();
            List<TrackSource> sources = new ArrayList<>();
            for (FillCode fill : b.fills) {
                outs.add(Ragged.allocate(arena, DType.F32, shape, b.lengths));
                sources.add(new TrackSource(b.intervals, b.groups(), fill));
            }
            HaplotypeTracks.fill(b.source, b.batch, b.diffs, sources, b.baseSeed, haps, outs, b.negative);
            Ragged scratch = b.fullScratch(arena);
            for (int t = 0; t < b.fills.size(); t++) {
                Ragged want = Ragged.allocate(arena, DType.F32, shape, b.lengths);
                RealignedTracks.realign(b.source.genotypes(), b.source.variants(), b.batch, scratch, b.fills.get(t),
                        b.baseSeed, want, b.negative);
                for (int k = 0; k < b.batch.rows(); k++) {
                    assertArrayEquals(bits(want.row(k)), bits(outs.get(t).row(k)),
                            "track " + b.fills.get(t) + " row " + k + " of " + b);
                }
            }
        }
    }

    /**
     * Realigned rows written straight into one instance-major {@code (B, T, P)} buffer, serially and in parallel,
     * equal the per-track buffers of {@link HaplotypeTracks#fill}; reference-coordinate rows written into one
     * {@code (B, T)} buffer equal {@link IntervalPainter#paint} per track.
     */
    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void instanceMajorRowsEqualPerTrackBuffers(long seed) {
        Case b = new Case(seed);
        int count = b.fills.size();
        int n = b.batch.regions().size();
        int p = b.batch.ploidy();
        try (Arena arena = Arena.ofShared()) {
            long[] shape = {b.batch.rows()};
            List<Ragged> outs = new ArrayList<>();
            List<TrackSource> sources = new ArrayList<>();
            for (FillCode fill : b.fills) {
                outs.add(Ragged.allocate(arena, DType.F32, shape, b.lengths));
                sources.add(new TrackSource(b.intervals, b.groups(), fill));
            }
            HaplotypeTracks.fill(b.source, b.batch, b.diffs, sources, b.baseSeed,
                    Ragged.allocate(arena, DType.U8, shape, b.lengths), outs, b.negative);
            long[] majorLengths = new long[n * count * p];
            for (int r = 0; r < majorLengths.length; r++) {
                majorLengths[r] = b.lengths[(r / (count * p)) * p + r % p];
            }
            long[] paintLengths = new long[n];
            java.util.Arrays.fill(paintLengths, 1 + seed % 50);
            Ragged painted = Ragged.allocate(arena, DType.F32, new long[] {n}, paintLengths);
            IntervalPainter.paint(b.intervals, b.groups(), b.batch.regions().starts(), painted, b.negative);
            long[] paintedMajorLengths = new long[n * count];
            java.util.Arrays.fill(paintedMajorLengths, 1 + seed % 50);
            for (RowParallelism.Mode mode : List.of(RowParallelism.Mode.NEVER, RowParallelism.Mode.ALWAYS)) {
                Ragged major = Ragged.allocate(arena, DType.F32, new long[] {n, count, p}, majorLengths);
                Ragged haps = Ragged.allocate(arena, DType.U8, shape, b.lengths);
                RowParallelism.withMode(mode, () -> {
                    HaplotypeTrackFill.fill(b.source, b.batch, b.diffs, sources, b.baseSeed, haps,
                            TrackOutputs.instanceMajor(major, count, p), b.negative);
                    return null;
                });
                Ragged paintedMajor = Ragged.allocate(arena, DType.F32, new long[] {n, count}, paintedMajorLengths);
                long[][] groups = new long[count][];
                java.util.Arrays.fill(groups, b.groups());
                RowParallelism.withMode(mode, () -> {
                    TrackRows.paint(java.util.Collections.nCopies(count, b.intervals), groups,
                            b.batch.regions().starts(), paintedMajor, b.negative);
                    return null;
                });
                for (int i = 0; i < n; i++) {
                    for (int t = 0; t < count; t++) {
                        for (int h = 0; h < p; h++) {
                            assertArrayEquals(bits(outs.get(t).row((long) i * p + h)),
                                    bits(major.row(((long) i * count + t) * p + h)),
                                    mode + " track " + t + " instance " + i + " hap " + h + " of " + b);
                        }
                        assertArrayEquals(bits(painted.row(i)), bits(paintedMajor.row((long) i * count + t)),
                                mode + " painted track " + t + " instance " + i + " of " + b);
                    }
                }
            }
        }
    }

    /** Poisoning every scratch value outside a row's read window leaves its realigned row unchanged. */
    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void rowsReadOnlyInsideTheirWindow(long seed) {
        Case b = new Case(seed);
        HaplotypeBatch batch = b.batch;
        SparseGenotypes g = b.source.genotypes();
        long[] lo = new long[1];
        long[] hi = new long[1];
        try (Arena arena = Arena.ofConfined()) {
            Ragged scratch = b.fullScratch(arena);
            for (FillCode fill : b.fills) {
                var c = new TrackRealignRow.Context(g, b.source.variants(), batch.keep(), fill, b.baseSeed,
                        KernelProvider.scalar().rowFill());
                for (int k = 0; k < batch.rows(); k++) {
                    int i = k / batch.ploidy();
                    long q0 = batch.regions().start(i);
                    long from = g.start(batch.group(k));
                    long to = g.stop(batch.group(k));
                    int len = (int) b.lengths[k];
                    float[] track = scratch.row(i).toArray(ValueLayout.JAVA_FLOAT);
                    ReadWindow.measure(c, k, from, to, batch.shift(k), q0, len, lo, hi, 0);
                    long first = ReadWindow.lo(lo[0], fill, track.length);
                    long end = ReadWindow.hi(hi[0], fill, track.length);
                    float[] poisoned = track.clone();
                    Arrays.fill(poisoned, 0, (int) first, POISON);
                    Arrays.fill(poisoned, (int) end, poisoned.length, POISON);
                    float[] want = new float[len];
                    float[] got = new float[len];
                    double[] tmp = new double[8];
                    TrackRealignRow.realign(c, k, i, k % batch.ploidy(), from, to, batch.shift(k),
                            MemorySegment.ofArray(track), 0, track.length, q0, MemorySegment.ofArray(want), 0, len, tmp);
                    TrackRealignRow.realign(c, k, i, k % batch.ploidy(), from, to, batch.shift(k),
                            MemorySegment.ofArray(poisoned), 0, track.length, q0, MemorySegment.ofArray(got), 0, len,
                            tmp);
                    assertArrayEquals(bits(want), bits(got), fill + " row " + k + " window [" + first + ", " + end
                            + ") of " + track.length + " in " + b);
                }
            }
        }
    }

    private static int[] bits(MemorySegment row) {
        return bits(row.toArray(ValueLayout.JAVA_FLOAT));
    }

    private static int[] bits(float[] f) {
        int[] out = new int[f.length];
        for (int i = 0; i < f.length; i++) {
            out[i] = Float.floatToRawIntBits(f[i]);
        }
        return out;
    }

    /** One random batch of long regions with short fixed-length outputs. */
    private static final class Case {
        private static final byte[] ACGT = "ACGT".getBytes();
        final long seed;
        final HaplotypeSource source;
        final HaplotypeBatch batch;
        final int[] diffs;
        final long[] lengths;
        final BitSet negative = new BitSet();
        final Intervals intervals;
        final List<FillCode> fills;
        final long baseSeed;

        Case(long seed) {
            this.seed = seed;
            Random rnd = new Random(seed);
            byte[] contig = new byte[4000];
            for (int i = 0; i < contig.length; i++) {
                contig[i] = ACGT[rnd.nextInt(4)];
            }
            int instances = 1 + rnd.nextInt(5);
            int ploidy = 1 + rnd.nextInt(3);
            int[] starts = new int[instances];
            int[] ends = new int[instances];
            for (int i = 0; i < instances; i++) {
                starts[i] = rnd.nextInt(8) == 0 ? -rnd.nextInt(30) : rnd.nextInt(1500);
                ends[i] = starts[i] + 100 + rnd.nextInt(2000);
                negative.set(i, rnd.nextBoolean());
            }
            // Mostly much shorter than the regions; now and then longer (variant-free rows then read past the track).
            int outLen = rnd.nextInt(10) == 0 ? 2200 : 1 + rnd.nextInt(80);
            int rows = instances * ploidy;
            // Shifts are drawn after the diffs; variants cluster around where a shifted output could end.
            int[] plannedShift = new int[rows];
            List<int[]> table = new ArrayList<>();
            ByteArrayOutputStream alts = new ByteArrayOutputStream();
            List<Long> altOffsets = new ArrayList<>(List.of(0L));
            long[] gs = new long[rows];
            long[] ge = new long[rows];
            List<Integer> flat = new ArrayList<>();
            for (int k = 0; k < rows; k++) {
                int i = k / ploidy;
                int region = ends[i] - starts[i];
                plannedShift[k] = rnd.nextInt(Math.max(1, region - outLen + 1));
                int count = rnd.nextInt(6) == 0 ? 0 : rnd.nextInt(60);
                int[] pos = new int[count];
                for (int j = 0; j < count; j++) {
                    int anchor = starts[i] + plannedShift[k] + outLen;
                    pos[j] = switch (rnd.nextInt(5)) {
                        case 0 -> starts[i] - 40 + rnd.nextInt(region + 100);
                        case 1 -> starts[i] - 1 - rnd.nextInt(20);
                        case 2 -> starts[i] + plannedShift[k] - 15 + rnd.nextInt(30);
                        default -> anchor - 25 + rnd.nextInt(50);
                    };
                    pos[j] = Math.max(0, Math.min(contig.length - 1, pos[j]));
                }
                if (rnd.nextInt(8) != 0) {
                    // Lists are sorted in GVL's data; the kernel does not check, so the windows must not rely on it.
                    Arrays.sort(pos);
                }
                gs[k] = flat.size();
                for (int j = 0; j < count; j++) {
                    int kind = rnd.nextInt(3);
                    int ilen = kind == 0 ? 0 : kind == 1 ? 1 + rnd.nextInt(12) : -1 - rnd.nextInt(40);
                    flat.add(table.size());
                    table.add(new int[] {pos[j], ilen});
                    for (int a = 0; a <= Math.max(ilen, 0); a++) {
                        alts.write(ACGT[rnd.nextInt(4)]);
                    }
                    altOffsets.add((long) alts.size());
                }
                ge[k] = flat.size();
            }
            KeepMask keep = null;
            if (rnd.nextBoolean()) {
                byte[] flags = new byte[flat.size()];
                for (int j = 0; j < flags.length; j++) {
                    flags[j] = (byte) (rnd.nextInt(5) == 0 ? 0 : 1);
                }
                long[] off = Arrays.copyOf(gs, rows + 1);
                off[rows] = flat.size();
                keep = new KeepMask(MemorySegment.ofArray(flags), off);
            }
            source = new HaplotypeSource(new SparseGenotypes(
                    MemorySegment.ofArray(flat.stream().mapToInt(Integer::intValue).toArray()),
                    MemorySegment.ofArray(gs), MemorySegment.ofArray(ge)),
                    new VariantArrays(MemorySegment.ofArray(table.stream().mapToInt(t -> t[0]).toArray()),
                            MemorySegment.ofArray(table.stream().mapToInt(t -> t[1]).toArray()),
                            MemorySegment.ofArray(alts.toByteArray()),
                            MemorySegment.ofArray(altOffsets.stream().mapToLong(Long::longValue).toArray())),
                    new ReferenceGenome(MemorySegment.ofArray(contig), MemorySegment.ofArray(new long[] {0,
                            contig.length})), (byte) 'N');
            long[] groups = LongStream.range(0, rows).toArray();
            QueryWindows regions = new QueryWindows(new int[instances], starts, ends);
            diffs = Haplotypes.diffs(source, HaplotypeBatch.unshifted(regions, ploidy, groups, keep));
            int[] shifts = new int[rows];
            for (int k = 0; k < rows; k++) {
                int max = Math.max(diffs[k], 0) + Math.max(ends[k / ploidy] - starts[k / ploidy] - outLen, 0);
                shifts[k] = switch (rnd.nextInt(8)) {
                    case 0, 1 -> 0;
                    case 2, 3 -> max;
                    // Past GVL's largest draw: anchors can then lie beyond the scratch track.
                    case 4 -> max + rnd.nextInt(100);
                    default -> Math.min(plannedShift[k], max);
                };
            }
            batch = new HaplotypeBatch(regions, ploidy, groups, shifts, keep);
            lengths = new long[rows];
            Arrays.fill(lengths, outLen);
            intervals = intervals(rnd, starts, ends);
            fills = List.of(FillCode.of(FillCode.REPEAT_5P, 0), FillCode.of(FillCode.REPEAT_5P_NORMALIZED, 0),
                    FillCode.of(FillCode.CONSTANT, rnd.nextBoolean() ? Double.NaN : 2.5),
                    FillCode.of(FillCode.FLANK_SAMPLE, rnd.nextInt(40)), FillCode.of(FillCode.INTERPOLATE, 1 + rnd.nextInt(3)));
            baseSeed = rnd.nextLong();
        }

        /** Dense runs of distinct values; some seeds overlap runs and add one long interval over later ones. */
        private static Intervals intervals(Random rnd, int[] starts, int[] ends) {
            List<int[]> all = new ArrayList<>();
            long[] offsets = new long[starts.length + 1];
            boolean messy = rnd.nextInt(4) == 0;
            for (int i = 0; i < starts.length; i++) {
                for (int s = starts[i] - 30; s < ends[i] + 120; s += rnd.nextInt(5)) {
                    int e = s + 1 + rnd.nextInt(messy ? 40 : 20);
                    all.add(new int[] {s, e, rnd.nextInt(1 << 20)});
                    s = messy ? s + 1 + rnd.nextInt(20) : e;
                }
                if (messy && all.size() > offsets[i] + 2) {
                    // A long interval over later ones, kept in start order (the format sorts each group by start).
                    int s = starts[i] + rnd.nextInt(ends[i] - starts[i]);
                    int at = (int) offsets[i];
                    while (at < all.size() && all.get(at)[0] <= s) {
                        at++;
                    }
                    all.add(at, new int[] {s, ends[i], 7});
                }
                offsets[i + 1] = all.size();
            }
            float[] values = new float[all.size()];
            for (int j = 0; j < values.length; j++) {
                values[j] = all.get(j)[2] / 64f;
            }
            return new Intervals(MemorySegment.ofArray(all.stream().mapToInt(a -> a[0]).toArray()),
                    MemorySegment.ofArray(all.stream().mapToInt(a -> a[1]).toArray()), MemorySegment.ofArray(values),
                    MemorySegment.ofArray(offsets));
        }

        long[] groups() {
            return LongStream.range(0, batch.regions().size()).toArray();
        }

        /** GVL's scratch tracks: every instance painted over its full scratch length. */
        Ragged fullScratch(Arena arena) {
            int n = batch.regions().size();
            long[] scratchLengths = new long[n];
            for (int i = 0; i < n; i++) {
                scratchLengths[i] = HaplotypeTracks.scratchLength(batch.regions(), batch.ploidy(), diffs, i);
            }
            Ragged scratch = Ragged.allocate(arena, DType.F32, new long[] {n}, scratchLengths);
            IntervalPainter.paint(intervals, groups(), batch.regions().starts(), scratch, null);
            return scratch;
        }

        @Override
        public String toString() {
            return "seed " + seed;
        }
    }
}
