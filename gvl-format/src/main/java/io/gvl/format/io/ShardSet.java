package io.gvl.format.io;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata.VariantsFingerprint;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.Regions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.stream.Stream;

/**
 * The shards of a sharded root, checked against its manifest and its root files, in grid order (shard
 * {@code (b, j)} at index {@code b·J + j}). Every check names the shard and says what to do. Opening the set checks
 * what the manifest and one stat per file tell: a block the manifest lists twice or not at all, a shard directory
 * that is missing or that the manifest does not list, a file whose size differs from the manifest, a call count
 * that differs from its {@code variant_idxs.npy}; and it opens the first shard. Every other shard is opened, and
 * checked against the root (metadata, windows, variant table, tracks), the first time it is asked for
 * ({@link #shard}), so opening a root of many shards reads none of their files. Closing the set closes every opened
 * shard; it is safe for concurrent use.
 */
public final class ShardSet implements AutoCloseable {
    private final Path root;
    private final DatasetMetadata meta;
    private final Regions regions;
    private final ShardManifest manifest;
    private final ShardManifest.Shard[] byBlock;
    private final AtomicReferenceArray<DatasetFiles> opened;
    private boolean closed;

    private ShardSet(Path root, DatasetMetadata meta, Regions regions, ShardManifest manifest,
                     ShardManifest.Shard[] byBlock) {
        this.root = root;
        this.meta = meta;
        this.regions = regions;
        this.manifest = manifest;
        this.byBlock = byBlock;
        this.opened = new AtomicReferenceArray<>(byBlock.length);
    }

    /**
     * Reads the manifest of {@code root}, checks it and the size of every shard file, and opens the first shard.
     *
     * @param root the sharded root
     * @param meta the root's {@code metadata.json}
     * @param regions the root's {@code regions.npy}
     * @return the shards
     * @throws DatasetFormatException if the manifest or a shard is inconsistent; the message names it
     */
    public static ShardSet open(Path root, DatasetMetadata meta, Regions regions) {
        ShardManifest m = ShardManifest.read(root);
        Path file = root.resolve(ShardManifest.FILE);
        int nb = m.regionBlockSizes().length;
        int nj = m.sampleBlockSizes().length;
        if (nb == 0 || nj == 0 || Arrays.stream(m.regionBlockSizes()).anyMatch(n -> n < 1)
                || Arrays.stream(m.sampleBlockSizes()).anyMatch(n -> n < 1)
                || Arrays.stream(m.regionBlockSizes()).asLongStream().sum() != meta.nRegions()
                || Arrays.stream(m.sampleBlockSizes()).asLongStream().sum() != meta.samples().size()) {
            throw new DatasetFormatException(file + ": the grid (region blocks " + Arrays.toString(
                    m.regionBlockSizes()) + ", sample blocks " + Arrays.toString(m.sampleBlockSizes()) + ") does not"
                    + " cover the " + meta.nRegions() + " regions and " + meta.samples().size() + " samples of "
                    + DatasetLayout.metadata(root) + "; the manifest was altered, write the dataset again");
        }
        checkFingerprint(root, meta, m);
        ShardManifest.Shard[] byBlock = byBlock(root, m);
        checkNothingUnlisted(root, m);
        for (ShardManifest.Shard s : byBlock) {
            checkFiles(root, s);
        }
        ShardSet set = new ShardSet(root, meta, regions, m, byBlock);
        set.shard(0);
        return set;
    }

    /**
     * Shard {@code k}, opened and checked against the root the first time it is asked for.
     *
     * @param k the shard's index, {@code b·J + j}
     * @return the opened shard, closed with this set
     * @throws DatasetFormatException if the shard is inconsistent with the root; the message names it (and the
     *     shard is asked again next time)
     * @throws IllegalStateException if this set is closed
     */
    public DatasetFiles shard(int k) {
        DatasetFiles f = opened.get(k);
        if (f != null) {
            return f;
        }
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException(root + ": the sharded dataset is closed");
            }
            f = opened.get(k);
            if (f == null) {
                f = openShard(root, meta, regions, manifest, byBlock[k]);
                if (k > 0) {
                    try {
                        checkTrackNames(root, byBlock, opened.get(0), k, f);
                    } catch (RuntimeException e) {
                        f.close();
                        throw e;
                    }
                }
                opened.set(k, f);
            }
            return f;
        }
    }

    /**
     * The number of shards.
     *
     * @return the blocks of the grid
     */
    public int size() {
        return byBlock.length;
    }

    /**
     * Opens every shard not opened yet (checking each as {@link #shard} does).
     *
     * @return the shards, {@code (b, j)} at {@code b·J + j}; closed with this set
     */
    public List<DatasetFiles> openAll() {
        List<DatasetFiles> all = new ArrayList<>(byBlock.length);
        for (int k = 0; k < byBlock.length; k++) {
            all.add(shard(k));
        }
        return all;
    }

    /** The shards opened so far, in index order. */
    List<DatasetFiles> openedShards() {
        List<DatasetFiles> out = new ArrayList<>();
        for (int k = 0; k < byBlock.length; k++) {
            DatasetFiles f = opened.get(k);
            if (f != null) {
                out.add(f);
            }
        }
        return out;
    }

    private static void checkFingerprint(Path root, DatasetMetadata meta, ShardManifest m) {
        Path variants = DatasetLayout.genotypes(root).resolve(DatasetLayout.VARIANTS);
        if (meta.ploidy() == null) {
            if (m.variantsFingerprint() != null) {
                throw new DatasetFormatException(root.resolve(ShardManifest.FILE) + ": records a variant table but"
                        + " the dataset has no genotypes (ploidy null); the manifest was altered, write the dataset"
                        + " again");
            }
            return;
        }
        VariantsFingerprint got = VariantTableFile.fingerprint(variants);
        if (!same(m.variantsFingerprint(), got)) {
            throw new DatasetFormatException(variants + ": does not match the variants_fingerprint of "
                    + root.resolve(ShardManifest.FILE) + " (" + m.variantsFingerprint() + " recorded, " + got
                    + " found); the variant table was replaced, restore it or write the dataset again");
        }
    }

    /** Whether two fingerprints name the same table (the digest's case does not matter). */
    static boolean same(VariantsFingerprint a, VariantsFingerprint b) {
        if (a == null || b == null) {
            return a == b;
        }
        return a.algorithm().equals(b.algorithm()) && a.sizeBytes() == b.sizeBytes()
                && a.nBytesHashed() == b.nBytesHashed() && a.digest().equalsIgnoreCase(b.digest());
    }

    private static ShardManifest.Shard[] byBlock(Path root, ShardManifest m) {
        Path file = root.resolve(ShardManifest.FILE);
        int nb = m.regionBlockSizes().length;
        int nj = m.sampleBlockSizes().length;
        ShardManifest.Shard[] out = new ShardManifest.Shard[nb * nj];
        for (ShardManifest.Shard s : m.shards()) {
            int b = s.regionBlock();
            int j = s.sampleBlock();
            if (b < 0 || b >= nb || j < 0 || j >= nj) {
                throw new DatasetFormatException(file + ": shard " + s.dir() + " is block (" + b + ", " + j + "),"
                        + " outside the " + nb + " x " + nj + " grid; the manifest was altered, write the dataset"
                        + " again");
            }
            int r0 = from(m.regionBlockSizes(), b);
            int s0 = from(m.sampleBlockSizes(), j);
            if (!ShardManifest.shardDir(b, j).equals(s.dir()) || s.regionFrom() != r0
                    || s.regionTo() != r0 + m.regionBlockSizes()[b] || s.sampleFrom() != s0
                    || s.sampleTo() != s0 + m.sampleBlockSizes()[j]) {
                throw new DatasetFormatException(file + ": shard " + s.dir() + " claims regions [" + s.regionFrom()
                        + ", " + s.regionTo() + ") and samples [" + s.sampleFrom() + ", " + s.sampleTo() + ") as "
                        + ShardManifest.shardDir(b, j) + ", which is not that block of the grid; the manifest was"
                        + " altered, write the dataset again");
            }
            if (out[b * nj + j] != null) {
                throw new DatasetFormatException(file + ": block " + s.dir() + " is listed twice; the manifest was"
                        + " altered, write the dataset again");
            }
            out[b * nj + j] = s;
        }
        for (int k = 0; k < out.length; k++) {
            if (out[k] == null) {
                throw new DatasetFormatException(file + ": lists no shard for block "
                        + ShardManifest.shardDir(k / nj, k % nj) + "; the dataset is incomplete, write it again");
            }
        }
        return out;
    }

    /** A directory under {@code shards/} that the manifest does not list is a copy or a leftover: refused. */
    private static void checkNothingUnlisted(Path root, ShardManifest m) {
        Path dir = root.resolve(ShardManifest.SHARDS);
        Set<String> listed = new java.util.HashSet<>();
        m.shards().forEach(s -> listed.add(s.dir()));
        try (Stream<Path> children = Files.list(dir)) {
            for (Path c : children.sorted().toList()) {
                String rel = ShardManifest.SHARDS + "/" + c.getFileName();
                if (!listed.contains(rel)) {
                    throw new DatasetFormatException(c + ": is not a shard listed in " + root.resolve(
                            ShardManifest.FILE) + " (a copied or stray shard); remove it");
                }
            }
        } catch (IOException e) {
            throw new DatasetFormatException(dir + ": cannot list the shards (" + e.getMessage() + "); the sharded"
                    + " dataset is incomplete, write it again", e);
        }
    }

    /**
     * The checks one stat per file allows: the directory exists, every listed file has its listed size, and the
     * listed {@code variant_idxs.npy} (raw int32) holds the listed calls.
     */
    private static void checkFiles(Path root, ShardManifest.Shard s) {
        Path dir = root.resolve(s.dir());
        if (!Files.isDirectory(dir)) {
            throw new DatasetFormatException(dir + ": shard listed in " + root.resolve(ShardManifest.FILE) + " is"
                    + " missing; the sharded dataset is incomplete, restore the shard or write the dataset again");
        }
        long calls = 0;
        String idx = DatasetLayout.GENOTYPES + "/" + DatasetLayout.VARIANT_IDXS;
        for (ShardManifest.ShardFile f : s.files()) {
            Path p = dir.resolve(f.path());
            long size;
            try {
                size = Files.size(p);
            } catch (IOException e) {
                throw new DatasetFormatException(p + ": file of shard " + s.dir() + " listed in the manifest is"
                        + " missing; restore the shard or write the dataset again", e);
            }
            if (size != f.bytes()) {
                throw new DatasetFormatException(p + ": " + size + " bytes, but the manifest of shard " + s.dir()
                        + " records " + f.bytes() + "; the shard was altered or truncated, write the dataset again");
            }
            calls += f.path().equals(idx) ? size / 4 : 0;
        }
        if (calls != s.nCalls()) {
            throw new DatasetFormatException(dir + ": shard " + s.dir() + " holds " + calls + " calls, but the"
                    + " manifest records " + s.nCalls() + "; write the dataset again");
        }
    }

    private static DatasetFiles openShard(Path root, DatasetMetadata meta, Regions regions, ShardManifest m,
                                          ShardManifest.Shard s) {
        Path dir = root.resolve(s.dir());
        if (ShardManifest.isSharded(dir)) {
            throw new DatasetFormatException(dir + ": shard " + s.dir() + " is itself sharded; write the dataset"
                    + " again");
        }
        DatasetFiles shard = DatasetFiles.open(dir);
        try {
            check(root, meta, regions, m, s, shard);
            return shard;
        } catch (RuntimeException e) {
            shard.close();
            throw e;
        }
    }

    private static void check(Path root, DatasetMetadata meta, Regions regions, ShardManifest m,
                              ShardManifest.Shard s, DatasetFiles shard) {
        DatasetMetadata sm = shard.metadata();
        String where = root.resolve(s.dir()) + ": shard " + s.dir() + " ";
        if (!sm.samples().equals(meta.samples().subList(s.sampleFrom(), s.sampleTo()))
                || !sm.contigs().equals(meta.contigs()) || sm.nRegions() != s.regionTo() - s.regionFrom()
                || !Objects.equals(sm.ploidy(), meta.ploidy()) || sm.maxJitter() != meta.maxJitter()) {
            throw new DatasetFormatException(where + "does not hold samples [" + s.sampleFrom() + ", " + s.sampleTo()
                    + ") and regions [" + s.regionFrom() + ", " + s.regionTo() + ") of " + root + " with its contigs,"
                    + " ploidy and jitter; it belongs to another dataset, write the dataset again");
        }
        if (!same(sm.variantsFingerprint(), m.variantsFingerprint())) {
            throw new DatasetFormatException(where + "was written against the variant table "
                    + sm.variantsFingerprint() + ", but the manifest records " + m.variantsFingerprint()
                    + "; it belongs to another dataset, write the dataset again");
        }
        Regions r = shard.regions();
        for (int i = 0; i < r.size(); i++) {
            int g = s.regionFrom() + i;
            if (r.contig(i) != regions.contig(g) || r.start(i) != regions.start(g) || r.end(i) != regions.end(g)
                    || r.strand(i) != regions.strand(g)) {
                throw new DatasetFormatException(where + "stores window " + i + " unlike row " + g + " of "
                        + root.resolve(DatasetLayout.REGIONS) + "; write the dataset again");
            }
        }
    }

    /** Shard {@code k} has the sample tracks of the first shard, and the same annotation tracks. */
    private static void checkTrackNames(Path root, ShardManifest.Shard[] byBlock, DatasetFiles first, int k,
                                        DatasetFiles shard) {
        Set<String> tracks = first.tracks().keySet();
        Set<String> annotations = first.annotationTracks().keySet();
        if (!shard.tracks().keySet().equals(tracks) || !shard.annotationTracks().keySet().equals(annotations)) {
            throw new DatasetFormatException(root.resolve(byBlock[k].dir()) + ": shard " + byBlock[k].dir()
                    + " has the tracks " + shard.tracks().keySet() + " and annotations "
                    + shard.annotationTracks().keySet() + ", but " + byBlock[0].dir() + " has " + tracks
                    + " and " + annotations + "; write the dataset again");
        }
    }

    /**
     * Reads every file the manifest lists and compares its CRC32C.
     *
     * @param root the sharded root
     * @param m its manifest
     * @throws DatasetFormatException naming the first file whose checksum differs
     */
    static void verifyChecksums(Path root, ShardManifest m) {
        for (ShardManifest.Shard s : m.shards()) {
            for (ShardManifest.ShardFile f : s.files()) {
                Path p = root.resolve(s.dir()).resolve(f.path());
                String got = ShardManifest.crc32c(p);
                if (!got.equals(f.crc32c())) {
                    throw new DatasetFormatException(p + ": CRC32C " + got + ", but the manifest of shard " + s.dir()
                            + " records " + f.crc32c() + "; the file is corrupt, write the dataset again");
                }
            }
        }
    }

    private static int from(int[] sizes, int block) {
        int n = 0;
        for (int i = 0; i < block; i++) {
            n += sizes[i];
        }
        return n;
    }

    /**
     * The root's manifest.
     *
     * @return the manifest read by {@link #open}
     */
    public ShardManifest manifest() {
        return manifest;
    }

    /**
     * The shard directories.
     *
     * @return one directory per shard, {@code (b, j)} at {@code b·J + j}
     */
    public List<Path> dirs() {
        return Arrays.stream(byBlock).map(s -> root.resolve(s.dir())).toList();
    }

    /**
     * Whether every shard stores per-call dosages, by the files the manifest lists.
     *
     * @return {@code true} when every shard lists {@code genotypes/dosages.npy}, {@code false} when none does
     * @throws DatasetFormatException naming a shard that lacks them while others have them
     */
    boolean dosages() {
        String file = DatasetLayout.GENOTYPES + "/" + DatasetLayout.DOSAGES;
        int present = 0;
        ShardManifest.Shard lacking = null;
        for (ShardManifest.Shard s : byBlock) {
            boolean has = s.files().stream().anyMatch(f -> f.path().equals(file));
            present += has ? 1 : 0;
            lacking = has || lacking != null ? lacking : s;
        }
        if (present != 0 && lacking != null) {
            throw new DatasetFormatException(root.resolve(lacking.dir()).resolve(file) + ": missing, while other"
                    + " shards of " + root + " store dosages; write the dataset again");
        }
        return present != 0;
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        openedShards().forEach(DatasetFiles::close);
    }
}
