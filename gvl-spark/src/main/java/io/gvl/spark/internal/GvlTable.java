package io.gvl.spark.internal;

import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A gvl dataset as a Spark table. It is read-only: the distributed write is a separate job that will add
 * {@code SupportsWrite} (and {@code BATCH_WRITE}) here, with its own write builder, leaving the read path as it is.
 */
public final class GvlTable implements SupportsRead {
    private final DatasetInfo info;

    public GvlTable(DatasetInfo info) {
        this.info = info;
    }

    @Override
    public String name() {
        return "gvl:" + info.options().path();
    }

    @Override
    @SuppressWarnings("deprecation")
    public StructType schema() {
        return Columns.schema(info);
    }

    @Override
    public Set<TableCapability> capabilities() {
        return EnumSet.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
        return new GvlScanBuilder(info);
    }
}
