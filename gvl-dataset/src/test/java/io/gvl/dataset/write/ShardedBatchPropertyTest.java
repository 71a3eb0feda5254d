package io.gvl.dataset.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.SpliceMap;
import io.gvl.dataset.settings.TrackKind;
import io.gvl.write.Gvl;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Random;
import java.util.SequencedMap;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A sharded root reads each query batch from the slots it copies out of its shards ({@code ShardBatch}); this
 * holds it to the single-directory write of the same real inputs byte for byte on random batches: random views
 * (every sequence kind, tracks realigned, in reference coordinates and as intervals, dosages, spliced rows, fixed
 * lengths, jitter), random pairs with repeats and negative indices, random grids, and the per-instance statistics
 * and output sizes, over roots cut in odd block shapes (including one region or one sample per block).
 */
class ShardedBatchPropertyTest {
    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0} seed {1}")
    @CsvSource({"vcf+tracks, 4301", "vcf+tracks, 4302", "pgen-dosage, 4303", "pgen, 4304", "vcf+tracks, 4305"})
    void randomBatchesOfAShardedRootEqualTheSingleDirectory(String input, long seed) throws IOException {
        Random rnd = new Random(seed);
        ShardedWriteTest.Input in = ShardedWriteTest.input(tmp, input, 1 + rnd.nextInt(4));
        // Odd shapes, one region or one sample per block among them, kept to at most a few hundred shards.
        int[] oddRegions = {1, 3, 5};
        int rpb = oddRegions[rnd.nextInt(oddRegions.length)];
        int[] oddSamples = in.samples() > 100 ? new int[] {97, 333} : rpb == 1 ? new int[] {3, 5, 7}
                : new int[] {1, 3, 5, 7};
        int spb = oddSamples[rnd.nextInt(oddSamples.length)];
        String shape = rpb + " regions x " + spb + " samples per block";
        Path single = tmp.resolve("single.gvl");
        Gvl.write(single, in.options());
        Path root = ShardedWriteTest.writeSharded(tmp.resolve("sharded.gvl"), in.options(), rpb, spb);
        try (Dataset a = Dataset.open(single, in.fasta()); Dataset b = Dataset.open(root, in.fasta())) {
            List<UnaryOperator<Dataset>> views = views(a, rnd);
            for (int round = 0; round < 24; round++) {
                UnaryOperator<Dataset> view = views.get(rnd.nextInt(views.size()));
                Dataset va = view.apply(a);
                Dataset vb = view.apply(b);
                int nr = va.regionCount();
                int ns = va.sampleCount();
                String what = shape + ", round " + round + ", " + va.seqKind() + (va.isSpliced() ? " spliced" : "");
                if (rnd.nextBoolean()) {
                    int n = 1 + rnd.nextInt(30);
                    int[] r = rnd.ints(n, -nr, nr).toArray();
                    int[] s = rnd.ints(n, -ns, ns).toArray();
                    try (DatasetOutput want = va.get(r, s); DatasetOutput got = vb.get(r, s)) {
                        ShardedWriteTest.assertSameOutput(want, got, what + ", pairs");
                    }
                    if (!va.isSpliced()) {
                        assertArrayEquals(va.nVariants(r, s), vb.nVariants(r, s), what);
                        assertArrayEquals(va.nIntervals(r, s), vb.nIntervals(r, s), what);
                        assertEquals(va.haplotypeLengths(r, s).map(java.util.Arrays::toString), vb.haplotypeLengths(r, s)
                                .map(java.util.Arrays::toString), what);
                    }
                    assertEquals(va.outputBytes(r[0], s[0]), vb.outputBytes(r[0], s[0]), what);
                } else {
                    int[] r = rnd.ints(1 + rnd.nextInt(Math.min(nr, 6)), 0, nr).toArray();
                    int[] s = rnd.ints(1 + rnd.nextInt(Math.min(ns, 9)), 0, ns).toArray();
                    try (DatasetOutput want = va.getGrid(r, s); DatasetOutput got = vb.getGrid(r, s)) {
                        ShardedWriteTest.assertSameOutput(want, got, what + ", grid");
                    }
                }
            }
        }
    }

    /**
     * A shard's offsets, variant indices and track offsets are checked as a query copies them: the root still
     * opens, and a query reading a damaged slot is refused naming the shard's file.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"genotypes/offsets.npy, 8, 4611686018427387904, run outside",
            "genotypes/variant_idxs.npy, 0, -5, outside the variant table",
            "intervals/cov/offsets.npy, 8, 4611686018427387904, not a range"})
    void aDamagedShardIsRefusedNamingItsFileWhenAQueryReadsIt(String file, long at, long value, String words)
            throws IOException {
        ShardedWriteTest.Input in = ShardedWriteTest.input(tmp, "vcf+tracks", 0);
        Path root = ShardedWriteTest.writeSharded(tmp.resolve("d.gvl"), in.options(), 5, 3);
        Path damaged = root.resolve(io.gvl.format.io.ShardManifest.shardDir(0, 0)).resolve(file);
        byte[] bytes = java.nio.file.Files.readAllBytes(damaged);
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        if (file.endsWith("variant_idxs.npy")) {
            buf.putInt((int) at, (int) value);
        } else {
            buf.putLong((int) at, value);
        }
        java.nio.file.Files.write(damaged, bytes);
        try (Dataset d = Dataset.open(root, in.fasta())) {
            int[] regions = IntStream.range(0, d.regionCount()).toArray();
            int[] samples = IntStream.range(0, d.sampleCount()).toArray();
            Dataset view = d.withSeqs(SeqKind.HAPLOTYPES).withTracks("cov");
            io.gvl.format.DatasetFormatException e = org.junit.jupiter.api.Assertions.assertThrows(
                    io.gvl.format.DatasetFormatException.class, () -> view.getGrid(regions, samples).close());
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith(damaged.toString())
                    && e.getMessage().contains(words), e.getMessage());
        }
    }

    /** Views over every output kind the sharded tests cover, spliced ones over a random splice map. */
    private static List<UnaryOperator<Dataset>> views(Dataset d, Random rnd) {
        List<String> tracks = d.availableTracks();
        int fixed = d.regions().stream().mapToInt(r -> r.end() - r.start()).min().orElseThrow();
        SpliceMap map = spliceMap(d.regionCount(), rnd);
        long seed = rnd.nextLong();
        List<UnaryOperator<Dataset>> out = new ArrayList<>();
        for (SeqKind kind : List.of(SeqKind.REFERENCE, SeqKind.HAPLOTYPES, SeqKind.ANNOTATED, SeqKind.VARIANTS)) {
            out.add(x -> x.withSeqs(kind).withoutTracks());
            // Spliced variant rows are reverse-complemented whole, so the random map needs rcNeg off for them.
            out.add(x -> x.withSeqs(kind).withoutTracks().withSettings(s -> s.withRcNeg(kind != SeqKind.VARIANTS))
                    .spliceInfo(map));
            if (!tracks.isEmpty() && kind != SeqKind.VARIANTS) {
                out.add(x -> x.withSeqs(kind).withTracks(tracks));
                out.add(x -> x.withSeqs(kind).withSettings(s -> s.withRealignTracks(false))
                        .withTracks(tracks, TrackKind.INTERVALS));
                out.add(x -> x.withSeqs(kind).withSettings(s -> s.withRealignTracks(false))
                        .withTracks(tracks.subList(tracks.size() - 1, tracks.size())).withLen(OutputLength.fixed(fixed)));
            }
        }
        if (!tracks.isEmpty()) {
            out.add(x -> x.withSeqs(SeqKind.VARIANTS).withTracks(tracks));
            out.add(x -> x.withSeqs(SeqKind.NONE).withTracks(tracks));
            out.add(x -> x.withSeqs(SeqKind.NONE).withTracks(tracks).spliceInfo(map));
        }
        if (d.availableVarFields().contains("dosage")) {
            out.add(x -> x.withSeqs(SeqKind.VARIANTS).withSettings(s -> s.withVarFields("alt", "dosage")));
            out.add(x -> x.withSeqs(SeqKind.VARIANTS).withSettings(s -> s.withVarFields("alt", "dosage")
                    .withRcNeg(false)).spliceInfo(map));
        }
        out.add(x -> x.withSeqs(SeqKind.HAPLOTYPES).withSettings(s -> s.withJitter(x.maxJitter()).withSeed(seed)));
        return out;
    }

    /** Random transcripts over a random subset of input rows, elements in random order. */
    private static SpliceMap spliceMap(int regions, Random rnd) {
        List<Integer> rows = new ArrayList<>(IntStream.range(0, regions).boxed().toList());
        java.util.Collections.shuffle(rows, rnd);
        SequencedMap<String, int[]> groups = new LinkedHashMap<>();
        int at = 0;
        for (int t = 0; at < rows.size() - 1; t++) {
            int k = 1 + rnd.nextInt(3);
            groups.put("tx" + t, rows.subList(at, Math.min(rows.size(), at + k)).stream()
                    .mapToInt(Integer::intValue).toArray());
            at += k;
        }
        return SpliceMap.of(groups);
    }
}
