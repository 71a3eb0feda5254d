package io.gvl.io.table;

import dev.hardwood.InputFile;
import dev.hardwood.reader.ParquetFileReader;
import dev.hardwood.reader.RowReader;
import dev.hardwood.schema.ColumnProjection;
import dev.hardwood.schema.ColumnSchema;
import io.gvl.io.InputFormatException;
import io.gvl.io.internal.Inputs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Parquet tables through Hardwood's reader (no Hadoop): only the five needed columns are decoded, row by row.
 * Snappy pages need snappy-java on the class path; zstd and gzip pages decode with zstd-jni and the JDK.
 */
final class ParquetTables {
    private ParquetTables() {
    }

    static IntervalTable read(Path file, Map<String, String> columnMap, boolean sampleRequired) {
        Inputs.requireReadable(file);
        TableRows rows = new TableRows(file, "row");
        String[] names;
        long row = 0;
        try (ParquetFileReader reader = ParquetFileReader.open(InputFile.of(file))) {
            List<String> cols = reader.getFileSchema().getColumns().stream().map(ColumnSchema::name).toList();
            names = ColumnNames.resolve(file, cols, columnMap, sampleRequired);
            String[] wanted = Arrays.stream(names).filter(Objects::nonNull).toArray(String[]::new);
            try (RowReader r = reader.buildRowReader().projection(ColumnProjection.columns(wanted)).build()) {
                while (r.hasNext()) {
                    r.next();
                    row++;
                    rows.add(row, cell(r, names[0]), cell(r, names[1]), cell(r, names[2]), cell(r, names[3]),
                            cell(r, names[4]));
                }
            }
        } catch (InputFormatException e) {
            throw e;
        } catch (IOException | RuntimeException | NoClassDefFoundError | UnsatisfiedLinkError e) {
            throw new InputFormatException(file, row == 0 ? "" : "row " + (row + 1), "not a readable Parquet file ("
                    + e + ").", "write the table with pyarrow, polars or another Parquet writer, uncompressed or"
                    + " with zstd, gzip or snappy pages.", e);
        }
        return rows.build(TableFormat.PARQUET, names[IntervalTable.SAMPLE_COLUMN] != null);
    }

    private static Object cell(RowReader r, String name) {
        return name == null || r.isNull(name) ? null : r.getValue(name);
    }
}
