package io.gvl.spark.internal;

import java.io.IOException;
import java.util.Iterator;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Shipped to executors: opens a {@link BatchReader} per partition. Reads are columnar; the row reader exists only
 * for Spark plans that ask for rows, and walks the same batches.
 */
final class GvlReaderFactory implements PartitionReaderFactory {
    private static final long serialVersionUID = 1L;
    private final DatasetInfo info;
    private final StructType readSchema;

    GvlReaderFactory(DatasetInfo info, StructType readSchema) {
        this.info = info;
        this.readSchema = readSchema;
    }

    @Override
    public boolean supportColumnarReads(InputPartition partition) {
        return true;
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
        RuntimeVersions.require();
        return new BatchReader(info, readSchema, (RegionBlock) partition);
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        RuntimeVersions.require();
        BatchReader batches = new BatchReader(info, readSchema, (RegionBlock) partition);
        return new PartitionReader<>() {
            private Iterator<InternalRow> rows = java.util.Collections.emptyIterator();
            private InternalRow row;

            @Override
            public boolean next() throws IOException {
                while (!rows.hasNext()) {
                    if (!batches.next()) {
                        return false;
                    }
                    rows = batches.get().rowIterator();
                }
                row = rows.next();
                return true;
            }

            @Override
            public InternalRow get() {
                return row;
            }

            @Override
            public void close() {
                batches.close();
            }
        };
    }
}
