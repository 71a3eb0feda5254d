package io.gvl.spark.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;

/**
 * A planned read: region blocks of {@code regionsPerPartition} that still hold an allowed region become
 * partitions; blocks the filters exclude get no task and no I/O.
 */
public final class GvlScan implements Scan, Batch {
    private final DatasetInfo info;
    private final Selection selection;
    private final StructType readSchema;
    private final Filter[] pushed;

    GvlScan(DatasetInfo info, Selection selection, StructType readSchema, Filter[] pushed) {
        this.info = info;
        this.selection = selection;
        this.readSchema = readSchema;
        this.pushed = pushed;
    }

    @Override
    public StructType readSchema() {
        return readSchema;
    }

    @Override
    public String description() {
        return "GvlScan[" + info.options().path() + ", pushed=" + Arrays.toString(pushed) + ", columns="
                + Arrays.toString(readSchema.fieldNames()) + "]";
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        int[] samples = selection.samples().stream().toArray();
        int[] haps = selection.haplotypes().stream().filter(h -> h < info.ploidy()).toArray();
        List<InputPartition> parts = new ArrayList<>();
        if (samples.length == 0 || haps.length == 0) {
            return new InputPartition[0];
        }
        int per = info.options().regionsPerPartition();
        for (int from = 0; from < info.regionCount(); from += per) {
            int to = Math.min(info.regionCount(), from + per);
            int base = from;
            int[] regions = selection.regions().get(from, to).stream().map(i -> i + base).toArray();
            if (regions.length > 0) {
                parts.add(new RegionBlock(regions, samples, haps));
            }
        }
        return parts.toArray(InputPartition[]::new);
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new GvlReaderFactory(info, readSchema);
    }
}
