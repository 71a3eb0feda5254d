package io.gvl.spark;

import io.gvl.spark.errors.GvlOptionException;
import io.gvl.spark.errors.GvlSparkVersionException;
import io.gvl.spark.internal.Columns;
import io.gvl.spark.internal.DatasetInfo;
import io.gvl.spark.internal.GvlTable;
import io.gvl.spark.internal.ReadOptions;
import io.gvl.spark.internal.RuntimeVersions;
import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The {@code gvl} Spark data source: {@code spark.read.format("gvl")}. Spark finds it by its short name through
 * {@code META-INF/services}; applications never call it directly. Read-only for now.
 *
 * <p>Options: {@code path} (the dataset directory, or the URI of a root that
 * {@link GvlSpark#writeSharded(org.apache.spark.sql.SparkSession, String, io.gvl.write.spec.WriteOptions, int, int)}
 * committed on a Hadoop file system such as {@code s3a://}; required), {@code reference} (the FASTA it was written
 * against, a local path; required with a sequence column), {@code seqs} ({@code haplotypes}, {@code reference} or
 * {@code none}; default haplotypes when the dataset has genotypes), {@code tracks} (comma-separated; default every
 * track), {@code samples} (comma-separated subset; default all), {@code regionsPerPartition} (default 64),
 * {@code regionsPerBatch} (default 16), {@code cacheDir} (where each machine keeps its downloaded copy of a root
 * given as a URI; default {@code gvl-object-cache} in {@code java.io.tmpdir}) and any {@code fs.*} Hadoop setting,
 * applied over the session's Hadoop configuration for such a root. A root without its commit marker raises
 * {@link io.gvl.spark.errors.GvlStorageException}.
 *
 * <p>Columns, one row per (region, sample, haplotype): {@code region int} (the dataset's region index),
 * {@code chrom string}, {@code start int}, {@code end int} (the region, 0-based half-open), {@code sample string},
 * {@code haplotype int}, {@code n_variants int}, {@code variant_idxs array<int>} (rows of the variant table this
 * haplotype carries), {@code sequence binary} (ASCII bases, unless {@code seqs=none}) and one
 * {@code track_<name> array<float>} per track. Filters on {@code region}, {@code sample} and {@code haplotype}
 * prune partitions; unrequested sequence and track columns are never computed.
 *
 * <p>Instances are created by Spark per read and are not shared between threads.
 */
public final class GvlDataSource implements TableProvider, DataSourceRegister {
    private DatasetInfo info;
    private Map<String, String> resolvedFor;

    /** Creates the provider (Spark calls this through the service loader). */
    public GvlDataSource() {
    }

    /**
     * The name in {@code spark.read.format(...)}.
     *
     * @return {@code "gvl"}
     */
    @Override
    public String shortName() {
        return "gvl";
    }

    /**
     * The column schema of the read the options describe (see the class comment).
     *
     * @param options the reader options
     * @return the schema
     * @throws GvlOptionException if an option is missing or names what the dataset lacks
     * @throws GvlSparkVersionException if the Spark or Arrow release on the class path does not fit gvl-spark
     */
    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return Columns.schema(resolve(options.asCaseSensitiveMap()));
    }

    /**
     * The table for these options.
     *
     * @param schema the schema from {@link #inferSchema}
     * @param partitioning ignored (a gvl read is partitioned by region blocks)
     * @param properties the reader options
     * @return a read-only table
     * @throws GvlOptionException if an option is missing or names what the dataset lacks
     * @throws GvlSparkVersionException if the Spark or Arrow release on the class path does not fit gvl-spark
     */
    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new GvlTable(resolve(properties));
    }

    private DatasetInfo resolve(Map<String, String> options) {
        RuntimeVersions.require();
        if (info == null || !options.equals(resolvedFor)) {
            info = DatasetInfo.resolve(ReadOptions.parse(options));
            resolvedFor = Map.copyOf(options);
        }
        return info;
    }
}
