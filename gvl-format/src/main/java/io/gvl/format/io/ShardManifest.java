package io.gvl.format.io;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetMetadata.VariantsFingerprint;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.internal.FileTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * {@code manifest.json} of a sharded dataset: the grid of region blocks by sample blocks, and for each block the
 * shard directory that holds it (a format-2.0 dataset of its own), its sorted region and sample ranges, its call
 * count and the size and CRC32C of each of its files. A root that has this file is opened by
 * {@link DatasetFiles#open(Path)} as one dataset; it is written last into the root's build directory, through a
 * temporary name, an fsync and an atomic rename.
 *
 * @param layout always {@link #LAYOUT}
 * @param writerVersion the gvl dataset writer version ({@link DatasetMetadata#WRITER_VERSION})
 * @param regionBlockSizes regions in each region block, in sorted order
 * @param sampleBlockSizes samples in each sample block, in sorted order
 * @param variantsFingerprint fingerprint of the root {@code genotypes/variants.arrow}, {@code null} without
 *     genotypes; every shard's {@code metadata.json} carries the same one
 * @param shards one entry per block, region block by region block, then sample block
 */
public record ShardManifest(String layout, String writerVersion, int[] regionBlockSizes, int[] sampleBlockSizes,
                            VariantsFingerprint variantsFingerprint, List<Shard> shards) {
    /** The manifest's file name in the root of a sharded dataset. */
    public static final String FILE = "manifest.json";
    /** The value of {@link #layout()}. */
    public static final String LAYOUT = "gvl-sharded-1";
    /** The directory under the root holding the shard directories. */
    public static final String SHARDS = "shards";

    /** Made on first use: opening a dataset asks {@link #isSharded} of every directory, sharded or not. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    /** Copies the arrays and the list. */
    public ShardManifest {
        regionBlockSizes = regionBlockSizes.clone();
        sampleBlockSizes = sampleBlockSizes.clone();
        shards = List.copyOf(shards);
    }

    /**
     * One shard: a block of the grid stored as a dataset of its own.
     *
     * @param dir the shard directory relative to the root, {@code shards/r<b>-s<j>}
     * @param regionBlock the region block index
     * @param sampleBlock the sample block index
     * @param regionFrom first sorted region of the block
     * @param regionTo one past its last sorted region
     * @param sampleFrom first sorted sample of the block
     * @param sampleTo one past its last sorted sample
     * @param nCalls entries of its {@code genotypes/variant_idxs.npy} (0 without genotypes)
     * @param files every file of the shard except the hard-linked variant table, sorted by path
     */
    public record Shard(String dir, int regionBlock, int sampleBlock, int regionFrom, int regionTo, int sampleFrom,
                        int sampleTo, long nCalls, List<ShardFile> files) {
        /** Copies the list. */
        public Shard {
            files = List.copyOf(files);
        }
    }

    /**
     * One file of a shard.
     *
     * @param path the path relative to the shard directory, with {@code /} separators
     * @param bytes its size in bytes
     * @param crc32c its CRC32C as 8 lower-case hex digits
     */
    public record ShardFile(String path, long bytes, String crc32c) {
    }

    /**
     * The directory name of the shard of block {@code (b, j)} relative to the root.
     *
     * @param regionBlock the region block
     * @param sampleBlock the sample block
     * @return {@code shards/r<b>-s<j>}
     */
    public static String shardDir(int regionBlock, int sampleBlock) {
        return SHARDS + "/r" + regionBlock + "-s" + sampleBlock;
    }

    /**
     * Whether {@code dir} is the root of a sharded dataset.
     *
     * @param dir a directory
     * @return {@code true} when it holds {@link #FILE}
     */
    public static boolean isSharded(Path dir) {
        return Files.isRegularFile(dir.resolve(FILE));
    }

    /**
     * The CRC32C of a file, read sequentially.
     *
     * @param file the file
     * @return 8 lower-case hex digits
     * @throws UncheckedIOException if the file cannot be read
     */
    public static String crc32c(Path file) {
        CRC32C crc = new CRC32C();
        ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            while (ch.read(buf) >= 0) {
                buf.flip();
                crc.update(buf);
                buf.clear();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read", e);
        }
        return String.format("%08x", crc.getValue());
    }

    /**
     * Writes {@code root/manifest.json}: to a temporary name, fsynced, then renamed atomically into place.
     *
     * @param root the root (build) directory
     * @throws UncheckedIOException if the file cannot be written
     */
    public void write(Path root) {
        Path target = root.resolve(FILE);
        Path tmp = root.resolve(FILE + ".tmp");
        try {
            Files.write(tmp, Json.MAPPER.writeValueAsBytes(this));
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            FileTrees.fsyncDirectory(root);
        } catch (IOException e) {
            throw new UncheckedIOException(target + ": cannot write", e);
        }
    }

    /**
     * Reads {@code root/manifest.json}.
     *
     * @param root the root of a sharded dataset
     * @return the manifest
     * @throws DatasetFormatException if the file is missing, unreadable or not a shard manifest
     */
    public static ShardManifest read(Path root) {
        Path file = root.resolve(FILE);
        ShardManifest m;
        try {
            m = Json.MAPPER.readValue(file.toFile(), ShardManifest.class);
        } catch (NoSuchFileException e) {
            throw new DatasetFormatException(file + ": required file is missing", e);
        } catch (IOException e) {
            throw new DatasetFormatException(file + ": not a shard manifest (" + e.getMessage() + "); the sharded"
                    + " dataset is damaged, write it again", e);
        }
        if (!LAYOUT.equals(m.layout())) {
            throw new DatasetFormatException(file + ": not a shard manifest of layout " + LAYOUT + " (layout "
                    + m.layout() + "); write the dataset again with this gvl, or upgrade gvl");
        }
        return m;
    }
}
