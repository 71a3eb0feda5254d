package io.gvl.format.build;

import io.gvl.format.ArrowTable;
import io.gvl.format.DatasetExistsException;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.InputRegions;
import io.gvl.format.PartException;
import io.gvl.format.Regions;
import io.gvl.format.TrackScope;
import io.gvl.format.internal.FileTrees;
import io.gvl.format.internal.runs.GridRuns;
import io.gvl.format.internal.runs.RaggedJoin;
import io.gvl.format.io.DatasetFiles;
import io.gvl.format.io.InputRegionsFile;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import io.gvl.format.io.ShardManifest;
import io.gvl.format.io.ShardSet;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The sharded output of a write cut into parts, and its export to one dataset directory.
 *
 * <p>{@link #publish} turns the published parts of a plan's staging directory into a sharded root: the root keeps
 * what the plan staged once ({@code input_regions.arrow}, {@code genotypes/variants.arrow}) and gets the
 * whole dataset's {@code metadata.json} and {@code regions.npy} (each window end the largest over the sample
 * blocks, as the merge makes it); each block {@code (b, j)} becomes the shard {@code shards/r<b>-s<j>}, a format-2.0
 * dataset of its own made from the block's parts by renames, not by decoding again: its genotype and track
 * directories are the parts' own, its variant table is a hard link to the root's (a copy where the file system
 * refuses links), and its {@code metadata.json} (its sorted samples, its regions, the variants fingerprint),
 * {@code input_regions.arrow} (its regions in input order, {@code r_idx_map} local to the shard) and
 * {@code regions.npy} are written for it. {@code manifest.json} is written last, and the root is published by one
 * rename of its build directory: that rename is the commit point, so no root without a complete manifest and
 * complete shards is ever visible.
 *
 * <p>{@link #export} joins a sharded root into the single directory a local write of the same inputs makes, byte
 * for byte, streaming the shards' files.
 */
public final class WriteShards {
    private WriteShards() {
    }

    /**
     * Checks every part of {@code grid} and publishes the sharded dataset at {@code dest}.
     *
     * @param dest the root directory to create (or replace, with {@code overwrite})
     * @param overwrite whether an existing dataset at {@code dest} may be replaced
     * @param staging the staging directory, a build directory of {@code dest}, holding the staged files and parts
     * @param grid the grid the parts were written for
     * @throws PartException if a part is missing, published twice, or written for another grid or variant table;
     *     nothing is published and the staging directory is kept
     * @throws DatasetExistsException if {@code dest} exists and {@code overwrite} is false; the staging is kept
     * @throws UncheckedIOException if reading or writing fails; nothing is left at {@code dest} and the staging
     *     directory is removed
     */
    public static void publish(Path dest, boolean overwrite, Path staging, PartGrid grid) {
        Map<String, Path> parts = WriteParts.check(staging, grid);
        DatasetPublisher.publishBuilt(dest, overwrite, staging, dir -> build(dir, grid, parts));
    }

    private static void build(Path root, PartGrid grid, Map<String, Path> parts) throws IOException {
        int nb = grid.regionBlockSizes().length;
        int nj = grid.sampleBlockSizes().length;
        List<Regions> windows = writeRootFiles(root, grid);
        InputRegions input = InputRegionsFile.read(root.resolve(DatasetLayout.INPUT_REGIONS));
        Path variants = DatasetLayout.genotypes(root).resolve(DatasetLayout.VARIANTS);
        List<ShardManifest.Shard> shards = new ArrayList<>();
        for (int b = 0; b < nb; b++) {
            int r0 = grid.regionFrom(b);
            int r1 = r0 + grid.regionBlockSizes()[b];
            for (int j = 0; j < nj; j++) {
                int s0 = grid.sampleFrom(j);
                int s1 = s0 + grid.sampleBlockSizes()[j];
                String rel = ShardManifest.shardDir(b, j);
                Path shard = root.resolve(rel);
                writeShardFiles(shard, grid, input, windows.get(b), b, j);
                if (grid.genotypes()) {
                    Path from = parts.get(PartManifest.name(PartManifest.GENOTYPES, b, j));
                    Path geno = shard.resolve(DatasetLayout.GENOTYPES);
                    Files.move(from.resolve(DatasetLayout.GENOTYPES), geno);
                    Path idx = geno.resolve(DatasetLayout.VARIANT_IDXS);
                    if (Files.exists(idx) && Files.size(idx) == 0) {
                        Files.delete(idx);
                    }
                    WriteParts.linkOrCopy(variants, geno.resolve(DatasetLayout.VARIANTS));
                }
                if (grid.hasTracks()) {
                    Path from = parts.get(PartManifest.name(PartManifest.TRACKS, b, j));
                    moveIfPresent(from, shard, TrackScope.SAMPLE.directory());
                    String annot = TrackScope.ANNOTATION.directory();
                    if (j == 0) {
                        moveIfPresent(from, shard, annot);
                    } else if (Files.isDirectory(root.resolve(ShardManifest.shardDir(b, 0)).resolve(annot))) {
                        linkTree(root.resolve(ShardManifest.shardDir(b, 0)).resolve(annot), shard.resolve(annot));
                    }
                }
                shards.add(describe(rel, b, j, r0, r1, s0, s1, shard));
            }
        }
        FileTrees.delete(root.resolve(DatasetLayout.PARTS));
        FileTrees.fsync(root);
        new ShardManifest(ShardManifest.LAYOUT, DatasetMetadata.WRITER_VERSION, grid.regionBlockSizes(),
                grid.sampleBlockSizes(), grid.variantsFingerprint(), shards).write(root);
    }

    /**
     * Writes the whole dataset's {@code regions.npy} (each window end the largest over the region block's genotype
     * parts) and {@code metadata.json} into a sharded root being built. The genotype parts under {@code root}'s
     * {@code parts/} need only their {@code part.json} and window ends here, which is how a writer whose parts
     * live elsewhere (an object store) builds the same root files.
     *
     * @param root the root's build directory, holding the staged {@code parts/regions.npy} and genotype parts
     * @param grid the grid the parts were written for
     * @return the windows of each region block, in block order
     * @throws PartException.Missing if a genotype part is absent
     * @throws UncheckedIOException if a file cannot be read or written
     */
    public static List<Regions> writeRootFiles(Path root, PartGrid grid) {
        List<Regions> windows = new ArrayList<>();
        for (int b = 0; b < grid.regionBlockSizes().length; b++) {
            windows.add(WriteParts.windows(root, grid, b));
        }
        RegionsFile.write(WriteParts.concatRows(windows), root.resolve(DatasetLayout.REGIONS));
        MetadataFile.write(grid.metadata(), DatasetLayout.metadata(root));
        return windows;
    }

    /**
     * Creates the shard directory of block {@code (b, j)} and writes the files a shard derives from the plan rather
     * than from its parts: {@code metadata.json} (its sorted samples, its regions, the variants fingerprint),
     * {@code input_regions.arrow} (its regions in input order, {@code r_idx_map} local to the shard) and
     * {@code regions.npy} (its windows).
     *
     * @param shard the shard directory to create
     * @param grid the grid of the write
     * @param input the whole dataset's input regions
     * @param windows the windows of region block {@code b}, from {@link #writeRootFiles}
     * @param b the region block
     * @param j the sample block
     * @throws UncheckedIOException if a file cannot be written
     */
    public static void writeShardFiles(Path shard, PartGrid grid, InputRegions input, Regions windows, int b,
                                       int j) {
        DatasetMetadata meta = grid.metadata();
        int r0 = grid.regionFrom(b);
        int r1 = r0 + grid.regionBlockSizes()[b];
        int s0 = grid.sampleFrom(j);
        int s1 = s0 + grid.sampleBlockSizes()[j];
        try {
            Files.createDirectories(shard);
        } catch (IOException e) {
            throw new UncheckedIOException(shard + ": cannot create the shard directory", e);
        }
        DatasetMetadata shardMeta = new DatasetMetadata(meta.samples().subList(s0, s1), meta.contigs(), r1 - r0,
                meta.ploidy(), meta.maxJitter(), meta.version(), meta.formatVersion(), null, null,
                grid.variantsFingerprint());
        MetadataFile.write(shardMeta, DatasetLayout.metadata(shard));
        InputRegionsFile.write(subset(input, r0, r1), shard.resolve(DatasetLayout.INPUT_REGIONS));
        RegionsFile.write(windows, shard.resolve(DatasetLayout.REGIONS));
    }

    /** The rows of sorted regions {@code [r0, r1)}, in input order, with {@code r_idx_map} made local. */
    private static InputRegions subset(InputRegions input, int r0, int r1) {
        ArrowTable t = input.table();
        List<Object> map = t.column(InputRegions.MAP_COLUMN, Path.of(DatasetLayout.INPUT_REGIONS)).values();
        IntArrayList rows = new IntArrayList();
        for (int i = 0; i < map.size(); i++) {
            long r = ((Number) map.get(i)).longValue();
            if (r >= r0 && r < r1) {
                rows.add(i);
            }
        }
        List<ArrowTable.Column> cols = new ArrayList<>();
        for (ArrowTable.Column c : t.columns()) {
            List<Object> values = new ArrayList<>(rows.size());
            boolean isMap = c.name().equals(InputRegions.MAP_COLUMN);
            for (int k = 0; k < rows.size(); k++) {
                Object v = c.values().get(rows.getInt(k));
                values.add(isMap ? (Object) (((Number) v).longValue() - r0) : v);
            }
            cols.add(new ArrowTable.Column(c.name(), c.type(), values));
        }
        return new InputRegions(new ArrowTable(cols));
    }

    private static void moveIfPresent(Path part, Path shard, String name) throws IOException {
        if (Files.isDirectory(part.resolve(name))) {
            Files.move(part.resolve(name), shard.resolve(name));
        }
    }

    /** Recreates the directories of {@code from} under {@code to} with every file hard-linked (or copied). */
    private static void linkTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.sorted().toList()) {
                Path q = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(q);
                } else {
                    WriteParts.linkOrCopy(p, q);
                }
            }
        }
    }

    /** The manifest entry of a finished shard: every file but the variant table, with its size and CRC32C. */
    private static ShardManifest.Shard describe(String rel, int b, int j, int r0, int r1, int s0, int s1, Path shard)
            throws IOException {
        List<ShardManifest.ShardFile> files = new ArrayList<>();
        String variants = DatasetLayout.GENOTYPES + "/" + DatasetLayout.VARIANTS;
        long calls = 0;
        try (Stream<Path> all = Files.walk(shard)) {
            List<String> names = all.filter(Files::isRegularFile)
                    .map(p -> shard.relativize(p).toString().replace('\\', '/')).sorted().toList();
            for (String name : names) {
                if (name.equals(variants)) {
                    continue;
                }
                Path p = shard.resolve(name);
                files.add(new ShardManifest.ShardFile(name, Files.size(p), ShardManifest.crc32c(p)));
                if (name.equals(DatasetLayout.GENOTYPES + "/" + DatasetLayout.VARIANT_IDXS)) {
                    calls = Files.size(p) / 4;
                }
            }
        }
        return new ShardManifest.Shard(rel, b, j, r0, r1, s0, s1, calls, files);
    }

    /**
     * Joins the sharded dataset at {@code root} into one format-2.0 directory at {@code out}: the files a local
     * write of the same inputs makes, byte for byte. Every shard is checked first, as {@link DatasetFiles#open}
     * and the queries that first read it check it (manifest, sizes, metadata, windows, variant table, tracks); their
     * arrays are streamed, not held in memory. The result is built in a temporary sibling of {@code out} and published by one rename.
     *
     * @param root a sharded dataset root
     * @param out the dataset directory to create
     * @param overwrite whether an existing dataset at {@code out} may be replaced
     * @throws DatasetFormatException if {@code root} is not a sharded dataset or a shard is inconsistent (the
     *     message names it); nothing is published
     * @throws DatasetExistsException if {@code out} exists and {@code overwrite} is false
     * @throws UncheckedIOException if reading or writing fails; nothing is left at {@code out}
     */
    public static void export(Path root, Path out, boolean overwrite) {
        if (!ShardManifest.isSharded(root)) {
            throw new DatasetFormatException(root + ": not a sharded dataset (no " + ShardManifest.FILE + "); a"
                    + " single dataset directory needs no export");
        }
        DatasetMetadata meta = MetadataFile.read(DatasetLayout.metadata(root));
        Path regionsFile = root.resolve(DatasetLayout.REGIONS);
        Regions regions = RegionsFile.read(regionsFile);
        regions.validate(regionsFile, meta);
        try (ShardSet set = ShardSet.open(root, meta, regions)) {
            set.openAll();
            DatasetPublisher.publish(out, overwrite, dir -> exportInto(root, dir, set, meta));
        }
    }

    private static void exportInto(Path root, Path dir, ShardSet set, DatasetMetadata meta) throws IOException {
        for (String f : List.of(DatasetLayout.METADATA, DatasetLayout.INPUT_REGIONS, DatasetLayout.REGIONS)) {
            Files.copy(root.resolve(f), dir.resolve(f));
        }
        ShardManifest m = set.manifest();
        int[] rb = m.regionBlockSizes();
        int[] sb = m.sampleBlockSizes();
        List<Path> shards = set.dirs();
        if (meta.ploidy() != null) {
            Path geno = Files.createDirectories(DatasetLayout.genotypes(dir));
            Files.copy(DatasetLayout.genotypes(root).resolve(DatasetLayout.VARIANTS),
                    geno.resolve(DatasetLayout.VARIANTS));
            boolean dosages = Files.exists(DatasetLayout.genotypes(shards.getFirst()).resolve(DatasetLayout.DOSAGES));
            List<String> payloads = dosages ? List.of(DatasetLayout.VARIANT_IDXS, DatasetLayout.DOSAGES)
                    : List.of(DatasetLayout.VARIANT_IDXS);
            List<RaggedJoin.Store> stores = new ArrayList<>();
            for (int k = 0; k < shards.size(); k++) {
                Path g = DatasetLayout.genotypes(shards.get(k));
                stores.add(new RaggedJoin.Store(g.resolve(DatasetLayout.OFFSETS), payloads.stream().map(g::resolve)
                        .toList(), (long) rb[k / sb.length] * sb[k % sb.length] * meta.ploidy(), "shard " + g
                        .getParent()));
            }
            WriteParts.join(stores, new GridRuns(rb, sb, meta.ploidy()), geno.resolve(DatasetLayout.OFFSETS),
                    payloads.stream().map(geno::resolve).toList());
            Path idx = geno.resolve(DatasetLayout.VARIANT_IDXS);
            if (Files.exists(idx) && Files.size(idx) == 0) {
                Files.delete(idx);
            }
        }
        DatasetFiles first = set.shard(0);
        for (String name : first.tracks().keySet()) {
            List<RaggedJoin.Store> stores = new ArrayList<>();
            for (int k = 0; k < shards.size(); k++) {
                stores.add(WriteParts.trackStore(shards.get(k), TrackScope.SAMPLE, name,
                        (long) rb[k / sb.length] * sb[k % sb.length]));
            }
            WriteParts.joinTrack(dir, TrackScope.SAMPLE, name, stores, new GridRuns(rb, sb, 1));
        }
        for (String name : first.annotationTracks().keySet()) {
            List<RaggedJoin.Store> stores = new ArrayList<>();
            for (int b = 0; b < rb.length; b++) {
                stores.add(WriteParts.trackStore(shards.get(b * sb.length), TrackScope.ANNOTATION, name,
                        rb[b]));
            }
            WriteParts.joinTrack(dir, TrackScope.ANNOTATION, name, stores, new GridRuns(rb, new int[] {1}, 1));
        }
    }
}
