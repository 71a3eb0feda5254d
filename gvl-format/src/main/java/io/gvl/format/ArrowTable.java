package io.gvl.format;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A small Arrow IPC table held on the heap as plain Java values, used for {@code input_regions.arrow} and as a
 * generic view of any Arrow file in a dataset. {@link io.gvl.format.io.ArrowTableFile} reads and writes it: reading
 * accepts what polars writes (Utf8View, LargeList,
 * FixedSizeList, Struct, dictionary-encoded strings, zstd/lz4 buffers, dictionaries after the batch); writing
 * produces one uncompressed record batch of scalar columns with plain Utf8 strings, which GVL reads.
 *
 * @param columns the columns in file order
 */
public record ArrowTable(List<Column> columns) {

    /** Logical column types. Scalar kinds can be written; {@link #NESTED} (lists, structs) is read-only. */
    public enum ColumnType {
        /** Utf8, LargeUtf8 or Utf8View; values are {@code String}. */
        STRING,
        /** Boolean; values are {@code Boolean}. */
        BOOL,
        /** Signed 8-bit integer; values are {@code Byte}. */
        INT8,
        /** Signed 16-bit integer; values are {@code Short}. */
        INT16,
        /** Signed 32-bit integer; values are {@code Integer}. */
        INT32,
        /** Signed 64-bit integer; values are {@code Long}. */
        INT64,
        /** Unsigned 8-bit integer; values are {@code Short}. */
        UINT8,
        /** Unsigned 16-bit integer; values are {@code Integer}. */
        UINT16,
        /** Unsigned 32-bit integer; values are {@code Long}. */
        UINT32,
        /** Unsigned 64-bit integer; values are {@code Long} holding the raw 64 bits (negative above 2^63 - 1). */
        UINT64,
        /** 32-bit float; values are {@code Float}. */
        FLOAT32,
        /** 64-bit float; values are {@code Double}. */
        FLOAT64,
        /** List, LargeList, FixedSizeList or Struct; values are {@code List} or {@code Map<String,Object>}. */
        NESTED,
        /** Any other Arrow type (e.g. half floats, dates); read as whatever Arrow's vector returns, never written. */
        OTHER
    }

    /**
     * One column. Values are {@code String}, {@code Boolean}, {@code Byte}/{@code Short}/{@code Integer}/
     * {@code Long} (unsigned types widened: UINT8 as Short, UINT16 as Integer, UINT32 as Long, UINT64 as the raw
     * Long), {@code Float}/{@code Double}, {@code List} for lists, {@code Map<String,Object>} for structs, or
     * {@code null}.
     *
     * @param name the column name as stored in the Arrow schema
     * @param type the logical type, resolved through the dictionary for dictionary-encoded columns
     * @param values one value per row (see above for the Java type of each {@link ColumnType}); copied into an
     *     unmodifiable list, {@code null} elements allowed
     */
    public record Column(String name, ColumnType type, List<Object> values) {
        /**
         * Copies {@code values} into an unmodifiable list; {@code name} and {@code type} must not be {@code null}.
         */
        public Column {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
            values = Collections.unmodifiableList(new ArrayList<>(values));
        }
    }

    /**
     * Copies the column list; every column must have the same number of rows, else
     * {@link IllegalArgumentException}.
     */
    public ArrowTable {
        columns = List.copyOf(columns);
        if (!columns.isEmpty()) {
            int n = columns.getFirst().values().size();
            for (Column c : columns) {
                if (c.values().size() != n) {
                    throw new IllegalArgumentException("column " + c.name() + " has " + c.values().size()
                            + " rows, expected " + n);
                }
            }
        }
    }

    /**
     * The number of rows, i.e. the length of every column; 0 for a table without columns.
     *
     * @return the row count
     */
    public int rowCount() {
        return columns.isEmpty() ? 0 : columns.getFirst().values().size();
    }

    /**
     * The column names in file order.
     *
     * @return an unmodifiable list of the names
     */
    public List<String> columnNames() {
        return columns.stream().map(Column::name).toList();
    }

    /**
     * Whether a column of that name exists.
     *
     * @param name the column name, compared exactly (case-sensitive)
     * @return {@code true} if the table has such a column
     */
    public boolean has(String name) {
        return columns.stream().anyMatch(c -> c.name().equals(name));
    }

    /**
     * The column of that name, or a {@link DatasetFormatException} naming {@code source}.
     *
     * @param name the column name, compared exactly
     * @param source the file the table was read from, named in the error message
     * @return the first column with that name
     * @throws DatasetFormatException if there is no such column; the message lists the columns present
     */
    public Column column(String name, Path source) {
        return columns.stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new DatasetFormatException(source + ": required column '" + name
                        + "' is missing (columns: " + columnNames() + ")"));
    }

}
