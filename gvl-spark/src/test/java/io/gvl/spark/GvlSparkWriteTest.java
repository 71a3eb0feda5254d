package io.gvl.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.gvl.format.DatasetLayout;
import io.gvl.format.PartException;
import io.gvl.spark.errors.GvlSparkWriteException;
import io.gvl.spark.internal.DistributedWrite;
import io.gvl.spark.internal.PartHook;
import io.gvl.spark.internal.PartOutcome;
import io.gvl.write.Gvl;
import io.gvl.write.VariantSources;
import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.VariantSource;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GvlSpark#write} on real data (vg-z-synth16: real GRCh37 sequence and 1000 Genomes sites, 16 phased samples,
 * 24 regions, with two seeded bigWig tracks and an annotation track; and the PLINK 2 example {@code many.pgen}, 1000
 * samples, in region x sample blocks) must publish exactly the files of a local {@link Gvl#write}, byte for byte,
 * also when tasks fail on their first attempt midway or after publishing their part; a part missing or present
 * twice at the merge, a part that fails on every attempt and a plan that cannot leave the driver are typed errors
 * that publish nothing and leave no build directory. Uses the module's shared Spark session ({@link SharedSpark}).
 */
class GvlSparkWriteTest {
    static final long SEED = 20261204L;
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path Z = DATA.resolve("real-derived/vg-z-synth16");
    static final Path PGEN = DATA.resolve("pgen-examples/many.pgen");

    /** Files a hook saw, by test key: how a task attempt's state is handed back to the test in local mode. */
    static final Map<String, SortedMap<String, byte[]>> SEEN = new ConcurrentHashMap<>();

    @TempDir
    static Path tmp;
    static WriteOptions vcfTracks;
    static SortedMap<String, byte[]> localVcfTracks;
    static SparkSession spark;

    @BeforeAll
    static void setUp() throws IOException {
        vcfTracks = vcfWithTracks();
        Path local = tmp.resolve("local.gvl");
        Gvl.write(local, vcfTracks);
        localVcfTracks = tree(local);
        spark = SharedSpark.session();
    }

    @Test
    void distributedWriteEqualsLocalWriteByteForByte_vcfTracks_seed20261204() throws IOException {
        Path out = Files.createDirectory(tmp.resolve("vcf")).resolve("d.gvl");
        List<PartOutcome> outcomes = DistributedWrite.run(spark, out, vcfTracks, 7, 5, PartHook.NONE, p -> { });
        assertEquals(4 * 4 * 2, outcomes.size(), "one task per part: 4 region x 4 sample blocks, two kinds");
        assertTrue(outcomes.stream().noneMatch(PartOutcome::reused), outcomes.toString());
        assertSameFiles(localVcfTracks, tree(out), "7 x 5 blocks");
        assertOnly(out.getParent(), "d.gvl", "d.gvl.lock");
    }

    @Test
    void distributedWriteEqualsLocalWriteByteForByte_pgenSampleBlocks() throws IOException {
        Path bed = tmp.resolve("pgen.bed");
        Files.writeString(bed, "chr2\t995\t1012\nchr2\t1000\t1001\nchr2\t1015\t1100\nchr2\t1050\t1200\n"
                + "chr2\t1185\t1300\nchr2\t1100\t1102\n");
        WriteOptions o = WriteOptions.builder(bed).variants(PGEN).maxJitter(3).overwrite(true).build();
        Path local = tmp.resolve("pgen-local.gvl");
        Gvl.write(local, o);
        Path out = Files.createDirectory(tmp.resolve("pgen")).resolve("d.gvl");
        GvlSpark.write(spark, out, o, 2, 300);
        assertSameFiles(tree(local), tree(out), "2 regions x 300 samples per block");
        assertOnly(out.getParent(), "d.gvl", "d.gvl.lock");
    }

    @Test
    void tasksFailingOnTheirFirstAttemptAreRetriedAndLeaveTheSameBytes() throws IOException {
        String afterPublish = "genotypes-r1-s2";
        String midway = "tracks-r2-s0";
        PartHook hook = (stage, plan, part, attempt) -> {
            if (attempt > 0) {
                return;
            }
            if (stage == PartHook.Stage.AFTER && part.equals(afterPublish)) {
                SEEN.put("first:" + part, tree(partDir(plan, part)));
                throw new IllegalStateException("injected failure after publishing " + part);
            }
            if (stage == PartHook.Stage.BEFORE && part.equals(midway)) {
                // a killed attempt: half a part in its temporary directory
                writePartial(partDir(plan, part).resolveSibling(part + ".tmp.1-dead"));
                throw new IllegalStateException("injected failure midway through " + part);
            }
        };
        Consumer<WritePlan> beforeMerge = plan -> {
            SEEN.put("merged:" + afterPublish, tree(partDir(plan, afterPublish)));
            SEEN.put("merged:" + midway, tree(partDir(plan, midway)));
        };
        Path out = Files.createDirectory(tmp.resolve("retry")).resolve("d.gvl");
        List<PartOutcome> outcomes = DistributedWrite.run(spark, out, vcfTracks, 7, 5, hook, beforeMerge);
        Map<String, PartOutcome> byPart = new TreeMap<>();
        outcomes.forEach(o -> byPart.put(o.part(), o));
        assertEquals(new PartOutcome(afterPublish, true, 1), byPart.get(afterPublish), "the retry reuses the part");
        assertEquals(new PartOutcome(midway, false, 1), byPart.get(midway), "the retry writes the part anew");
        assertSameFiles(SEEN.get("first:" + afterPublish), SEEN.get("merged:" + afterPublish), "reused part");
        assertFalse(SEEN.get("merged:" + midway).isEmpty());
        assertSameFiles(localVcfTracks, tree(out), "with two retried tasks");
        assertOnly(out.getParent(), "d.gvl", "d.gvl.lock");
    }

    @Test
    void aPartMissingOrPublishedTwiceAtTheMergeIsATypedErrorAndNothingIsPublished() throws IOException {
        WriteOptions o = vcfOnly();
        Path out = Files.createDirectory(tmp.resolve("missing")).resolve("d.gvl");
        String victim = "genotypes-r1-s0";
        GvlSparkWriteException missing = assertThrows(GvlSparkWriteException.class, () -> DistributedWrite.run(
                spark, out, o, 12, 16, PartHook.NONE, plan -> Trees.delete(partDir(plan, victim))));
        assertInstanceOf(PartException.Missing.class, missing.getCause());
        assertTrue(missing.getMessage().contains(victim) && missing.getMessage().contains(out.toString())
                && missing.getMessage().contains("Nothing was published"), missing.getMessage());
        assertOnly(out.getParent(), "d.gvl.lock");

        Path twice = Files.createDirectory(tmp.resolve("twice")).resolve("d.gvl");
        GvlSparkWriteException dup = assertThrows(GvlSparkWriteException.class, () -> DistributedWrite.run(
                spark, twice, o, 12, 16, PartHook.NONE,
                plan -> copyTree(partDir(plan, victim), partDir(plan, "copy-of-" + victim))));
        assertInstanceOf(PartException.Duplicate.class, dup.getCause());
        assertTrue(dup.getMessage().contains(victim) && dup.getMessage().contains("copy-of-" + victim),
                dup.getMessage());
        assertOnly(twice.getParent(), "d.gvl.lock");
    }

    @Test
    void theDriverRefusesJobResultsThatMissOrRepeatAPart() {
        Path dest = tmp.resolve("d.gvl");
        List<String> parts = List.of("genotypes-r0-s0", "genotypes-r1-s0");
        DistributedWrite.checkOnce(dest, parts, List.of(new PartOutcome(parts.get(1), false, 0),
                new PartOutcome(parts.get(0), true, 2)));
        PartException.Missing missing = assertThrows(PartException.Missing.class, () -> DistributedWrite.checkOnce(
                dest, parts, List.of(new PartOutcome(parts.get(0), false, 0))));
        assertTrue(missing.getMessage().contains(parts.get(1)), missing.getMessage());
        PartException.Duplicate dup = assertThrows(PartException.Duplicate.class, () -> DistributedWrite.checkOnce(
                dest, parts, List.of(new PartOutcome(parts.get(0), false, 0), new PartOutcome(parts.get(1), false, 0),
                        new PartOutcome(parts.get(1), true, 1))));
        assertTrue(dup.getMessage().contains(parts.get(1) + " 2 times"), dup.getMessage());
    }

    @Test
    void aPartFailingOnEveryAttemptFailsTheWriteNamingThePartAndPublishesNothing() throws IOException {
        Path out = Files.createDirectory(tmp.resolve("fails")).resolve("d.gvl");
        String bad = "genotypes-r0-s0";
        PartHook hook = (stage, plan, part, attempt) -> {
            if (part.equals(bad)) {
                throw new IllegalStateException("disk quota exceeded (injected)");
            }
        };
        GvlSparkWriteException e = assertThrows(GvlSparkWriteException.class,
                () -> DistributedWrite.run(spark, out, vcfOnly(), 12, 16, hook, plan -> { }));
        assertTrue(e.getMessage().contains("part " + bad + " of " + out) && e.getMessage().contains("attempt 3")
                && e.getMessage().contains("disk quota exceeded (injected)")
                && e.getMessage().contains("nothing was published"), e.getMessage());
        assertOnly(out.getParent(), "d.gvl.lock");
    }

    /**
     * A part that fails on every attempt while another part's task is still running: that task would write into the
     * build directory after the driver removed it, so the driver waits for it (its job group is cancelled) before
     * removing the directory. The other task sleeps past the failure, ignoring the cancellation, then writes its
     * part; nothing but the lock may be left, then or after it would have finished.
     */
    @Test
    void aFailedWriteRemovesTheBuildDirectoryOnlyAfterItsOtherTasksStop() throws Exception {
        Path out = Files.createDirectory(tmp.resolve("straggler")).resolve("d.gvl");
        String bad = "genotypes-r0-s0";
        String slow = "genotypes-r1-s0";
        PartHook hook = (stage, plan, part, attempt) -> {
            if (part.equals(bad)) {
                throw new IllegalStateException("disk quota exceeded (injected)");
            }
            if (part.equals(slow) && stage == PartHook.Stage.BEFORE) {
                // Sleeps 1.5 s whatever happens, then writes its part: a task that does not notice being cancelled.
                long end = System.nanoTime() + 1_500_000_000L;
                while (System.nanoTime() < end) {
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException ignored) {
                        // the cancellation's interrupt, swallowed
                    }
                }
            }
        };
        assertThrows(GvlSparkWriteException.class,
                () -> DistributedWrite.run(spark, out, vcfOnly(), 12, 16, hook, plan -> { }));
        assertOnly(out.getParent(), "d.gvl.lock");
        Thread.sleep(2000);
        assertOnly(out.getParent(), "d.gvl.lock");
    }

    @Test
    void aPlanOverAVariantObjectIsRefusedNamingTheInput() throws IOException {
        Path out = Files.createDirectory(tmp.resolve("object")).resolve("d.gvl");
        try (VariantSource vcf = VariantSources.open(Z.resolve("z_synth16.norm.vcf.gz"))) {
            WriteOptions o = WriteOptions.builder(Z.resolve("regions.bed")).variants(vcf).build();
            GvlSparkWriteException e = assertThrows(GvlSparkWriteException.class, () -> GvlSpark.write(spark, out, o));
            assertTrue(e.getMessage().contains(out.toString())
                    && e.getMessage().contains(vcf.getClass().getSimpleName() + " object")
                    && e.getMessage().contains("WriteOptions.variants(VariantSource)")
                    && e.getMessage().contains("Fix: give the variants as a VCF, BCF or PGEN file"), e.getMessage());
        }
        assertOnly(out.getParent(), "d.gvl.lock");
    }

    private static WriteOptions vcfOnly() {
        return WriteOptions.builder(Z.resolve("regions.bed")).variants(Z.resolve("z_synth16.norm.vcf.gz"))
                .overwrite(true).build();
    }

    /** vg-z-synth16 with two seeded bigWig tracks, a seeded annotation track and jitter. */
    private static WriteOptions vcfWithTracks() throws IOException {
        WriteOptions.Builder b = WriteOptions.builder(Z.resolve("regions.bed"))
                .variants(Z.resolve("z_synth16.norm.vcf.gz")).maxJitter(5).overwrite(true);
        for (String track : List.of("cov", "sig")) {
            Map<String, Path> files = new LinkedHashMap<>();
            for (int s = 0; s < 16; s++) {
                String sample = String.format("S%02d", s);
                files.put(sample, SeededBigWig.write(tmp.resolve(track + "-" + sample + ".bw"), Z.resolve("regions.bed"),
                        new SplittableRandom(SEED * 31 + track.hashCode() * 97L + s)));
            }
            b.track(new BigWigs(track, files));
        }
        SplittableRandom rng = new SplittableRandom(SEED);
        StringBuilder annot = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            int start = rng.nextInt(997_000);
            annot.append("z\t").append(start).append('\t').append(start + 1 + rng.nextInt(2000)).append("\tf")
                    .append(i).append('\t').append(rng.nextInt(100)).append('\n');
        }
        Path bed = tmp.resolve("peaks.bed");
        Files.writeString(bed, annot);
        return b.annotation(new AnnotationTrack("peaks", bed)).build();
    }

    private static Path partDir(WritePlan plan, String part) {
        return plan.staging().resolve(DatasetLayout.PARTS).resolve(part);
    }

    private static void writePartial(Path dir) {
        try {
            Files.createDirectories(dir.resolve("genotypes"));
            Files.write(dir.resolve("genotypes/offsets.npy"), new byte[] {1, 2, 3});
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every regular file under {@code root}, by relative path, with its bytes. */
    static SortedMap<String, byte[]> tree(Path root) {
        SortedMap<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                out.put(root.relativize(p).toString(), Files.readAllBytes(p));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static void assertSameFiles(SortedMap<String, byte[]> want, SortedMap<String, byte[]> got, String what) {
        assertEquals(want.keySet(), got.keySet(), what);
        want.forEach((k, v) -> assertArrayEquals(v, got.get(k), k + " (" + what + ")"));
    }

    /** The directory holds exactly these names: no build directory, no partial dataset (the lock file may stay). */
    private static void assertOnly(Path dir, String... names) throws IOException {
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(names), left.map(p -> p.getFileName().toString()).sorted().toList(), dir.toString());
        }
    }

    private static void copyTree(Path from, Path to) {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Files.copy(p, to.resolve(from.relativize(p).toString()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
