package io.gvl.dataset.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.dataset.settings.TrackKind;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.PartException;
import io.gvl.format.io.DatasetFiles;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.ShardManifest;
import io.gvl.io.bigwig.BigWigWriter;
import io.gvl.testing.Stored;
import io.gvl.write.Gvl;
import io.gvl.write.PartWriter;
import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The sharded output of a write in parts ({@link WritePlan#publishSharded()}), on real VCF input with two bigWig
 * tracks and an annotation track (vg-z-synth16) and on PGEN input (the PLINK 2 examples, with and without
 * dosages) in region x sample blocks of seeded shapes: opened as one dataset it gives every output of the
 * single-directory write byte for byte; each shard opened alone gives the matching slice; the export is the
 * single-directory write file by file; a missing, copied, altered or foreign shard is refused naming the shard.
 */
class ShardedWriteTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path SET = DATA.resolve("real-derived/vg-z-synth16");
    static final Path Z_FASTA = DATA.resolve("real/vg-1mb1kgp/z.fa");
    static final Path EXAMPLES = DATA.resolve("pgen-examples");

    @TempDir
    Path tmp;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String input : List.of("vcf+tracks", "pgen", "pgen-dosage")) {
            for (long seed = 1; seed <= 2; seed++) {
                out.add(Arguments.of(input, 20261204L + seed + 31L * input.length()));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("cases")
    void shardedOpenEqualsSingleOpenAndEachShardItsSlice(String input, long seed) throws IOException {
        Random rnd = new Random(seed);
        Input in = input(tmp, input, 1 + rnd.nextInt(6));
        int rpb = in.regions() > 6 ? 3 + rnd.nextInt(10) : 1 + rnd.nextInt(in.regions() - 1);
        int spb = in.samples() > 100 ? 100 + rnd.nextInt(400) : 3 + rnd.nextInt(6);
        String shape = rpb + " regions x " + spb + " samples per block";
        Path single = tmp.resolve("single.gvl");
        Gvl.write(single, in.options());
        Path root = writeSharded(tmp.resolve("sharded.gvl"), in.options(), rpb, spb);

        ShardManifest m = ShardManifest.read(root);
        assertEquals(ceil(in.regions(), rpb) * ceil(in.samples(), spb), m.shards().size(), shape);
        assertFalse(Files.exists(root.resolve("genotypes/offsets.npy")), "the root keeps no genotype arrays");
        try (Dataset a = Dataset.open(single, in.fasta()); Dataset b = Dataset.open(root, in.fasta())) {
            assertEquals(a.samples(), b.samples());
            assertEquals(a.regions(), b.regions());
            assertEquals(a.availableTracks(), b.availableTracks());
            assertEquals(a.availableVarFields(), b.availableVarFields());
            assertTrue(b.toString().endsWith("Sharded: " + m.shards().size() + " shards ("
                    + m.regionBlockSizes().length + " region blocks x " + m.sampleBlockSizes().length
                    + " sample blocks)\n"), b.toString());
            int[] regions = IntStream.range(0, in.regions()).toArray();
            int[] samples = IntStream.range(0, in.samples()).toArray();
            for (UnaryOperator<Dataset> view : views(a, seed)) {
                try (DatasetOutput want = view.apply(a).getGrid(regions, samples);
                     DatasetOutput got = view.apply(b).getGrid(regions, samples)) {
                    assertSameOutput(want, got, shape + ", " + view.apply(a).seqKind());
                }
            }
            int[] pr = rnd.ints(40, 0, in.regions()).toArray();
            int[] ps = rnd.ints(40, 0, in.samples()).toArray();
            UnaryOperator<Dataset> jittered = d -> d.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(shortest(d) - 2 * d.maxJitter()))
                    .withSettings(s -> s.withJitter(in.jitter()).withSeed(seed).withDeterministic(false));
            Dataset ja = jittered.apply(a);
            Dataset jb = jittered.apply(b);
            for (int round = 0; round < 3; round++) {
                try (DatasetOutput want = ja.get(pr, ps); DatasetOutput got = jb.get(pr, ps)) {
                    assertSameOutput(want, got, shape + ", jitter round " + round);
                }
            }
            assertArrayEquals(a.nVariants(pr, ps), b.nVariants(pr, ps));
        }
        for (ShardManifest.Shard s : m.shards()) {
            assertShardIsItsSlice(single, root, s, in, shape);
        }
        Path exported = tmp.resolve("exported.gvl");
        Gvl.export(root, exported, false);
        assertSameFiles(Stored.tree(single), Stored.tree(exported), "export of " + shape);
    }

    @Test
    void aRetriedPartLeavesTheSameShardedBytesAndMissingOrCopiedPartsPublishNothing() throws IOException {
        Input in = input(tmp, "vcf+tracks", 5);
        Path first = writeSharded(tmp.resolve("a/d.gvl"), in.options(), 7, 5);
        WritePlan plan = Gvl.plan(tmp.resolve("b/d.gvl"), in.options(), 7, 5);
        for (WritePlan.Part p : plan.parts()) {
            PartWriter.write(plan, p);
        }
        Path parts = plan.staging().resolve(DatasetLayout.PARTS);
        Path victim = parts.resolve(plan.parts().get(3).name());
        deleteTree(victim);
        Files.createDirectories(parts.resolve(victim.getFileName() + ".tmp.1-dead/genotypes"));
        PartException.Missing missing = assertThrows(PartException.Missing.class, plan::publishSharded);
        assertTrue(missing.getMessage().contains(victim.getFileName().toString()), missing.getMessage());
        assertFalse(Files.exists(plan.dest()));
        PartWriter.write(WritePlan.fromJson(plan.toJson()), plan.parts().get(3));
        copyTree(victim, parts.resolve("copy-of-it"));
        PartException.Duplicate dup = assertThrows(PartException.Duplicate.class, plan::publishSharded);
        assertTrue(dup.getMessage().contains("copy-of-it"), dup.getMessage());
        assertFalse(Files.exists(plan.dest()));
        deleteTree(parts.resolve("copy-of-it"));
        plan.publishSharded();
        assertSameFiles(Stored.tree(first), Stored.tree(plan.dest()), "a rewritten part and a killed attempt");
        assertFalse(Files.exists(plan.staging()));
    }

    @Test
    void aMissingCopiedAlteredOrForeignShardIsRefusedNamingIt() throws IOException {
        Input in = input(tmp, "vcf+tracks", 0);
        Path root = writeSharded(tmp.resolve("d.gvl"), in.options(), 10, 8);
        String victim = ShardManifest.shardDir(1, 1);
        Path shard = root.resolve(victim);

        Path aside = tmp.resolve("aside");
        Files.move(shard, aside);
        assertRefused(root, victim, "is missing");
        Files.move(aside, shard);

        copyTree(shard, root.resolve(victim + "-copy"));
        assertRefused(root, victim + "-copy", "not a shard listed");
        deleteTree(root.resolve(victim + "-copy"));

        Path manifest = root.resolve(ShardManifest.FILE);
        String json = Files.readString(manifest);
        Files.writeString(manifest, json.replaceFirst("\"nCalls\" : (\\d+)", "\"nCalls\" : 1$1"));
        assertRefused(root, ShardManifest.shardDir(0, 0), "calls");
        Files.writeString(manifest, json.replace("\"dir\" : \"" + victim + "\"", "\"dir\" : \""
                + ShardManifest.shardDir(0, 0) + "\""));
        assertRefused(root, ShardManifest.shardDir(0, 0), "not that block");
        Files.writeString(manifest, json);

        Path meta = shard.resolve("metadata.json");
        String m = Files.readString(meta);
        Files.writeString(meta, m.replaceFirst("\"digest\":\"[0-9a-f]", "\"digest\":\"0"));
        assertRefused(root, victim, "variant table");
        Files.writeString(meta, m);

        Path offsets = shard.resolve("genotypes/offsets.npy");
        byte[] bytes = Files.readAllBytes(offsets);
        Files.write(offsets, Arrays.copyOf(bytes, bytes.length - 8));
        assertRefused(root, victim, "bytes");
        Files.write(offsets, bytes);
        bytes[bytes.length - 9] ^= 1;
        Files.write(offsets, bytes);
        try (DatasetFiles files = DatasetFiles.open(root)) {
            DatasetFormatException e = assertThrows(DatasetFormatException.class, files::verify);
            assertTrue(e.getMessage().contains(victim) && e.getMessage().contains("CRC32C"), e.getMessage());
        } catch (DatasetFormatException e) {
            assertTrue(e.getMessage().contains(victim), e.getMessage());
        }
        bytes[bytes.length - 9] ^= 1;
        Files.write(offsets, bytes);
        try (DatasetFiles files = DatasetFiles.open(root)) {
            files.verify();
        }
    }

    /**
     * The root is refused naming the shard: when opened, or, for what only the shard's own files tell (its metadata,
     * windows and variant table), by the first query that reads the shard; the export refuses it alike.
     */
    private static void assertRefused(Path root, String shard, String words) {
        DatasetFormatException open = assertThrows(DatasetFormatException.class, () -> {
            try (Dataset d = Dataset.open(root)) {
                d.withoutTracks().withSeqs(SeqKind.VARIANTS).getGrid(IntStream.range(0, d.regionCount()).toArray(),
                        IntStream.range(0, d.sampleCount()).toArray()).close();
            }
        });
        assertTrue(open.getMessage().contains(shard) && open.getMessage().contains(words), open.getMessage());
        Path out = root.resolveSibling("export.gvl");
        DatasetFormatException export = assertThrows(DatasetFormatException.class,
                () -> Gvl.export(root, out, false));
        assertEquals(open.getMessage(), export.getMessage());
        assertFalse(Files.exists(out), "nothing is exported");
    }

    private void assertShardIsItsSlice(Path single, Path root, ShardManifest.Shard s, Input in, String shape) {
        Path dir = root.resolve(s.dir());
        int[] inputToSorted = InputRegionsFile.read(single.resolve("input_regions.arrow"))
                .order(single).inputToSorted();
        int[] rows = IntStream.range(0, inputToSorted.length)
                .filter(i -> inputToSorted[i] >= s.regionFrom() && inputToSorted[i] < s.regionTo()).toArray();
        try (Dataset whole = Dataset.open(single, in.fasta()); Dataset part = Dataset.open(dir, in.fasta())) {
            assertEquals(whole.samples().subList(s.sampleFrom(), s.sampleTo()), part.samples(), s.dir());
            int nr = rows.length;
            int ns = s.sampleTo() - s.sampleFrom();
            int[] lr = new int[nr * ns];
            int[] ls = new int[nr * ns];
            int[] gr = new int[nr * ns];
            int[] gs = new int[nr * ns];
            for (int i = 0; i < nr; i++) {
                for (int k = 0; k < ns; k++) {
                    lr[i * ns + k] = i;
                    ls[i * ns + k] = k;
                    gr[i * ns + k] = rows[i];
                    gs[i * ns + k] = s.sampleFrom() + k;
                }
            }
            for (SeqKind kind : List.of(SeqKind.HAPLOTYPES, SeqKind.VARIANTS)) {
                try (DatasetOutput want = whole.withSeqs(kind).get(gr, gs);
                     DatasetOutput got = part.withSeqs(kind).get(lr, ls)) {
                    assertSameOutput(want, got, s.dir() + " alone, " + kind + ", " + shape);
                }
            }
        }
    }

    /** Every output kind, with and without tracks and realignment, ragged and fixed. */
    private static List<UnaryOperator<Dataset>> views(Dataset d, long seed) {
        List<UnaryOperator<Dataset>> out = new ArrayList<>();
        List<String> tracks = d.availableTracks();
        int fixed = shortest(d);
        for (SeqKind kind : List.of(SeqKind.REFERENCE, SeqKind.HAPLOTYPES, SeqKind.ANNOTATED, SeqKind.VARIANTS)) {
            out.add(x -> x.withSeqs(kind).withoutTracks());
            if (kind != SeqKind.VARIANTS) {
                out.add(x -> x.withSeqs(kind).withoutTracks().withLen(OutputLength.fixed(fixed)));
            }
            if (!tracks.isEmpty() && kind != SeqKind.VARIANTS) {
                out.add(x -> x.withSeqs(kind).withTracks(tracks));
                out.add(x -> x.withSeqs(kind).withSettings(s -> s.withRealignTracks(false))
                        .withTracks(tracks, TrackKind.INTERVALS));
                out.add(x -> x.withSeqs(kind).withSettings(s -> s.withRealignTracks(false)).withTracks(tracks)
                        .withLen(OutputLength.fixed(Math.max(1, fixed - 1))));
            }
        }
        if (d.availableVarFields().contains("dosage")) {
            out.add(x -> x.withSeqs(SeqKind.VARIANTS).withSettings(s -> s.withVarFields("alt", "dosage")));
        }
        if (!tracks.isEmpty()) {
            out.add(x -> x.withSeqs(SeqKind.NONE).withTracks(tracks));
        }
        out.add(x -> x.withSeqs(SeqKind.HAPLOTYPES).withSettings(s -> s.withJitter(Math.min(2, x.maxJitter()))
                .withSeed(seed)));
        return out;
    }

    /** The longest fixed length every region allows: the shortest region plus twice the jitter padding. */
    private static int shortest(Dataset d) {
        return d.regions().stream().mapToInt(r -> r.end() - r.start()).min().orElseThrow() + 2 * d.maxJitter();
    }

    static void assertSameOutput(DatasetOutput want, DatasetOutput got, String what) {
        assertArrayEquals(want.leadingShape(), got.leadingShape(), what);
        List<String> names = want.arrays().stream().map(NamedArray::name).toList();
        assertEquals(names, got.arrays().stream().map(NamedArray::name).toList(), what);
        for (String name : names) {
            FlatArray w = want.get(name);
            FlatArray g = got.get(name);
            assertEquals(w.dtype(), g.dtype(), name + " " + what);
            switch (w) {
                case Dense dw -> {
                    Dense dg = (Dense) g;
                    assertArrayEquals(dw.shape(), dg.shape(), name + " " + what);
                    assertArrayEquals(dw.data().toArray(ValueLayout.JAVA_BYTE), dg.data().toArray(ValueLayout.JAVA_BYTE),
                            name + " " + what);
                }
                case Ragged rw -> {
                    Ragged rg = (Ragged) g;
                    assertArrayEquals(rw.shape(), rg.shape(), name + " " + what);
                    assertArrayEquals(rw.offsets().toArray(ValueLayout.JAVA_BYTE),
                            rg.offsets().toArray(ValueLayout.JAVA_BYTE), name + " offsets " + what);
                    assertArrayEquals(rw.data().toArray(ValueLayout.JAVA_BYTE), rg.data().toArray(ValueLayout.JAVA_BYTE),
                            name + " " + what);
                }
            }
        }
    }

    static Path writeSharded(Path dest, WriteOptions o, int rpb, int spb) {
        WritePlan plan = Gvl.plan(dest, o, rpb, spb);
        for (WritePlan.Part p : plan.parts()) {
            PartWriter.write(plan, p);
        }
        plan.publishSharded();
        return dest;
    }

    private static int ceil(int n, int block) {
        return (n + block - 1) / block;
    }

    private static void assertSameFiles(SortedMap<String, byte[]> want, SortedMap<String, byte[]> got, String what) {
        assertEquals(want.keySet(), got.keySet(), what);
        want.forEach((k, v) -> assertArrayEquals(v, got.get(k), k + " (" + what + ")"));
    }

    /** A write request with its shape and its reference. */
    record Input(WriteOptions options, Path fasta, int regions, int samples, int jitter) {
    }

    static Input input(Path tmp, String input, int jitter) throws IOException {
        if (input.startsWith("vcf")) {
            WriteOptions.Builder b = WriteOptions.builder(SET.resolve("regions.bed"))
                    .variants(SET.resolve("z_synth16.norm.vcf.gz"));
            for (String track : List.of("cov", "sig")) {
                Map<String, Path> paths = new LinkedHashMap<>();
                for (int i = 0; i < 16; i++) {
                    String s = String.format("S%02d", i);
                    Path bw = tmp.resolve(track + "-" + s + ".bw");
                    if (!Files.exists(bw)) {
                        BigWigWriter w = BigWigWriter.create(bw, Map.of("z", 1_000_000));
                        Random rnd = new Random(31L * i + track.hashCode());
                        for (int at = 0; at < 1_000_000 - 60; ) {
                            int end = at + 1 + rnd.nextInt(60);
                            w.add("z", at, end, rnd.nextInt(-500, 500) / 8f);
                            at = end + rnd.nextInt(20);
                        }
                        w.finish();
                    }
                    paths.put(s, bw);
                }
                b.track(new BigWigs(track, paths));
            }
            b.annotation(new AnnotationTrack("peaks", annotations(tmp, "z", 997_000)));
            return new Input(b.maxJitter(jitter).overwrite(true).build(), Z_FASTA, 24, 16, jitter);
        }
        boolean dosage = input.endsWith("dosage");
        Path bed = tmp.resolve(input + ".bed");
        Path fasta = tmp.resolve(input + ".fa");
        String contig = dosage ? "chr4" : "chr2";
        if (!Files.exists(bed)) {
            Files.writeString(bed, dosage
                    ? "chr4\t90\t130\nchr4\t95\t101\nchr4\t190\t260\nchr4\t300\t420\nchr4\t480\t510\nchr4\t10\t600\n"
                    : "chr2\t995\t1012\nchr2\t1000\t1001\nchr2\t1015\t1100\nchr2\t1050\t1200\nchr2\t1185\t1300\n"
                    + "chr2\t1100\t1102\n");
            Random rnd = new Random(input.hashCode());
            StringBuilder seq = new StringBuilder(">" + contig + "\n");
            for (int i = 0; i < 10_000; i++) {
                seq.append("ACGT".charAt(rnd.nextInt(4)));
            }
            Files.writeString(fasta, seq.append('\n'));
        }
        WriteOptions.Builder b = WriteOptions.builder(bed).variants(EXAMPLES.resolve(dosage ? "dosage.pgen"
                : "many.pgen"));
        if (!dosage) {
            b.annotation(new AnnotationTrack("peaks", annotations(tmp, contig, 2_000)));
        }
        return new Input(b.maxJitter(jitter).overwrite(true).build(), fasta, 6, dosage ? 40 : 1000, jitter);
    }

    private static Path annotations(Path tmp, String contig, int length) throws IOException {
        Path annot = tmp.resolve(contig + "-annot.bed");
        if (!Files.exists(annot)) {
            StringBuilder t = new StringBuilder();
            Random rnd = new Random(7);
            for (int i = 0; i < 300; i++) {
                int s = rnd.nextInt(length);
                t.append(contig).append('\t').append(s).append('\t').append(s + 1 + rnd.nextInt(length / 20))
                        .append("\tf").append(i).append('\t').append(rnd.nextInt(100)).append('\n');
            }
            Files.writeString(annot, t);
        }
        return annot;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Files.copy(p, to.resolve(from.relativize(p).toString()));
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
