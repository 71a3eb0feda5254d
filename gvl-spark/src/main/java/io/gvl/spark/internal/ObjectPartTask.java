package io.gvl.spark.internal;

import io.gvl.format.DatasetLayout;
import io.gvl.format.build.PartManifest;
import io.gvl.format.io.ShardManifest;
import io.gvl.spark.errors.GvlSparkWriteException;
import io.gvl.write.PartWriter;
import io.gvl.write.spec.WritePlan;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.SerializableConfiguration;

/**
 * The body of one Spark task of a write to an object store: the part is written by {@link PartWriter} exactly as
 * for a shared file system, but into a local directory of the executor (a copy of the staged window table, of its
 * region block's variant row ranges, read from the uploaded row file by ranged reads, and, for a track part, of its
 * region block's genotype window ends), and then uploaded under a prefix unique to this task
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
            stage(local, plan, part);
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

    /**
     * Lays out what {@link PartWriter} reads from the staging directory: the window table, the region block's
     * variant rows and, for a track part, the genotype ends.
     */
    private void stage(java.nio.file.Path local, WritePlan plan, WritePlan.Part part) throws IOException {
        java.nio.file.Path parts = Files.createDirectories(local.resolve(DatasetLayout.PARTS));
        Files.write(parts.resolve(DatasetLayout.PART_REGIONS), partRegions.value());
        if (plan.rowRanges() != null) {
            stageVariantRows(parts.resolve(DatasetLayout.PART_VARIANT_ROWS), plan, part);
        }
        if (!part.kind().equals(PartManifest.TRACKS)) {
            return;
        }
        int nSampleBlocks = plan.sampleBlockSizes().length;
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

    /**
     * Copies the region block's row ranges of the uploaded variant rows into a local file of the whole table's
     * length (sparse: the other rows are never read), by ranged reads, so the task never downloads the table; a
     * track part reads no rows and gets the empty file.
     */
    private void stageVariantRows(java.nio.file.Path file, WritePlan plan, WritePlan.Part part) throws IOException {
        int width = DatasetLayout.PART_VARIANT_ROW_BYTES;
        try (RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw")) {
            out.setLength((long) plan.nVariants() * width);
            if (!part.kind().equals(PartManifest.GENOTYPES)) {
                return;
            }
            int[] ranges = plan.rowRanges().blocks()[part.regionBlock()];
            Path source = new Path(new Path(root), writePrefix + "/" + DatasetLayout.PART_VARIANT_ROWS);
            byte[] buf = new byte[1 << 20];
            try (FSDataInputStream in = source.getFileSystem(hadoop.value().value()).open(source)) {
                for (int t = 0; t < ranges.length; t += 3) {
                    long to = (long) ranges[t + 2] * width;
                    for (long at = (long) ranges[t + 1] * width; at < to; ) {
                        int n = (int) Math.min(buf.length, to - at);
                        in.readFully(at, buf, 0, n);
                        out.seek(at);
                        out.write(buf, 0, n);
                        at += n;
                    }
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
