package io.gvl.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.TokenAlphabet;
import io.gvl.dataset.settings.TrackKind;
import io.gvl.dataset.settings.VarWindowOpt;
import io.gvl.io.fasta.Reference;
import io.gvl.testing.SyntheticDataset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bytes a view reports for one instance ({@link Dataset#outputBytes(int, int)}, which the data loaders size
 * their slots with) against the bytes a query really allocates in its arena, for every sequence kind, with no tracks
 * and with a track in both forms, at the region's length and at a fixed length, with and without jitter, on seeded
 * random datasets; for every single instance and for one batch of all regions. A query allocates a few bytes per
 * batch on top of its instances (each offsets array's closing entry; variant outputs share one set of row offsets).
 * Sequence and per-base track outputs without jitter are exact: the allocation is the report plus one closing offset
 * per output array; variant outputs are exact in their data and scratch (their per-row fields share one offsets
 * array, so one closing offset fewer may be allocated). Jittered views and interval-form tracks (whose arrays share
 * their offsets) never allocate more than the report plus that per-batch slack. Combinations
 * the view checks refuse are asserted to be refused.
 */
class OutputKindSizingTest {
    private static final int MAX_JITTER = 3;

    @TempDir
    Path tmp;

    record Case(SeqKind seqs, String tracks, boolean fixed, boolean jitter) {
        @Override
        public String toString() {
            return seqs + " tracks=" + tracks + (fixed ? " fixed" : " ragged") + (jitter ? " jittered" : "");
        }

        /** Whether the view checks refuse this combination. */
        boolean refused() {
            return (seqs == SeqKind.NONE && tracks.equals("none")) || (variants() && fixed)
                    || (seqs == SeqKind.VARIANT_WINDOWS && tracks.equals("TRACKS"));
        }

        boolean variants() {
            return seqs == SeqKind.VARIANTS || seqs == SeqKind.VARIANT_WINDOWS;
        }

        /** Whether the report is exact (otherwise an upper bound). */
        boolean exact() {
            return !jitter && !tracks.equals("INTERVALS") && !variants();
        }
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (long seed : new long[] {31, 577}) {
            for (SeqKind seqs : SeqKind.values()) {
                for (String tracks : new String[] {"none", "TRACKS", "INTERVALS"}) {
                    for (boolean fixed : new boolean[] {false, true}) {
                        for (boolean jitter : new boolean[] {false, true}) {
                            out.add(Arguments.of(seed, new Case(seqs, tracks, fixed, jitter)));
                        }
                    }
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "seed={0} {1}")
    @MethodSource("cases")
    void reportedBytesEqualAllocatedBytesWithoutJitterAndBoundThemWithIt(long seed, Case c) throws Exception {
        SyntheticDataset truth = new SyntheticDataset(seed, MAX_JITTER);
        Path dir = truth.writeDataset(tmp.resolve("ds"));
        try (Reference ref = Reference.open(truth.writeFasta(tmp), tmp.resolve("cache"));
             Dataset ds = Dataset.open(dir, ref)) {
            if (c.refused()) {
                assertThrows(IllegalArgumentException.class, () -> view(ds, c, seed));
                return;
            }
            Dataset view = view(ds, c, seed);
            SplittableRandom rng = new SplittableRandom(seed);
            int n = view.regionCount();
            assertTrue(n > 1, "the dataset has regions");
            int[] regions = new int[n];
            int[] samples = new int[n];
            long reportedTotal = 0;
            for (int r = 0; r < n; r++) {
                regions[r] = r;
                samples[r] = rng.nextInt(view.sampleCount());
                long reported = view.outputBytes(r, samples[r]);
                reportedTotal += reported;
                check(c, view, new int[] {r}, new int[] {samples[r]}, reported,
                        c + " instance (" + r + ", " + samples[r] + ")");
            }
            check(c, view, regions, samples, reportedTotal, c + " batch of " + n);
        }
    }

    /** Queries {@code (regions, samples)} in a counting arena and compares what it allocated with the report. */
    private static void check(Case c, Dataset view, int[] regions, int[] samples, long reported, String where) {
        long allocated;
        int arrays;
        try (CountingArena arena = new CountingArena();
             DatasetOutput out = view.get(regions, samples, arena)) {
            allocated = arena.bytes();
            arrays = out.arrays().size();
        }
        long closing = 8L * arrays;
        if (c.exact()) {
            assertEquals(reported + closing, allocated, where + ": report plus one closing offset per array");
        } else if (c.variants() && !c.jitter() && !c.tracks().equals("INTERVALS")) {
            // Exact data; the per-row fields share one offsets array, so one closing offset fewer may be allocated.
            assertTrue(allocated >= reported + closing - 8 && allocated <= reported + closing, where + ": allocated "
                    + allocated + ", reported " + reported + " + closing offsets " + closing);
        } else {
            // Slack per batch: closing offsets, and the 1-byte placeholders of buffers that are empty.
            long slack = closing + 8 + arrays;
            assertTrue(allocated <= reported + slack, where + ": allocated " + allocated + " > reported " + reported
                    + " + per-batch slack " + slack);
        }
    }

    private static Dataset view(Dataset ds, Case c, long seed) {
        Dataset v = c.tracks().equals("none") ? ds.withoutTracks() : ds;
        if (c.tracks().equals("INTERVALS")) {
            // Interval-form tracks stay in reference coordinates next to haplotype-aware sequences.
            v = v.withSettings(s -> s.withRealignTracks(false));
        }
        v = c.seqs() == SeqKind.VARIANT_WINDOWS
                ? v.withSeqs(SeqKind.VARIANT_WINDOWS, new VarWindowOpt(2, TokenAlphabet.of("ACGT", 4),
                        VarWindowOpt.Part.WINDOW, VarWindowOpt.Part.WINDOW))
                : v.withSeqs(c.seqs());
        if (!c.tracks().equals("none")) {
            v = v.withTracks(List.of("cov"), TrackKind.valueOf(c.tracks()));
        }
        if (c.fixed()) {
            v = v.withLen(OutputLength.fixed(37));
        }
        if (c.jitter()) {
            v = v.withSettings(s -> s.withJitter(MAX_JITTER).withSeed(seed));
        }
        return v;
    }
}
