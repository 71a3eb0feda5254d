package io.gvl.spark.internal;

import io.gvl.spark.errors.GvlStorageException;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.SerializableConfiguration;

/**
 * Where the dataset of a read is, resolved once on the driver and shipped to the executors: a local path, or a
 * root on a Hadoop file system together with the commit the driver found there and the Hadoop configuration to
 * reach it. Pinning the commit makes every task read the version the read was planned on, and spares each task a
 * request for the marker; {@link #local()} gives each machine its local copy ({@link ObjectCache}).
 *
 * @param path the {@code path} option as given
 * @param commit the commit of a root on a Hadoop file system, or {@code null} for a local path
 * @param hadoop the Hadoop configuration for that root, or {@code null} for a local path
 * @param cacheDir the local cache directory for that root, or {@code null} for a local path
 */
public record DatasetLocation(String path, ObjectCommit commit, SerializableConfiguration hadoop, String cacheDir)
        implements Serializable {
    /** The cache directory when the {@code cacheDir} option is absent: {@code gvl-object-cache} in the temp dir. */
    static final String DEFAULT_CACHE = "gvl-object-cache";

    /**
     * Resolves the dataset of {@code options}: for a URI of a Hadoop file system, reads its commit marker with the
     * session's Hadoop configuration plus the read's {@code fs.*} options.
     *
     * @param options the parsed options
     * @return the location
     * @throws GvlStorageException if the root has no commit marker or cannot be reached
     */
    public static DatasetLocation resolve(ReadOptions options) {
        if (StorageUris.localPath(options.path()) != null) {
            return new DatasetLocation(options.path(), null, null, null);
        }
        Configuration conf = new Configuration(SparkSession.active().sparkContext().hadoopConfiguration());
        options.hadoop().forEach(conf::set);
        org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(options.path());
        FileSystem fs;
        try {
            fs = root.getFileSystem(conf);
        } catch (IOException e) {
            throw new GvlStorageException("cannot reach " + root + " through the Hadoop client: " + e.getMessage()
                    + ". Fix: put the file system's connector on the class path (hadoop-aws for s3a://) and its"
                    + " settings (fs.s3a.endpoint, credentials) in the Hadoop configuration or the read's options.",
                    e);
        }
        String cache = options.cacheDir() != null ? options.cacheDir()
                : Path.of(System.getProperty("java.io.tmpdir"), DEFAULT_CACHE).toString();
        return new DatasetLocation(options.path(), ObjectCommit.read(fs, root), new SerializableConfiguration(conf),
                cache);
    }

    /**
     * The dataset as a local directory: the path itself, or this machine's copy of the committed root.
     *
     * @return a directory {@code Dataset.open} can open
     * @throws GvlStorageException if the copy cannot be downloaded
     */
    public Path local() {
        Path local = StorageUris.localPath(path);
        return local != null ? local : ObjectCache.fetch(path, commit, hadoop.value(), Path.of(cacheDir));
    }

    /**
     * The Hadoop settings a read passes through its options: those whose key starts with {@code fs.}.
     *
     * @param options the reader options
     * @return the {@code fs.*} options
     */
    static Map<String, String> hadoopOptions(Map<String, String> options) {
        Map<String, String> out = new java.util.TreeMap<>();
        options.forEach((k, v) -> {
            if (k.startsWith("fs.")) {
                out.put(k, v);
            }
        });
        return out;
    }
}
