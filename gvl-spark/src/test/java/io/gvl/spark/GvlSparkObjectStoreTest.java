package io.gvl.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.DatasetExistsException;
import io.gvl.spark.errors.GvlSparkWriteException;
import io.gvl.spark.errors.GvlStorageException;
import io.gvl.spark.internal.ObjectCommit;
import io.gvl.spark.internal.ObjectWrite;
import io.gvl.spark.internal.PartHook;
import io.gvl.spark.internal.PartOutcome;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GvlSpark#writeSharded(SparkSession, String, WriteOptions, int, int)} to {@code s3a://} and
 * {@code spark.read.format("gvl")} from it, against a real S3-compatible server ({@link S3Server}, moto) reached
 * through hadoop-aws, on the shared {@code local[2,4]} session: VCF with two bigWig tracks and an annotation track
 * in 12 x 8 blocks (4 shards). The downloaded root equals a local sharded write file by file and the data source returns the
 * same rows from it; the first attempt of one part uploads, then has its upload corrupted and fails, and neither its
 * bytes nor its objects survive the commit; an overwrite replaces the commit and removes the old write's objects;
 * a root without a commit and a write failing on every attempt are refused with typed errors naming the URI. The
 * merged output ({@link GvlSpark#write(SparkSession, String, WriteOptions, int, int)}) downloads as the directory a
 * local {@link Gvl#write} makes.
 */
class GvlSparkObjectStoreTest {
    static final String BUCKET = "gvl-test";
    static final String LOSER = "tracks-r1-s1";

    @TempDir
    static Path tmp;
    static S3Server server;
    static SparkSession spark;
    static WriteOptions vcfTracks;
    static Path localSharded;
    static Path single;

    @BeforeAll
    static void setUp() throws IOException, InterruptedException {
        server = S3Server.start();
        server.createBucket(BUCKET);
        spark = SharedSpark.session();
        server.configure(spark.sparkContext().hadoopConfiguration());
        vcfTracks = GvlSparkShardedTest.vcfWithTracks(tmp);
        localSharded = GvlSparkShardedTest.writeLocally(tmp.resolve("local-sharded.gvl"), vcfTracks, 12, 8);
        single = tmp.resolve("single.gvl");
        Gvl.write(single, vcfTracks);
    }

    @AfterAll
    static void tearDown() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void shardedWriteToS3ReadsBackAsTheLocalWriteAndALosingAttemptIsNeverRead() throws IOException {
        String root = "s3a://" + BUCKET + "/cohort.gvl";
        List<PartOutcome> outcomes = ObjectWrite.run(spark, URI.create(root), vcfTracks, 12, 8,
                new CorruptThenFail(root, LOSER), true);
        PartOutcome loser = outcomes.stream().filter(o -> o.part().equals(LOSER)).findFirst().orElseThrow();
        assertEquals(1, loser.attempt(), "the corrupted first attempt lost");

        FileSystem fs = fs(root);
        ObjectCommit commit = ObjectCommit.read(fs, new org.apache.hadoop.fs.Path(root));
        String attempts = ObjectCommit.WRITES + "/" + commit.write() + "/attempts/" + LOSER + "/";
        List<String> loserObjects = commit.files().stream().map(ObjectCommit.Entry::object)
                .filter(o -> o.startsWith(attempts)).toList();
        assertFalse(loserObjects.isEmpty());
        assertTrue(loserObjects.stream().allMatch(o -> o.startsWith(attempts + "attempt-1-")), loserObjects::toString);
        assertEquals(named(commit), stored(fs, root), "every stored object is named by the commit, or is it");

        Path cache = tmp.resolve("cache");
        assertSameRows(read(localSharded.toString(), null), read(root, cache));
        assertSameFiles(GvlSparkWriteTest.tree(localSharded), GvlSparkWriteTest.tree(onlyVersion(cache)));

        WriteOptions again = WriteOptions.builder(vcfTracks.regions()).variants(vcfTracks.variantFile())
                .maxJitter(vcfTracks.maxJitter()).build();
        DatasetExistsException exists = assertThrows(DatasetExistsException.class,
                () -> GvlSpark.writeSharded(spark, root, again, 12, 8));
        assertTrue(exists.getMessage().contains(root), exists.getMessage());

        GvlSpark.writeSharded(spark, root, vcfTracks, 12, 8);
        ObjectCommit replaced = ObjectCommit.read(fs, new org.apache.hadoop.fs.Path(root));
        assertNotEquals(commit.write(), replaced.write());
        assertEquals(named(replaced), stored(fs, root), "the replaced write's objects are removed");
        assertSameRows(read(localSharded.toString(), null), read(root, cache));
        Path version = onlyVersion(cache);
        assertEquals(replaced.write(), version.getFileName().toString(), "the older local copy is removed");
        assertSameFiles(GvlSparkWriteTest.tree(localSharded), GvlSparkWriteTest.tree(version));
    }

    @Test
    void mergedWriteToS3ReadsBackAsTheLocalWrite() throws IOException {
        String root = "s3a://" + BUCKET + "/merged.gvl";
        GvlSpark.write(spark, root, vcfTracks, 12, 8);
        FileSystem fs = fs(root);
        ObjectCommit commit = ObjectCommit.read(fs, new org.apache.hadoop.fs.Path(root));
        assertEquals(named(commit), stored(fs, root), "the commit names the merged files, and no attempt is left");
        Path cache = tmp.resolve("cache-m");
        assertSameRows(read(single.toString(), null), read(root, cache));
        assertSameFiles(GvlSparkWriteTest.tree(single), GvlSparkWriteTest.tree(onlyVersion(cache)));
    }

    @Test
    void aRootWithoutACommitIsRefused() throws IOException {
        String root = "s3a://" + BUCKET + "/uncommitted.gvl";
        FileSystem fs = fs(root);
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(root + "/metadata.json"))) {
            out.write(Files.readAllBytes(localSharded.resolve("metadata.json")));
        }
        GvlStorageException e = assertThrows(GvlStorageException.class, () -> read(root, tmp.resolve("cache-u"))
                .count());
        assertTrue(e.getMessage().contains(root) && e.getMessage().contains(ObjectCommit.FILE), e.getMessage());
    }

    @Test
    void aWriteFailingOnEveryAttemptCommitsNothingAndRemovesItsObjects() throws IOException {
        String root = "s3a://" + BUCKET + "/failed.gvl";
        PartHook always = (stage, plan, part, attempt) -> {
            if (stage == PartHook.Stage.AFTER && part.equals("genotypes-r1-s0")) {
                throw new IllegalStateException("injected failure after uploading " + part);
            }
        };
        GvlSparkWriteException e = assertThrows(GvlSparkWriteException.class,
                () -> ObjectWrite.run(spark, URI.create(root), vcfTracks, 12, 8, always, true));
        assertTrue(e.getMessage().contains(root) && e.getMessage().contains("genotypes-r1-s0"), e.getMessage());
        assertEquals(new TreeSet<>(), stored(fs(root), root), "no object is left");
        assertThrows(GvlStorageException.class, () -> read(root, tmp.resolve("cache-f")).count());
    }

    private static org.apache.spark.sql.Dataset<Row> read(String path, Path cache) {
        var reader = spark.read().format("gvl").option("reference", GvlSparkShardedTest.FASTA.toString());
        if (cache != null) {
            reader = reader.option("cacheDir", cache.toString());
        }
        return reader.load(path);
    }

    /**
     * The rows of regions and samples in all four shards, every column, equal; and the whole table has its rows
     * (the file-by-file comparison of the local copy covers every other byte).
     */
    private static void assertSameRows(org.apache.spark.sql.Dataset<Row> want, org.apache.spark.sql.Dataset<Row> got) {
        assertEquals(24 * 16 * 2, got.count());
        String query = "region IN (0, 5, 17) AND sample IN ('S02', 'S09', 'S15')";
        List<Row> w = want.where(query).orderBy("region", "sample", "haplotype").collectAsList();
        List<Row> g = got.where(query).orderBy("region", "sample", "haplotype").collectAsList();
        assertEquals(3 * 3 * 2, w.size());
        assertEquals(w.size(), g.size());
        for (int i = 0; i < w.size(); i++) {
            assertEquals(w.get(i).schema(), g.get(i).schema());
            for (int c = 0; c < w.get(i).length(); c++) {
                Object a = w.get(i).get(c);
                Object b = g.get(i).get(c);
                String where = "row " + i + " column " + w.get(i).schema().fields()[c].name();
                if (a instanceof byte[] x) {
                    assertArrayEquals(x, (byte[]) b, where);
                } else {
                    assertEquals(a, b, where);
                }
            }
        }
    }

    private static void assertSameFiles(SortedMap<String, byte[]> want, SortedMap<String, byte[]> got) {
        assertEquals(want.keySet(), got.keySet());
        want.forEach((k, v) -> assertArrayEquals(v, got.get(k), k));
    }

    /** The one local copy the cache holds (one root per test, one version per root). */
    private static Path onlyVersion(Path cache) throws IOException {
        try (Stream<Path> roots = Files.list(cache)) {
            Path root = roots.reduce((a, b) -> {
                throw new AssertionError("two roots cached: " + a + ", " + b);
            }).orElseThrow();
            try (Stream<Path> versions = Files.list(root)) {
                List<Path> all = versions.toList();
                assertEquals(1, all.size(), all.toString());
                return all.getFirst();
            }
        }
    }

    private static TreeSet<String> named(ObjectCommit commit) {
        TreeSet<String> out = commit.files().stream().map(ObjectCommit.Entry::object)
                .collect(Collectors.toCollection(TreeSet::new));
        out.add(ObjectCommit.FILE);
        return out;
    }

    /** Every object under {@code root}, relative to it. */
    static TreeSet<String> stored(FileSystem fs, String root) throws IOException {
        TreeSet<String> out = new TreeSet<>();
        org.apache.hadoop.fs.Path base = new org.apache.hadoop.fs.Path(root);
        if (!fs.exists(base)) {
            return out;
        }
        String prefix = fs.makeQualified(base).toString() + "/";
        RemoteIterator<LocatedFileStatus> it = fs.listFiles(base, true);
        while (it.hasNext()) {
            out.add(it.next().getPath().toString().substring(prefix.length()));
        }
        return out;
    }

    private static FileSystem fs(String root) throws IOException {
        return new org.apache.hadoop.fs.Path(root).getFileSystem(spark.sparkContext().hadoopConfiguration());
    }

    /**
     * Fails the first attempt of one part after its upload, having overwritten every uploaded file of that attempt
     * with other bytes of the same size: if the read used the losing attempt, the rows would differ.
     */
    private record CorruptThenFail(String root, String part) implements PartHook {
        @Override
        public void at(Stage stage, io.gvl.write.spec.WritePlan plan, String name, int attempt) {
            if (stage != Stage.AFTER || attempt != 0 || !name.equals(part)) {
                return;
            }
            try {
                FileSystem fs = fs(root);
                List<org.apache.hadoop.fs.Path> uploaded = new ArrayList<>();
                for (String key : stored(fs, root)) {
                    if (key.contains("/attempts/" + part + "/attempt-0-")) {
                        uploaded.add(new org.apache.hadoop.fs.Path(root + "/" + key));
                    }
                }
                assertFalse(uploaded.isEmpty(), "attempt 0 of " + part + " uploaded nothing");
                for (org.apache.hadoop.fs.Path p : uploaded) {
                    long size = fs.getFileStatus(p).getLen();
                    byte[] garbage = new byte[(int) size];
                    java.util.Arrays.fill(garbage, (byte) 0x5a);
                    try (OutputStream out = fs.create(p, true)) {
                        out.write(garbage);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            throw new IllegalStateException("injected failure after uploading and corrupting " + name);
        }
    }
}
