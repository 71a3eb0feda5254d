package io.gvl.spark.internal;

import io.gvl.format.DatasetExistsException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.build.PartManifest;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WritePlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.SerializableConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The driver side of a write to a Hadoop file system URI ({@code s3a://}, {@code hdfs://}, ...), where
 * rename is a copy and not atomic, so nothing may be published by renaming. The plan is made in a local build
 * directory of the driver; every task writes its part locally and uploads it under {@code
 * _gvl_writes/<write>/attempts/<part>/<attempt>/} ({@link ObjectPartTask}); Spark returns one result per part, and
 * those attempts are the winners. The driver then lays out the shards ({@link ObjectShards}) without reading a part
 * back, and uploads the root's and shards' own files under {@code _gvl_writes/<write>/root/} (or, for the merged
 * output, downloads the parts, merges them locally and uploads the dataset there: {@link ObjectMerge}), and commits
 * by writing {@link ObjectCommit#FILE} last. After the commit it removes the attempts the commit does not name (the
 * losing ones; every one for the merged output) and the objects of the write it replaced. A failure removes the write's objects, so nothing but an unread prefix can be left (by a task still
 * uploading after the failure).
 */
public final class ObjectWrite {
    private static final Logger LOG = LoggerFactory.getLogger(ObjectWrite.class);

    private ObjectWrite() {
    }

    /**
     * Writes the dataset at {@code uri}, merged into one directory or, with {@code sharded}, as a sharded root,
     * calling {@code hook} in every task (after the upload at {@link PartHook.Stage#AFTER}); returns the winning
     * outcome of every part in plan order.
     *
     * @throws io.gvl.spark.errors.GvlSparkWriteException if a part failed on every attempt, or is missing or
     *     foreign; nothing is committed and the write's objects are removed
     * @throws DatasetExistsException if {@code uri} holds a committed dataset and overwrite was not requested
     * @throws io.gvl.spark.errors.GvlStorageException if the file system refuses a transfer
     */
    public static List<PartOutcome> run(SparkSession spark, URI uri, WriteOptions options, int regionsPerBlock,
                                        int samplesPerBlock, PartHook hook, boolean sharded) {
        Path root = new Path(uri);
        String dest = uri.toString();
        FileSystem fs = fileSystem(root, spark);
        requireAbsentOrOverwrite(fs, root, dest, options.overwrite());
        java.nio.file.Path work = localWorkDir();
        String name = root.getName().isEmpty() ? "dataset" : root.getName();
        WritePlan plan = null;
        String id = UUID.randomUUID().toString();
        String write = ObjectCommit.WRITES + "/" + id;
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        String group = "gvl-write-" + UUID.randomUUID();
        try {
            plan = Gvl.plan(work.resolve(name), options, regionsPerBlock, samplesPerBlock);
            DistributedWrite.requirePortable(plan, dest);
            uploadVariantRows(fs, plan, root, write);
            Map<String, UploadedPart> winners = runTasks(jsc, group, plan, root, write, hook);
            ObjectShards.Layout layout = sharded
                    ? ObjectShards.lay(plan.staging(), plan.grid(), winners, write + "/root")
                    : ObjectMerge.lay(plan, winners, fs, root, write + "/root");
            ObjectFiles.each(layout.local(), f -> ObjectFiles.upload(fs, layout.base().resolve(f),
                    new Path(root, write + "/root/" + f)));
            requireAbsentOrOverwrite(fs, root, dest, options.overwrite());
            ObjectCommit replaced = ObjectCommit.find(fs, root);
            new ObjectCommit(ObjectCommit.LAYOUT, id, layout.entries()).write(fs, root);
            LOG.info("write {}: committed {} files from {} parts", dest, layout.entries().size(), winners.size());
            try {
                clean(fs, root, write, sharded ? winners : Map.of(), replaced);
            } catch (RuntimeException e) { // committed: the objects left are never read, and must not fail the write
                LOG.warn("write {} is committed, but objects no commit names could not all be removed: {}", dest,
                        e.getMessage());
            }
            return plan.parts().stream().map(p -> winners.get(p.name()).outcome()).toList();
        } catch (Exception e) { // a failed job throws SparkException, a checked exception Java does not see
            DistributedWrite.stopTasks(jsc, group, dest);
            try {
                ObjectFiles.deleteTree(fs, new Path(root, write));
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw DistributedWrite.translate(dest, "check the storage access of " + dest + " from every executor"
                    + " and that no other write of it runs at the same time.", e);
        } finally {
            if (plan != null) {
                plan.discard();
            }
            LocalTrees.delete(work);
        }
    }

    /**
     * Uploads the plan's staged variant rows under the write's prefix, where each task reads only its region
     * block's row ranges ({@link ObjectPartTask}); removed after the commit, or with the prefix after a failure.
     */
    private static void uploadVariantRows(FileSystem fs, WritePlan plan, Path root, String write) {
        java.nio.file.Path rows = plan.staging().resolve(DatasetLayout.PARTS).resolve(DatasetLayout.PART_VARIANT_ROWS);
        if (Files.exists(rows)) {
            ObjectFiles.upload(fs, rows, new Path(root, write + "/" + DatasetLayout.PART_VARIANT_ROWS));
        }
    }

    /** Runs the genotype job, then the track job (given the genotype winners' window ends); returns the winners. */
    private static Map<String, UploadedPart> runTasks(JavaSparkContext jsc, String group, WritePlan plan, Path root,
                                                      String write, PartHook hook) throws IOException {
        Broadcast<String> json = jsc.broadcast(plan.toJson());
        Broadcast<SerializableConfiguration> hadoop = jsc.broadcast(new SerializableConfiguration(
                jsc.hadoopConfiguration()));
        Broadcast<byte[]> partRegions = jsc.broadcast(Files.readAllBytes(plan.staging()
                .resolve(DatasetLayout.PARTS).resolve(DatasetLayout.PART_REGIONS)));
        List<Broadcast<?>> shipped = new ArrayList<>(List.of(json, hadoop, partRegions));
        Map<String, UploadedPart> winners = new TreeMap<>();
        try {
            HashMap<String, Map<String, byte[]>> genotypeControl = new HashMap<>();
            for (String kind : List.of(PartManifest.GENOTYPES, PartManifest.TRACKS)) {
                List<String> names = plan.parts().stream().filter(p -> p.kind().equals(kind))
                        .map(WritePlan.Part::name).toList();
                if (names.isEmpty()) {
                    continue;
                }
                Broadcast<HashMap<String, Map<String, byte[]>>> control = jsc.broadcast(new HashMap<>(
                        genotypeControl));
                shipped.add(control);
                jsc.setJobGroup(group, "gvl write " + root + ": " + names.size() + " " + kind + " parts", true);
                List<UploadedPart> got = jsc.parallelize(names, names.size()).map(new ObjectPartTask(json, hadoop,
                        partRegions, control, root.toString(), write, hook)).collect();
                DistributedWrite.checkOnce(root, names, got.stream().map(UploadedPart::outcome).toList());
                for (UploadedPart u : got) {
                    winners.put(u.part(), u);
                    if (kind.equals(PartManifest.GENOTYPES)) {
                        genotypeControl.put(u.part(), u.control());
                    }
                }
            }
        } finally {
            jsc.clearJobGroup();
            shipped.forEach(Broadcast::destroy);
        }
        return winners;
    }

    /**
     * Removes the uploaded variant rows, every attempt but those of {@code named} (the winners whose uploads the
     * commit names) and the objects of the commit this one replaced.
     */
    private static void clean(FileSystem fs, Path root, String write, Map<String, UploadedPart> named,
                              ObjectCommit replaced) {
        ObjectFiles.deleteTree(fs, new Path(root, write + "/" + DatasetLayout.PART_VARIANT_ROWS));
        if (named.isEmpty()) {
            ObjectFiles.deleteTree(fs, new Path(root, write + "/attempts"));
        }
        for (UploadedPart w : named.values()) {
            Path attempts = new Path(root, write + "/attempts/" + w.part());
            for (FileStatus s : ObjectFiles.list(fs, attempts)) {
                if (!new Path(root, w.prefix()).getName().equals(s.getPath().getName())) {
                    ObjectFiles.deleteTree(fs, s.getPath());
                }
            }
        }
        if (replaced != null) {
            ObjectFiles.deleteTree(fs, new Path(root, ObjectCommit.WRITES + "/" + replaced.write()));
        }
    }

    private static void requireAbsentOrOverwrite(FileSystem fs, Path root, String dest, boolean overwrite) {
        if (!overwrite && ObjectCommit.find(fs, root) != null) {
            throw new DatasetExistsException(dest + " already holds a committed gvl dataset: pass overwrite(true)"
                    + " in the write options to replace it (readers then see the new dataset whole, from its"
                    + " commit on), or write to another URI.");
        }
    }

    private static FileSystem fileSystem(Path root, SparkSession spark) {
        try {
            return root.getFileSystem(spark.sparkContext().hadoopConfiguration());
        } catch (IOException e) {
            throw new io.gvl.spark.errors.GvlStorageException("cannot reach " + root + " through the Hadoop client: "
                    + e.getMessage() + ". Fix: put the file system's connector on the class path (hadoop-aws for"
                    + " s3a://) and its settings (fs.s3a.endpoint, credentials) in the Hadoop configuration.", e);
        }
    }

    /** The driver's local build directory: in the machine's temporary space, never beside an input. */
    private static java.nio.file.Path localWorkDir() {
        try {
            return Files.createTempDirectory("gvl-object-write-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a local build directory for an object-store write", e);
        }
    }
}
