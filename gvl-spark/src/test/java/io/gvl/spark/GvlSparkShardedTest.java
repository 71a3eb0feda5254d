package io.gvl.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.gvl.format.DatasetLayout;
import io.gvl.format.PartException;
import io.gvl.format.io.ShardManifest;
import io.gvl.spark.errors.GvlSparkWriteException;
import io.gvl.spark.internal.DistributedWrite;
import io.gvl.spark.internal.PartHook;
import io.gvl.spark.internal.PartOutcome;
import io.gvl.write.Gvl;
import io.gvl.write.PartWriter;
import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GvlSpark#writeSharded} on real data (vg-z-synth16 with two seeded bigWig tracks and an annotation track in
 * 7 x 5 blocks; the PLINK 2 example {@code many.pgen} in 2 regions x 300 samples): the root equals a local sharded
 * write ({@link WritePlan#publishSharded()}) file by file, also when tasks fail on their first attempt midway or
 * after publishing; {@link Gvl#export} of it equals a local {@link Gvl#write}; a missing part publishes nothing;
 * {@code spark.read.format("gvl")} on the root returns the rows it returns on the single directory.
 */
class GvlSparkShardedTest {
    static final long SEED = 20261205L;
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path Z = DATA.resolve("real-derived/vg-z-synth16");
    static final Path FASTA = DATA.resolve("real/vg-1mb1kgp/z.fa");

    @TempDir
    static Path tmp;
    static WriteOptions vcfTracks;
    static Path single;
    static Path localSharded;
    static SparkSession spark;

    @BeforeAll
    static void setUp() throws IOException {
        vcfTracks = vcfWithTracks(tmp);
        single = tmp.resolve("single.gvl");
        Gvl.write(single, vcfTracks);
        localSharded = writeLocally(tmp.resolve("local-sharded.gvl"), vcfTracks, 7, 5);
        spark = SharedSpark.session();
    }

    @Test
    void shardedWriteEqualsTheLocalShardedWriteAndExportsToTheLocalWrite_vcfTracks_seed20261205() throws IOException {
        Path out = Files.createDirectory(tmp.resolve("vcf")).resolve("d.gvl");
        GvlSpark.writeSharded(spark, out, vcfTracks, 7, 5);
        assertEquals(4 * 4, ShardManifest.read(out).shards().size());
        assertSameFiles(GvlSparkWriteTest.tree(localSharded), GvlSparkWriteTest.tree(out), "7 x 5 shards");
        assertTrue(Files.isSameFile(out.resolve("genotypes/variants.arrow"),
                out.resolve(ShardManifest.shardDir(2, 3)).resolve("genotypes/variants.arrow"))
                || Files.mismatch(out.resolve("genotypes/variants.arrow"),
                out.resolve(ShardManifest.shardDir(2, 3)).resolve("genotypes/variants.arrow")) < 0);
        Path exported = tmp.resolve("vcf-exported.gvl");
        Gvl.export(out, exported, false);
        assertSameFiles(GvlSparkWriteTest.tree(single), GvlSparkWriteTest.tree(exported), "export");
    }

    @Test
    void shardedWriteEqualsTheLocalShardedWrite_pgenSampleBlocks() throws IOException {
        Path bed = tmp.resolve("pgen.bed");
        Files.writeString(bed, "chr2\t995\t1012\nchr2\t1000\t1001\nchr2\t1015\t1100\nchr2\t1050\t1200\n"
                + "chr2\t1185\t1300\nchr2\t1100\t1102\n");
        WriteOptions o = WriteOptions.builder(bed).variants(DATA.resolve("pgen-examples/many.pgen")).maxJitter(3)
                .overwrite(true).build();
        Path local = writeLocally(tmp.resolve("pgen-local.gvl"), o, 2, 300);
        Path out = Files.createDirectory(tmp.resolve("pgen")).resolve("d.gvl");
        GvlSpark.writeSharded(spark, out, o, 2, 300);
        assertEquals(3 * 4, ShardManifest.read(out).shards().size());
        assertSameFiles(GvlSparkWriteTest.tree(local), GvlSparkWriteTest.tree(out), "2 x 300 shards");
        Path whole = tmp.resolve("pgen-single.gvl");
        Gvl.write(whole, o);
        Path exported = tmp.resolve("pgen-exported.gvl");
        Gvl.export(out, exported, false);
        assertSameFiles(GvlSparkWriteTest.tree(whole), GvlSparkWriteTest.tree(exported), "export");
    }

    @Test
    void tasksFailingOnTheirFirstAttemptLeaveTheSameShardedBytes() throws IOException {
        String afterPublish = "genotypes-r2-s1";
        String midway = "tracks-r0-s3";
        PartHook hook = (stage, plan, part, attempt) -> {
            if (attempt > 0) {
                return;
            }
            if (stage == PartHook.Stage.AFTER && part.equals(afterPublish)) {
                throw new IllegalStateException("injected failure after publishing " + part);
            }
            if (stage == PartHook.Stage.BEFORE && part.equals(midway)) {
                try {
                    Path dead = plan.staging().resolve(DatasetLayout.PARTS).resolve(part + ".tmp.1-dead");
                    Files.createDirectories(dead.resolve("intervals"));
                    Files.write(dead.resolve("intervals/offsets.npy"), new byte[] {7});
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                throw new IllegalStateException("injected failure midway through " + part);
            }
        };
        Path out = Files.createDirectory(tmp.resolve("retry")).resolve("d.gvl");
        List<PartOutcome> outcomes = DistributedWrite.run(spark, out, vcfTracks, 7, 5, hook, plan -> { }, true);
        Map<String, PartOutcome> byPart = new TreeMap<>();
        outcomes.forEach(o -> byPart.put(o.part(), o));
        assertEquals(new PartOutcome(afterPublish, true, 1), byPart.get(afterPublish));
        assertEquals(new PartOutcome(midway, false, 1), byPart.get(midway));
        assertSameFiles(GvlSparkWriteTest.tree(localSharded), GvlSparkWriteTest.tree(out), "two retried tasks");
    }

    @Test
    void aMissingPartFailsTheShardedWriteAndPublishesNothing() throws IOException {
        Path out = Files.createDirectory(tmp.resolve("missing")).resolve("d.gvl");
        String victim = "genotypes-r1-s0";
        GvlSparkWriteException e = assertThrows(GvlSparkWriteException.class, () -> DistributedWrite.run(spark, out,
                vcfTracks, 7, 5, PartHook.NONE, plan -> Trees.delete(plan.staging().resolve(DatasetLayout.PARTS)
                        .resolve(victim)), true));
        assertInstanceOf(PartException.Missing.class, e.getCause());
        assertTrue(e.getMessage().contains(victim) && e.getMessage().contains("Nothing was published"),
                e.getMessage());
        try (var left = Files.list(out.getParent())) {
            assertEquals(List.of("d.gvl.lock"), left.map(p -> p.getFileName().toString()).toList(),
                    "nothing but the destination's lock file");
        }
        assertFalse(Files.exists(out));
    }

    @Test
    void theDataSourceReadsAShardedRootAsTheSingleDirectory() {
        String query = "region IN (0, 5, 17) AND sample IN ('S02', 'S09', 'S15')";
        List<Row> want = read(single).where(query).orderBy("region", "sample", "haplotype").collectAsList();
        List<Row> got = read(localSharded).where(query).orderBy("region", "sample", "haplotype").collectAsList();
        assertEquals(3 * 3 * 2, want.size());
        assertEquals(want.size(), got.size());
        for (int i = 0; i < want.size(); i++) {
            Row w = want.get(i);
            Row g = got.get(i);
            assertEquals(w.schema(), g.schema());
            for (int c = 0; c < w.length(); c++) {
                Object a = w.get(c);
                Object b = g.get(c);
                if (a instanceof byte[] x) {
                    assertArrayEquals(x, (byte[]) b, "row " + i + " column " + w.schema().fields()[c].name());
                } else {
                    assertEquals(a, b, "row " + i + " column " + w.schema().fields()[c].name());
                }
            }
        }
    }

    private static org.apache.spark.sql.Dataset<Row> read(Path dir) {
        return spark.read().format("gvl").option("reference", FASTA.toString()).load(dir.toString());
    }

    static Path writeLocally(Path dest, WriteOptions o, int rpb, int spb) {
        WritePlan plan = Gvl.plan(dest, o, rpb, spb);
        for (WritePlan.Part p : plan.parts()) {
            PartWriter.write(plan, p);
        }
        plan.publishSharded();
        return dest;
    }

    /** VCF with two seeded bigWig tracks and an annotation track; the track files are written into {@code tmp}. */
    static WriteOptions vcfWithTracks(Path tmp) throws IOException {
        WriteOptions.Builder b = WriteOptions.builder(Z.resolve("regions.bed"))
                .variants(Z.resolve("z_synth16.norm.vcf.gz")).maxJitter(5).overwrite(true);
        for (String track : List.of("cov", "sig")) {
            Map<String, Path> files = new LinkedHashMap<>();
            for (int s = 0; s < 16; s++) {
                String sample = String.format("S%02d", s);
                files.put(sample, SeededBigWig.write(tmp.resolve(track + "-" + sample + ".bw"),
                        Z.resolve("regions.bed"), new SplittableRandom(SEED * 31 + track.hashCode() * 97L + s)));
            }
            b.track(new BigWigs(track, files));
        }
        SplittableRandom rng = new SplittableRandom(SEED);
        StringBuilder annot = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            int start = rng.nextInt(997_000);
            annot.append("z\t").append(start).append('\t').append(start + 1 + rng.nextInt(2000)).append("\tf")
                    .append(i).append('\t').append(rng.nextInt(100)).append('\n');
        }
        Path bed = tmp.resolve("peaks.bed");
        Files.writeString(bed, annot);
        return b.annotation(new AnnotationTrack("peaks", bed)).build();
    }

    private static void assertSameFiles(SortedMap<String, byte[]> want, SortedMap<String, byte[]> got, String what) {
        assertEquals(want.keySet(), got.keySet(), what);
        want.forEach((k, v) -> assertArrayEquals(v, got.get(k), k + " (" + what + ")"));
    }
}
