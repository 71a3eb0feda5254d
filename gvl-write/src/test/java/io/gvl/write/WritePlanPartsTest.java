package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.gvl.format.DatasetLayout;
import io.gvl.format.PartException;
import io.gvl.format.build.DatasetPublisher;
import io.gvl.io.bigwig.BigWigWriter;
import io.gvl.testing.Stored;
import io.gvl.write.internal.DatasetWriter;
import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.VariantSource;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Plan + parts + merge must give the bytes of a single-block write for any block shape, on real VCF and PGEN
 * inputs with and without tracks; parts are idempotent, killed parts are ignored, and the merge refuses missing,
 * duplicated or foreign parts without publishing anything.
 */
class WritePlanPartsTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path SET = DATA.resolve("real-derived/vg-z-synth16");
    static final Path PGEN = DATA.resolve("pgen-examples/many.pgen");

    @TempDir
    Path tmp;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String input : List.of("vcf", "vcf+tracks", "pgen", "pgen+annotation")) {
            for (long seed = 1; seed <= 4; seed++) {
                out.add(Arguments.of(input, 20260700L + seed + 31L * input.length()));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("cases")
    void anyBlockShapeGivesTheSingleBlockBytes(String input, long seed) throws IOException {
        Random rnd = new Random(seed);
        WriteOptions o = options(input, rnd.nextInt(20), 1 + rnd.nextInt(3));
        int regions = input.startsWith("vcf") ? 24 : 6;
        int samples = input.startsWith("vcf") ? 16 : 1000;
        int rpb = 1 + rnd.nextInt(regions);
        int spb = 1 + rnd.nextInt(rnd.nextBoolean() ? samples : Math.min(samples, 7));
        Path single = tmp.resolve("single.gvl");
        Gvl.write(single, o);
        Path parts = tmp.resolve("parts.gvl");
        DatasetWriter.write(parts, o, rpb, spb);
        SortedMap<String, byte[]> want = Stored.tree(single);
        SortedMap<String, byte[]> got = Stored.tree(parts);
        assertEquals(want.keySet(), got.keySet(), "blocks of " + rpb + " regions x " + spb + " samples");
        want.forEach((k, v) -> assertArrayEquals(v, got.get(k), k + " with blocks of " + rpb + " x " + spb));
        try (Stream<Path> left = Files.list(tmp)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().contains(".tmp.")), "build directory published");
        }
    }

    @Test
    void retriedPartIsReusedKilledPartIsRedoneAndMergeMatchesGvlWrite() throws IOException {
        WriteOptions o = options("vcf+tracks", 5, 1);
        Path dest = tmp.resolve("d.gvl");
        WritePlan plan = Gvl.plan(dest, o, 7, 5);
        assertEquals(4 * 4 * 2, plan.parts().size());
        WritePlan.Part first = plan.parts().getFirst();
        assertFalse(PartWriter.write(plan, first));
        Path partDir = plan.staging().resolve(DatasetLayout.PARTS).resolve(first.name());
        SortedMap<String, byte[]> once = Stored.tree(partDir);
        assertTrue(PartWriter.write(plan, first), "a published part is reused");
        deleteTree(partDir);
        assertFalse(PartWriter.write(plan, first));
        SortedMap<String, byte[]> twice = Stored.tree(partDir);
        assertEquals(once.keySet(), twice.keySet());
        once.forEach((k, v) -> assertArrayEquals(v, twice.get(k), "a rewritten part is byte-identical: " + k));
        // a killed attempt: a partial temporary directory beside the parts
        Path killed = plan.staging().resolve(DatasetLayout.PARTS).resolve(plan.parts().get(1).name() + ".tmp.1-dead");
        Files.createDirectories(killed.resolve("genotypes"));
        Files.write(killed.resolve("genotypes/offsets.npy"), new byte[] {1, 2, 3});
        for (WritePlan.Part p : plan.parts()) {
            PartWriter.write(WritePlan.fromJson(plan.toJson()), p);
        }
        plan.merge();
        assertFalse(Files.exists(plan.staging()), "the staging directory is removed after the merge");
        Path direct = tmp.resolve("direct.gvl");
        Gvl.write(direct, o);
        SortedMap<String, byte[]> want = Stored.tree(direct);
        SortedMap<String, byte[]> got = Stored.tree(dest);
        assertEquals(want.keySet(), got.keySet());
        want.forEach((k, v) -> assertArrayEquals(v, got.get(k), k));
    }

    @Test
    void mergeRefusesMissingDuplicatedAndForeignPartsAndPublishesNothing() throws IOException {
        WriteOptions o = options("vcf", 0, 1);
        Path dest = tmp.resolve("d.gvl");
        WritePlan plan = Gvl.plan(dest, o, 10, 8);
        for (WritePlan.Part p : plan.parts()) {
            PartWriter.write(plan, p);
        }
        Path parts = plan.staging().resolve(DatasetLayout.PARTS);
        Path victim = parts.resolve(plan.parts().get(2).name());
        Path aside = tmp.resolve("aside");
        Files.move(victim, aside);
        PartException.Missing missing = assertThrows(PartException.Missing.class, plan::merge);
        assertTrue(missing.getMessage().contains(plan.parts().get(2).name()), missing.getMessage());
        assertFalse(Files.exists(dest));
        Files.move(aside, victim);

        Path copy = parts.resolve("copy-of-a-part");
        copyTree(victim, copy);
        PartException.Duplicate dup = assertThrows(PartException.Duplicate.class, plan::merge);
        assertTrue(dup.getMessage().contains(plan.parts().get(2).name())
                && dup.getMessage().contains("copy-of-a-part"), dup.getMessage());
        assertFalse(Files.exists(dest));
        deleteTree(copy);

        Path manifest = victim.resolve("part.json");
        String json = Files.readString(manifest);
        Files.writeString(manifest, json.replaceFirst("\"digest\" : \"[0-9a-f]", "\"digest\" : \"x"));
        PartException.Mismatch foreign = assertThrows(PartException.Mismatch.class, plan::merge);
        assertTrue(foreign.getMessage().contains(victim.toString()), foreign.getMessage());
        assertFalse(Files.exists(dest));
        Files.writeString(manifest, json);

        plan.merge();
        assertTrue(Files.isRegularFile(dest.resolve("metadata.json")));
    }

    @Test
    void aKilledPlansLeftoverIsSweptByTheNextWrite() throws IOException {
        WriteOptions o = options("vcf", 0, 1);
        Path dest = Files.createDirectory(tmp.resolve("out")).resolve("d.gvl");
        WritePlan plan = Gvl.plan(dest, o, 10, 8);
        PartWriter.write(plan, plan.parts().getFirst());
        assertTrue(plan.staging().getFileName().toString().startsWith("d.gvl.tmp."), plan.staging().toString());
        assertTrue(Files.isRegularFile(plan.staging().resolve("genotypes/variants.arrow")),
                "the variant table is staged where the dataset keeps it");
        DatasetPublisher.releaseBuild(plan.staging()); // what the OS does to the lock of a killed process
        Gvl.write(dest, o);
        try (Stream<Path> left = Files.list(dest.getParent())) {
            assertEquals(List.of("d.gvl", "d.gvl.lock"), left.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void anOpenPlanHoldsTheDestinationUntilMergeOrDiscard() throws Exception {
        WriteOptions o = options("vcf", 0, 1);
        Path dest = Files.createDirectory(tmp.resolve("out")).resolve("d.gvl");
        Path want = tmp.resolve("want.gvl");
        Gvl.write(want, o);
        for (boolean merge : new boolean[] {true, false}) {
            WritePlan plan = Gvl.plan(dest, o, 10, 8);
            plan.parts().forEach(p -> PartWriter.write(plan, p));
            java.util.concurrent.FutureTask<Void> other = new java.util.concurrent.FutureTask<>(() -> {
                Gvl.write(dest, o);
                return null;
            });
            Thread t = new Thread(other, "second-writer");
            t.start();
            awaitParkedInDestinationLock(t);
            assertTrue(Files.isDirectory(plan.staging().resolve(DatasetLayout.PARTS)), "parts must survive the wait");
            if (merge) {
                plan.merge(); // every part is still there: a sweep would make this throw PartException.Missing
            } else {
                plan.discard();
            }
            other.get(60, java.util.concurrent.TimeUnit.SECONDS); // then the waiting write runs (overwriting)
            SortedMap<String, byte[]> wanted = Stored.tree(want);
            SortedMap<String, byte[]> got = Stored.tree(dest);
            assertEquals(wanted.keySet(), got.keySet());
            wanted.forEach((k, v) -> assertArrayEquals(v, got.get(k), (merge ? "merged: " : "after discard: ") + k));
            deleteTree(dest);
        }
    }

    /** Waits until {@code t} is parked waiting for a destination's lock. */
    private static void awaitParkedInDestinationLock(Thread t) throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        while (!(t.getState() == Thread.State.WAITING && java.util.Arrays.stream(t.getStackTrace())
                .anyMatch(f -> f.getClassName().equals("io.gvl.format.build.DestinationLock")))) {
            assertTrue(t.isAlive() && System.nanoTime() < deadline, "the second write never waited for the lock");
            Thread.sleep(5);
        }
    }

    @Test
    void planJsonRoundTrips() throws IOException {
        WritePlan plan = Gvl.plan(tmp.resolve("d.gvl"), options("vcf+tracks", 3, 2), 5, 3);
        String json = plan.toJson();
        WritePlan back = WritePlan.fromJson(json);
        assertEquals(json, back.toJson());
        assertEquals(plan.parts(), back.parts());
        assertEquals(plan.grid().metadata(), back.grid().metadata());
        assertEquals(plan.variantsFingerprint(), back.variantsFingerprint());
        assertArrayEquals(plan.regionBlockSizes(), back.regionBlockSizes());
        assertEquals(plan.bigWigs(), back.bigWigs());
        assertEquals(plan.annotations(), back.annotations());
        assertEquals(plan.options(), back.options());
        plan.discard();
        assertThrows(WriteException.class, () -> WritePlan.fromJson("{\"dest\": 3"));
    }

    @Test
    void aPlanOverAVariantObjectRefusesJsonNamingTheInputAndWhy() {
        try (VariantSource vcf = VariantSources.open(SET.resolve("z_synth16.norm.vcf.gz"))) {
            WriteOptions o = WriteOptions.builder(SET.resolve("regions.bed")).variants(vcf).build();
            WritePlan plan = Gvl.plan(tmp.resolve("d.gvl"), o, 10, 8);
            assertFalse(plan.portable());
            WriteException e = assertThrows(WriteException.class, plan::toJson);
            assertTrue(e.getMessage().contains(vcf.getClass().getSimpleName() + " object")
                    && e.getMessage().contains("WriteOptions.variants(VariantSource)")
                    && e.getMessage().contains(tmp.resolve("d.gvl").toString()), e.getMessage());
            assertThrows(WriteException.class, plan::options);
            plan.discard();
            assertFalse(Files.exists(plan.staging()));
        }
    }

    private WriteOptions options(String input, int jitter, int threads) throws IOException {
        WriteOptions.Builder b;
        List<String> samples = new ArrayList<>();
        String contig;
        int length;
        if (input.startsWith("vcf")) {
            b = WriteOptions.builder(SET.resolve("regions.bed")).variants(SET.resolve("z_synth16.norm.vcf.gz"));
            for (int i = 0; i < 16; i++) {
                samples.add(String.format("S%02d", i));
            }
            contig = "z";
            length = 1_000_000;
        } else {
            Path bed = tmp.resolve("pgen.bed");
            if (!Files.exists(bed)) {
                Files.writeString(bed, "chr2\t995\t1012\n chr2\t1000\t1001\nchr2\t1015\t1100\nchr2\t1050\t1200\n"
                        .replace("\n ", "\n") + "chr2\t1185\t1300\nchr2\t1100\t1102\n");
            }
            b = WriteOptions.builder(bed).variants(PGEN);
            contig = "chr2";
            length = 10_000;
        }
        if (input.endsWith("tracks")) {
            Map<String, Path> paths = new LinkedHashMap<>();
            for (String s : samples) {
                Path bw = tmp.resolve(s + ".bw");
                if (!Files.exists(bw)) {
                    BigWigWriter w = BigWigWriter.create(bw, Map.of(contig, length));
                    int step = 40 + s.hashCode() % 50;
                    for (int i = 0; i * step + step < length; i += 3) {
                        w.add(contig, i * step, i * step + step, i % 11);
                    }
                    w.finish();
                }
                paths.put(s, bw);
            }
            b.track(new BigWigs("cov", paths));
        }
        if (input.endsWith("tracks") || input.endsWith("annotation")) {
            Path annot = tmp.resolve("annot.bed");
            if (!Files.exists(annot)) {
                StringBuilder t = new StringBuilder();
                Random rnd = new Random(7);
                for (int i = 0; i < 400; i++) {
                    int s = rnd.nextInt(length - 3000);
                    t.append(contig).append('\t').append(s).append('\t').append(s + 1 + rnd.nextInt(2000))
                            .append("\tf").append(i).append('\t').append(rnd.nextInt(100)).append('\n');
                }
                Files.writeString(annot, t);
            }
            b.annotation(new AnnotationTrack("peaks", annot));
        }
        return b.maxJitter(jitter).threads(threads).overwrite(true).build();
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
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
