package io.gvl.spark;

import io.gvl.spark.errors.GvlSparkVersionException;
import io.gvl.spark.errors.GvlSparkWriteException;
import io.gvl.spark.errors.GvlStorageException;
import io.gvl.spark.internal.DistributedWrite;
import io.gvl.spark.internal.ObjectWrite;
import io.gvl.spark.internal.PartHook;
import io.gvl.spark.internal.RuntimeVersions;
import io.gvl.spark.internal.StorageUris;
import java.net.URI;
import io.gvl.write.spec.WriteOptions;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/**
 * Writes a gvl dataset with a Spark job instead of one machine's threads. The result is the same dataset
 * {@code io.gvl.write.Gvl#write} makes, byte for byte; only where the parts are computed differs.
 *
 * <p>The driver makes the {@code io.gvl.write.spec.WritePlan} (it checks every input and writes the variant table,
 * the BED table and the windows once), then runs one Spark task per part, with no shuffle: first the genotype
 * parts, then the track parts (which read the window ends the genotype parts found). Each task rebuilds the plan
 * from its JSON, reopens the input files and publishes its part by an atomic rename. A part's bytes depend only on
 * the plan and its block, so a retried or speculative attempt reuses a published part and an attempt killed midway
 * leaves only a temporary directory. The driver then checks that every part was reported once and merges: the
 * dataset is published by one rename, and only if every part is present exactly once.
 *
 * <p>Storage: {@code out} and every input file must be on storage that the driver and every executor see at the
 * same path (a shared POSIX or NFS file system; a local directory in local mode). Paths are opened as local files.
 * A sharded dataset can instead be written to object storage or HDFS by URI
 * ({@link #writeSharded(SparkSession, String, WriteOptions, int, int)}), with a commit protocol that uses no rename.
 * Write one dataset per destination at a time. Retries come from Spark ({@code spark.task.maxFailures}).
 */
public final class GvlSpark {
    /** Sorted regions per region block of {@link #write(SparkSession, Path, WriteOptions)}. */
    public static final int DEFAULT_REGIONS_PER_BLOCK = 64;

    private GvlSpark() {
    }

    /**
     * Writes the dataset with blocks of {@link #DEFAULT_REGIONS_PER_BLOCK} regions and every sample in one block
     * (the shape that suits VCF and BCF, whose records are decoded for all samples at once).
     *
     * @param spark the session whose executors write the parts
     * @param out the dataset directory to publish, on storage every executor sees
     * @param options the write options; variants must be a file and sample tracks bigWigs
     * @throws GvlSparkWriteException if the plan cannot be distributed, a part failed on every attempt, or a part
     *     is missing, present twice or foreign at the merge (the cause is then the
     *     {@code io.gvl.format.PartException}); nothing is published and the build directory is removed
     * @throws io.gvl.write.spec.WriteException if the request cannot be satisfied (checked on the driver)
     * @throws io.gvl.io.InputFormatException if an input file is malformed (found on the driver)
     * @throws io.gvl.format.DatasetExistsException if {@code out} exists and overwrite was not requested
     * @throws GvlSparkVersionException if the Spark or Arrow release on the class path does not fit gvl-spark
     */
    public static void write(SparkSession spark, Path out, WriteOptions options) {
        write(spark, out, options, DEFAULT_REGIONS_PER_BLOCK, Integer.MAX_VALUE);
    }

    /**
     * Writes the dataset with one Spark task per block of the given sizes (and per kind of part). Sample blocks
     * suit inputs that decode a subset of samples cheaply (PGEN, one bigWig per sample).
     *
     * @param spark the session whose executors write the parts
     * @param out the dataset directory to publish, on storage every executor sees
     * @param options the write options; variants must be a file and sample tracks bigWigs
     * @param regionsPerBlock sorted regions per region block, {@code >= 1}
     * @param samplesPerBlock sorted samples per sample block, {@code >= 1}
     * @throws GvlSparkWriteException if the plan cannot be distributed, a part failed on every attempt, or a part
     *     is missing, present twice or foreign at the merge (the cause is then the
     *     {@code io.gvl.format.PartException}); nothing is published and the build directory is removed
     * @throws io.gvl.write.spec.WriteException if the request cannot be satisfied or a block size is below 1
     * @throws io.gvl.io.InputFormatException if an input file is malformed (found on the driver)
     * @throws io.gvl.format.DatasetExistsException if {@code out} exists and overwrite was not requested
     * @throws GvlSparkVersionException if the Spark or Arrow release on the class path does not fit gvl-spark
     */
    public static void write(SparkSession spark, Path out, WriteOptions options, int regionsPerBlock,
                             int samplesPerBlock) {
        RuntimeVersions.require();
        DistributedWrite.run(spark, out, options, regionsPerBlock, samplesPerBlock, false);
    }

    /**
     * Writes the dataset, merged into one directory, at a path or at a URI of any Hadoop file system
     * ({@code s3a://}, {@code hdfs://}, ...), with blocks of {@link #DEFAULT_REGIONS_PER_BLOCK} regions and every
     * sample in one block. A plain path or a {@code file:} URI is written exactly as
     * {@link #write(SparkSession, Path, WriteOptions)} writes it; any other URI as
     * {@link #write(SparkSession, String, WriteOptions, int, int)} describes.
     *
     * @param spark the session whose executors write the parts
     * @param out the dataset: a path, or a URI of a Hadoop file system whose connector is on the class path
     * @param options the write options; variants must be a file and sample tracks bigWigs
     * @throws GvlSparkWriteException if the plan cannot be distributed, a part failed on every attempt, or a part
     *     is missing, present twice or foreign at the merge; nothing is published or committed
     * @throws GvlStorageException if the file system cannot be reached or refuses a transfer
     * @throws io.gvl.write.spec.WriteException if the request cannot be satisfied (checked on the driver)
     * @throws io.gvl.io.InputFormatException if an input file is malformed (found on the driver)
     * @throws io.gvl.format.DatasetExistsException if {@code out} holds a dataset and overwrite was not requested
     */
    public static void write(SparkSession spark, String out, WriteOptions options) {
        write(spark, out, options, DEFAULT_REGIONS_PER_BLOCK, Integer.MAX_VALUE);
    }

    /**
     * Writes the dataset, merged into one directory, at a path or at a URI of any Hadoop file system. A plain path
     * or a {@code file:} URI is written exactly as {@link #write(SparkSession, Path, WriteOptions, int, int)} writes
     * it. Any other URI is reached through the Hadoop client without renames: the tasks upload their parts under
     * attempt-unique prefixes, as for {@link #writeSharded(SparkSession, String, WriteOptions, int, int)}; the
     * driver downloads the winning parts into its temporary space, merges them there (the merge reads every part on
     * the driver on a shared file system too), uploads the dataset's files and commits by writing
     * {@code _gvl_commit.json} last. The driver's temporary space must hold the parts and the dataset.
     *
     * @param spark the session whose executors write the parts
     * @param out the dataset: a path, or a URI of a Hadoop file system whose connector is on the class path
     * @param options the write options; variants must be a file and sample tracks bigWigs
     * @param regionsPerBlock sorted regions per region block, {@code >= 1}
     * @param samplesPerBlock sorted samples per sample block, {@code >= 1}
     * @throws GvlSparkWriteException if the plan cannot be distributed, a part failed on every attempt, or a part
     *     is missing, present twice or foreign at the merge; nothing is published or committed
     * @throws GvlStorageException if the file system cannot be reached or refuses a transfer
     * @throws io.gvl.write.spec.WriteException if the request cannot be satisfied or a block size is below 1
     * @throws io.gvl.io.InputFormatException if an input file is malformed (found on the driver)
     * @throws io.gvl.format.DatasetExistsException if {@code out} holds a dataset and overwrite was not requested
     */
    public static void write(SparkSession spark, String out, WriteOptions options, int regionsPerBlock,
                             int samplesPerBlock) {
        Path local = StorageUris.localPath(out);
        if (local != null) {
            write(spark, local, options, regionsPerBlock, samplesPerBlock);
            return;
        }
        RuntimeVersions.require();
        ObjectWrite.run(spark, URI.create(out), options, regionsPerBlock, samplesPerBlock, PartHook.NONE, false);
    }

    /**
     * Writes the dataset as a sharded dataset: the same Spark tasks write the same parts, and each block's parts
     * become one shard, {@code out/shards/r<b>-s<j>}, a format-2.0 dataset of its own (its sorted samples and
     * regions, its genotypes indexing the one variant table, hard-linked from the root, and its tracks), with no
     * join of the parts. The root holds the whole dataset's {@code metadata.json}, {@code input_regions.arrow},
     * {@code regions.npy} and {@code genotypes/variants.arrow}, and {@code manifest.json}, written last: the grid,
     * each shard's block, ranges, call count, file sizes and CRC32C, and the variants fingerprint. The root is
     * published by one rename of its build directory (the commit point), and only if every part is present
     * exactly once. {@code Dataset.open(out, reference)} opens the root as one dataset whose outputs equal those of
     * the single-directory write; {@code io.gvl.write.Gvl#export} joins it into that directory.
     *
     * @param spark the session whose executors write the parts
     * @param out the root directory to publish, on storage every executor sees
     * @param options the write options; variants must be a file and sample tracks bigWigs
     * @param regionsPerBlock sorted regions per region block (and shard), {@code >= 1}
     * @param samplesPerBlock sorted samples per sample block (and shard), {@code >= 1}
     * @throws GvlSparkWriteException if the plan cannot be distributed, a part failed on every attempt, or a part
     *     is missing, present twice or foreign (the cause is then the {@code io.gvl.format.PartException}); nothing
     *     is published and the build directory is removed
     * @throws io.gvl.write.spec.WriteException if the request cannot be satisfied or a block size is below 1
     * @throws io.gvl.io.InputFormatException if an input file is malformed (found on the driver)
     * @throws io.gvl.format.DatasetExistsException if {@code out} exists and overwrite was not requested
     */
    public static void writeSharded(SparkSession spark, Path out, WriteOptions options, int regionsPerBlock,
                                    int samplesPerBlock) {
        RuntimeVersions.require();
        DistributedWrite.run(spark, out, options, regionsPerBlock, samplesPerBlock, true);
    }

    /**
     * Writes the dataset as a sharded dataset at a path or at a URI of any Hadoop file system ({@code s3a://},
     * {@code hdfs://}, {@code gs://}, {@code abfs://}, ...). A plain path or a {@code file:} URI is written exactly as
     * {@link #writeSharded(SparkSession, Path, WriteOptions, int, int)} writes it. Any other URI is reached through
     * the Hadoop client with the session's Hadoop configuration ({@code spark.hadoop.*} settings), with a protocol
     * that never renames: each task writes its part in the executor's temporary space and uploads it under a prefix
     * unique to its attempt; the driver lays out the shards from what the tasks report (without reading the parts
     * back), uploads the root's own files, and commits by writing {@code _gvl_commit.json} last, which names the
     * object of every file; losing attempts are then removed. Readers ({@code spark.read.format("gvl")}) see the
     * dataset whole from the commit on, and a root without a commit is refused. The layout, once downloaded, is
     * the root {@code writeSharded} writes to a path, file for file.
     *
     * @param spark the session whose executors write the parts
     * @param out the root: a path, or a URI of a Hadoop file system whose connector is on the class path
     * @param options the write options; variants must be a file and sample tracks bigWigs
     * @param regionsPerBlock sorted regions per region block (and shard), {@code >= 1}
     * @param samplesPerBlock sorted samples per sample block (and shard), {@code >= 1}
     * @throws GvlSparkWriteException if the plan cannot be distributed, a part failed on every attempt, or a part
     *     is missing or foreign; nothing is committed and the write's objects are removed
     * @throws GvlStorageException if the file system cannot be reached or refuses a transfer
     * @throws io.gvl.write.spec.WriteException if the request cannot be satisfied or a block size is below 1
     * @throws io.gvl.io.InputFormatException if an input file is malformed (found on the driver)
     * @throws io.gvl.format.DatasetExistsException if {@code out} holds a dataset and overwrite was not requested
     */
    public static void writeSharded(SparkSession spark, String out, WriteOptions options, int regionsPerBlock,
                                    int samplesPerBlock) {
        Path local = StorageUris.localPath(out);
        if (local != null) {
            writeSharded(spark, local, options, regionsPerBlock, samplesPerBlock);
            return;
        }
        RuntimeVersions.require();
        ObjectWrite.run(spark, URI.create(out), options, regionsPerBlock, samplesPerBlock, PartHook.NONE, true);
    }
}
