package io.gvl.spark.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The row reader Spark falls back to when a plan asks for rows: over a real-data dataset (vg-z-synth16) it must
 * return exactly the rows of the columnar reader (which {@code GvlSparkReadTest} compares with {@code Dataset.get}),
 * in the same order, one per (region, sample, haplotype) of the block, across several batches.
 */
class GvlReaderFactoryTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path Z = DATA.resolve("real-derived/vg-z-synth16");
    static final Path FASTA = DATA.resolve("real/vg-1mb1kgp/z.fa");

    @TempDir
    Path tmp;

    @Test
    void rowReaderReturnsTheColumnarRowsOfEveryBatchInOrder() throws IOException {
        Path ds = tmp.resolve("z.gvl");
        Gvl.write(ds, WriteOptions.builder(Z.resolve("regions.bed")).variants(Z.resolve("z_synth16.norm.vcf.gz"))
                .build());
        DatasetInfo info = DatasetInfo.resolve(ReadOptions.parse(Map.of("path", ds.toString(),
                "reference", FASTA.toString(), "regionsPerBatch", "2")));
        StructType schema = Columns.schema(info);
        GvlReaderFactory factory = new GvlReaderFactory(info, schema);
        int[] regions = {1, 2, 5, 6, 7};
        int[] samples = {0, 3, 15};
        int[] haplotypes = {0, 1};
        RegionBlock block = new RegionBlock(regions, samples, haplotypes);

        List<String> columnar = new ArrayList<>();
        int batches = 0;
        try (PartitionReader<ColumnarBatch> reader = factory.createColumnarReader(block)) {
            while (reader.next()) {
                batches++;
                Iterator<InternalRow> it = reader.get().rowIterator();
                while (it.hasNext()) {
                    columnar.add(render(it.next(), schema));
                }
            }
        }
        List<String> rows = new ArrayList<>();
        try (PartitionReader<InternalRow> reader = factory.createReader(block)) {
            while (reader.next()) {
                rows.add(render(reader.get(), schema));
            }
        }

        assertEquals(3, batches, "5 regions in batches of 2 regions");
        assertEquals(regions.length * samples.length * haplotypes.length, rows.size());
        assertEquals(columnar, rows);
        Set<String> keys = new HashSet<>();
        for (String row : rows) {
            String[] f = row.split("\\|");
            keys.add(f[0] + "/" + f[4] + "/" + f[5]); // region, sample, haplotype
        }
        assertEquals(rows.size(), keys.size(), "each (region, sample, haplotype) once");
    }

    /** Every field of {@code row} as text, so rows can be compared after the reader has moved on. */
    private static String render(InternalRow row, StructType schema) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < schema.fields().length; i++) {
            DataType type = schema.fields()[i].dataType();
            if (type.equals(DataTypes.IntegerType)) {
                sb.append(row.getInt(i));
            } else if (type.equals(DataTypes.StringType)) {
                sb.append(row.getUTF8String(i));
            } else if (type.equals(DataTypes.BinaryType)) {
                sb.append(Base64.getEncoder().encodeToString(row.getBinary(i)));
            } else if (type instanceof ArrayType a && a.elementType().equals(DataTypes.IntegerType)) {
                sb.append(Arrays.toString(row.getArray(i).toIntArray()));
            } else if (type instanceof ArrayType a && a.elementType().equals(DataTypes.FloatType)) {
                sb.append(Arrays.toString(row.getArray(i).toFloatArray()));
            } else {
                throw new AssertionError("no rendering for column " + schema.fields()[i].name() + " of " + type);
            }
            sb.append('|');
        }
        return sb.toString();
    }
}
