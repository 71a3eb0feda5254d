package io.gvl.spark.internal;

import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.InputRegions;
import io.gvl.format.Regions;
import io.gvl.format.TrackScope;
import io.gvl.format.build.PartGrid;
import io.gvl.format.build.PartManifest;
import io.gvl.format.build.WriteParts;
import io.gvl.format.build.WriteShards;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.ShardManifest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Lays out a sharded root whose parts were uploaded by tasks, on the driver, without reading the parts back: the
 * root's and each shard's own files ({@code metadata.json}, {@code regions.npy}, {@code input_regions.arrow},
 * {@code manifest.json}) are written locally by the code a local sharded write uses, from the parts' control files
 * the tasks returned, and the shard manifest lists the uploaded files with the sizes and CRC32C the tasks measured.
 * The result is the directory layout of {@code WriteShards.publish}, file for file, with each file either a local
 * file to upload or an uploaded object: the entries of the commit.
 */
final class ObjectShards {
    private ObjectShards() {
    }

    /**
     * The laid-out dataset.
     *
     * @param base the local directory holding the files to upload
     * @param local the files written locally under {@code base}, to be uploaded (paths relative to it)
     * @param entries every file of the dataset and its object; local files are named under {@code rootPrefix}
     */
    record Layout(Path base, List<String> local, List<ObjectCommit.Entry> entries) {
    }

    /**
     * Lays out the root in {@code staging} (the plan's build directory, holding the staged files).
     *
     * @param winners the winning upload of every part, by name
     * @param rootPrefix the prefix, relative to the root, that the local files are uploaded under
     * @throws io.gvl.format.PartException if a part is missing, or written for another grid or variant table
     */
    static Layout lay(Path staging, PartGrid grid, Map<String, UploadedPart> winners, String rootPrefix) {
        try {
            return layOut(staging, grid, winners, rootPrefix);
        } catch (IOException e) {
            throw new UncheckedIOException(staging + ": cannot lay out the sharded root", e);
        }
    }

    private static Layout layOut(Path staging, PartGrid grid, Map<String, UploadedPart> winners, String rootPrefix)
            throws IOException {
        for (UploadedPart w : winners.values()) {
            Path dir = Files.createDirectories(staging.resolve(DatasetLayout.PARTS).resolve(w.part()));
            for (Map.Entry<String, byte[]> f : w.control().entrySet()) {
                Files.write(dir.resolve(f.getKey()), f.getValue());
            }
        }
        WriteParts.check(staging, grid);
        List<Regions> windows = WriteShards.writeRootFiles(staging, grid);
        InputRegions input = InputRegionsFile.read(staging.resolve(DatasetLayout.INPUT_REGIONS));
        LocalTrees.delete(staging.resolve(DatasetLayout.PARTS));
        String variants = DatasetLayout.GENOTYPES + "/" + DatasetLayout.VARIANTS;
        List<String> local = new ArrayList<>(List.of(DatasetLayout.METADATA, DatasetLayout.REGIONS,
                DatasetLayout.INPUT_REGIONS));
        if (grid.genotypes()) {
            local.add(variants);
        }
        List<ObjectCommit.Entry> fromParts = new ArrayList<>();
        List<ShardManifest.Shard> shards = new ArrayList<>();
        for (int b = 0; b < grid.regionBlockSizes().length; b++) {
            for (int j = 0; j < grid.sampleBlockSizes().length; j++) {
                String rel = ShardManifest.shardDir(b, j);
                Path shard = staging.resolve(rel);
                WriteShards.writeShardFiles(shard, grid, input, windows.get(b), b, j);
                List<ShardManifest.ShardFile> files = new ArrayList<>();
                for (String f : List.of(DatasetLayout.METADATA, DatasetLayout.INPUT_REGIONS, DatasetLayout.REGIONS)) {
                    local.add(rel + "/" + f);
                    Path p = shard.resolve(f);
                    files.add(new ShardManifest.ShardFile(f, Files.size(p), ShardManifest.crc32c(p)));
                }
                long calls = 0;
                if (grid.genotypes()) {
                    UploadedPart g = winners.get(PartManifest.name(PartManifest.GENOTYPES, b, j));
                    for (UploadedPart.File f : under(g, DatasetLayout.GENOTYPES)) {
                        boolean idx = f.path().equals(DatasetLayout.GENOTYPES + "/" + DatasetLayout.VARIANT_IDXS);
                        if (idx && f.bytes() == 0) {
                            continue; // a block without calls has no variant_idxs file, as in a local write
                        }
                        calls = idx ? f.bytes() / Integer.BYTES : calls;
                        add(files, fromParts, rel, g, f);
                    }
                    fromParts.add(new ObjectCommit.Entry(rel + "/" + variants, rootPrefix + "/" + variants,
                            Files.size(staging.resolve(variants))));
                }
                if (grid.hasTracks()) {
                    UploadedPart t = winners.get(PartManifest.name(PartManifest.TRACKS, b, j));
                    for (UploadedPart.File f : under(t, TrackScope.SAMPLE.directory())) {
                        add(files, fromParts, rel, t, f);
                    }
                    UploadedPart first = winners.get(PartManifest.name(PartManifest.TRACKS, b, 0));
                    for (UploadedPart.File f : under(first, TrackScope.ANNOTATION.directory())) {
                        add(files, fromParts, rel, first, f);
                    }
                }
                files.sort(Comparator.comparing(ShardManifest.ShardFile::path));
                shards.add(new ShardManifest.Shard(rel, b, j, grid.regionFrom(b), grid.regionFrom(b)
                        + grid.regionBlockSizes()[b], grid.sampleFrom(j), grid.sampleFrom(j)
                        + grid.sampleBlockSizes()[j], calls, files));
            }
        }
        new ShardManifest(ShardManifest.LAYOUT, DatasetMetadata.WRITER_VERSION, grid.regionBlockSizes(),
                grid.sampleBlockSizes(), grid.variantsFingerprint(), shards).write(staging);
        local.add(ShardManifest.FILE);
        List<ObjectCommit.Entry> entries = new ArrayList<>(fromParts);
        for (String f : local) {
            entries.add(new ObjectCommit.Entry(f, rootPrefix + "/" + f, Files.size(staging.resolve(f))));
        }
        entries.sort(Comparator.comparing(ObjectCommit.Entry::path));
        try (Stream<Path> all = Files.walk(staging)) {
            long files = all.filter(Files::isRegularFile).count();
            if (files != local.size()) {
                throw new IllegalStateException(staging + " holds " + files + " files, but " + local.size()
                        + " were laid out for upload");
            }
        }
        return new Layout(staging, List.copyOf(local), List.copyOf(entries));
    }

    private static List<UploadedPart.File> under(UploadedPart part, String dir) {
        return part.files().stream().filter(f -> f.path().startsWith(dir + "/")).toList();
    }

    private static void add(List<ShardManifest.ShardFile> files, List<ObjectCommit.Entry> entries, String shard,
                            UploadedPart part, UploadedPart.File f) {
        files.add(new ShardManifest.ShardFile(f.path(), f.bytes(), f.crc32c()));
        entries.add(new ObjectCommit.Entry(shard + "/" + f.path(), part.prefix() + "/" + f.path(), f.bytes()));
    }
}
