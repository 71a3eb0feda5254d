package io.gvl.spark.internal;

import io.gvl.format.DatasetLayout;
import io.gvl.format.build.PartManifest;
import io.gvl.format.io.ShardManifest;
import io.gvl.spark.errors.GvlSparkWriteException;
import io.gvl.write.PartWriter;
import io.gvl.write.spec.WritePlan;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.SerializableConfiguration;

/**
 * The body of one Spark task of a write to an object store: the part is written by {@link PartWriter} exactly as
 * for a shared file system, but into a local directory of the executor (a copy of the staged window table and, for
 * a track part, of its region block's genotype window ends), and then uploaded under a prefix unique to this task
 * attempt. Nothing is renamed on the store: which attempt's upload counts is decided by the driver's commit, so an
 * attempt that fails after uploading, or a speculative one, leaves objects that are never read.
 */
final class ObjectPartTask implements Function<String, UploadedPart> {
    private static final long serialVersionUID = 1L;

    private final Broadcast<String> planJson;
    private final Broadcast<SerializableConfiguration> hadoop;
    private final Broadcast<byte[]> partRegions;
    private final Broadcast<HashMap<String, Map<String, byte[]>>> genotypeControl;
    private final String root;
    private final String writePrefix;
    private final PartHook hook;

    /**
     * A task body.
     *
     * @param partRegions the staged {@code parts/regions.npy}
     * @param genotypeControl the control files of the winning genotype parts (empty while they are written)
     * @param root the dataset root's URI
     * @param writePrefix the write's prefix relative to the root
     */
    ObjectPartTask(Broadcast<String> planJson, Broadcast<SerializableConfiguration> hadoop,
                   Broadcast<byte[]> partRegions, Broadcast<HashMap<String, Map<String, byte[]>>> genotypeControl,
                   String root, String writePrefix, PartHook hook) {
        this.planJson = planJson;
        this.hadoop = hadoop;
        this.partRegions = partRegions;
        this.genotypeControl = genotypeControl;
        this.root = root;
        this.writePrefix = writePrefix;
        this.hook = hook;
    }

    @Override
    public UploadedPart call(String name) {
        RuntimeVersions.require();
        TaskContext context = TaskContext.get();
        int attempt = context == null ? 0 : context.attemptNumber();
        String tag = context == null ? "attempt-" + UUID.randomUUID()
                : "attempt-" + attempt + "-" + context.taskAttemptId();
        java.nio.file.Path local = null;
        try {
            local = Files.createTempDirectory("gvl-part-");
            WritePlan plan = WritePlan.fromJson(planJson.value()).withStaging(local);
            WritePlan.Part part = plan.parts().stream().filter(p -> p.name().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no part " + name + " in the plan of " + root));
            stage(local, part, plan.sampleBlockSizes().length);
            hook.at(PartHook.Stage.BEFORE, plan, name, attempt);
            PartWriter.write(plan, part);
            String prefix = writePrefix + "/attempts/" + name + "/" + tag;
            UploadedPart uploaded = upload(local.resolve(DatasetLayout.PARTS).resolve(name), name, attempt, prefix);
            hook.at(PartHook.Stage.AFTER, plan, name, attempt);
            return uploaded;
        } catch (IOException | RuntimeException e) {
            throw new GvlSparkWriteException("part " + name + " of " + root + " failed on attempt " + attempt + ": "
                    + (e.getMessage() == null ? e.getClass().getName() : e.getMessage()), e);
        } finally {
            if (local != null) {
                LocalTrees.delete(local);
            }
        }
    }

    /** Lays out what {@link PartWriter} reads from the staging directory: the window table and genotype ends. */
    private void stage(java.nio.file.Path local, WritePlan.Part part, int nSampleBlocks) throws IOException {
        java.nio.file.Path parts = Files.createDirectories(local.resolve(DatasetLayout.PARTS));
        Files.write(parts.resolve(DatasetLayout.PART_REGIONS), partRegions.value());
        if (!part.kind().equals(PartManifest.TRACKS)) {
            return;
        }
        for (int j = 0; j < nSampleBlocks; j++) {
            String genotypes = PartManifest.name(PartManifest.GENOTYPES, part.regionBlock(), j);
            Map<String, byte[]> files = genotypeControl.value().get(genotypes);
            if (files != null) {
                java.nio.file.Path dir = Files.createDirectories(parts.resolve(genotypes));
                for (Map.Entry<String, byte[]> f : files.entrySet()) {
                    Files.write(dir.resolve(f.getKey()), f.getValue());
                }
            }
        }
    }

    /** Uploads every data file of the part under {@code prefix}; keeps the control files for the driver. */
    private UploadedPart upload(java.nio.file.Path dir, String name, int attempt, String prefix) throws IOException {
        FileSystem fs = new Path(root).getFileSystem(hadoop.value().value());
        Path target = new Path(new Path(root), prefix);
        List<UploadedPart.File> files = new ArrayList<>();
        Map<String, byte[]> control = new HashMap<>();
        List<java.nio.file.Path> all;
        try (Stream<java.nio.file.Path> walk = Files.walk(dir)) {
            all = walk.filter(Files::isRegularFile).sorted().toList();
        }
        List<java.nio.file.Path> data = new ArrayList<>();
        for (java.nio.file.Path f : all) {
            String rel = dir.relativize(f).toString().replace('\\', '/');
            if (rel.equals(PartManifest.FILE) || rel.equals(DatasetLayout.PART_WINDOW_ENDS)) {
                control.put(rel, Files.readAllBytes(f));
            } else {
                data.add(f);
                files.add(new UploadedPart.File(rel, Files.size(f), ShardManifest.crc32c(f)));
            }
        }
        ObjectFiles.each(data, f -> ObjectFiles.upload(fs, f, new Path(target,
                dir.relativize(f).toString().replace('\\', '/'))));
        files.sort(java.util.Comparator.comparing(UploadedPart.File::path));
        return new UploadedPart(name, attempt, prefix, files, control);
    }
}
