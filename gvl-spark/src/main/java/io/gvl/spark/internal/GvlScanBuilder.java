package io.gvl.spark.internal;

import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownFilters;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;

/**
 * Collects the filters that prune partitions and the columns the query needs. Every filter is handed back to
 * Spark as well, because pruning works on whole regions, samples and haplotypes and Spark's re-check keeps the
 * rows exact at no real cost.
 */
final class GvlScanBuilder implements ScanBuilder, SupportsPushDownFilters, SupportsPushDownRequiredColumns {
    private final DatasetInfo info;
    private final Pushdown pushdown;
    private StructType required;

    GvlScanBuilder(DatasetInfo info) {
        this.info = info;
        this.pushdown = new Pushdown(info);
        this.required = Columns.schema(info);
    }

    @Override
    public Filter[] pushFilters(Filter[] filters) {
        for (Filter f : filters) {
            pushdown.push(f);
        }
        return filters;
    }

    @Override
    public Filter[] pushedFilters() {
        return pushdown.used();
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        this.required = requiredSchema;
    }

    @Override
    public Scan build() {
        return new GvlScan(info, pushdown.selection(), required, pushdown.used());
    }
}
