package io.gvl.format.io;

import io.gvl.format.ArrowTable;
import io.gvl.format.DatasetFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Reads any Arrow IPC file of a dataset into an {@link ArrowTable}, and writes one as a file with one uncompressed
 * record batch, plain Utf8 strings and nullable fields, the conservative shape that polars ({@code pl.read_ipc}) and
 * pyarrow both read.
 */
public final class ArrowTableFile {
    private ArrowTableFile() {
    }

    /**
     * Reads every record batch of an Arrow IPC file. Files of the types datasets hold are read without Arrow Java
     * (integers, floats, booleans, strings, lists, structs, dictionaries); others (dates, binary, half floats, ...)
     * through Arrow Java, which needs the JVM options of docs/jvm.md.
     *
     * @param file an Arrow IPC file (not a stream)
     * @return all rows of all batches, concatenated in file order
     * @throws DatasetFormatException if the file is missing or not a readable Arrow IPC file
     * @throws io.gvl.format.MissingJvmOptionException if the file needs Arrow Java and the JVM lacks its options
     */
    public static ArrowTable read(Path file) {
        List<String> names = new ArrayList<>();
        List<ArrowTable.ColumnType> types = new ArrayList<>();
        List<List<Object>> values = new ArrayList<>();
        ArrowIpc.forEachBatch(file, batch -> {
            if (names.isEmpty()) {
                for (IpcColumn c : batch.columns()) {
                    names.add(c.name());
                    types.add(c.type());
                    values.add(new ArrayList<>());
                }
            }
            List<IpcColumn> columns = batch.columns();
            for (int c = 0; c < columns.size(); c++) {
                IpcColumn v = columns.get(c);
                for (int i = 0; i < batch.rows(); i++) {
                    values.get(c).add(v.get(i));
                }
            }
        });
        List<ArrowTable.Column> cols = new ArrayList<>();
        for (int c = 0; c < names.size(); c++) {
            cols.add(new ArrowTable.Column(names.get(c), types.get(c), values.get(c)));
        }
        return new ArrowTable(cols);
    }

    /**
     * Writes one uncompressed record batch (an Arrow IPC file, not a stream). Only scalar columns.
     *
     * @param table the table
     * @param file the destination, replaced if it exists
     */
    public static void write(ArrowTable table, Path file) {
        JvmOptions.requireArrowAccess();
        int n = table.rowCount();
        try (BufferAllocator alloc = new RootAllocator()) {
            List<FieldVector> vectors = new ArrayList<>();
            try {
                for (ArrowTable.Column c : table.columns()) {
                    FieldVector v = new Field(c.name(), FieldType.nullable(arrowType(c)), null)
                            .createVector(alloc);
                    vectors.add(v);
                    v.setInitialCapacity(n);
                    v.allocateNew();
                    for (int i = 0; i < n; i++) {
                        set(v, i, c.values().get(i), c);
                    }
                    v.setValueCount(n);
                }
                ArrowFileOutput.writeOneBatch(vectors, n, null, false, file);
            } finally {
                vectors.forEach(FieldVector::close);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot write Arrow file", e);
        }
    }

    private static ArrowType arrowType(ArrowTable.Column c) {
        return switch (c.type()) {
            case STRING -> ArrowType.Utf8.INSTANCE;
            case BOOL -> ArrowType.Bool.INSTANCE;
            case INT8 -> new ArrowType.Int(8, true);
            case INT16 -> new ArrowType.Int(16, true);
            case INT32 -> new ArrowType.Int(32, true);
            case INT64 -> new ArrowType.Int(64, true);
            case UINT8 -> new ArrowType.Int(8, false);
            case UINT16 -> new ArrowType.Int(16, false);
            case UINT32 -> new ArrowType.Int(32, false);
            case UINT64 -> new ArrowType.Int(64, false);
            case FLOAT32 -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case FLOAT64 -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case NESTED, OTHER -> throw new IllegalArgumentException("column " + c.name() + " of type " + c.type()
                    + " cannot be written; only scalar columns are supported");
        };
    }

    private static void set(FieldVector v, int i, Object value, ArrowTable.Column c) {
        if (value == null) {
            v.setNull(i);
            return;
        }
        try {
            switch (v) {
                case VarCharVector s -> s.setSafe(i, ((String) value).getBytes(StandardCharsets.UTF_8));
                case BitVector b -> b.setSafe(i, ((Boolean) value) ? 1 : 0);
                case TinyIntVector t -> t.setSafe(i, ((Number) value).byteValue());
                case SmallIntVector t -> t.setSafe(i, ((Number) value).shortValue());
                case IntVector t -> t.setSafe(i, ((Number) value).intValue());
                case BigIntVector t -> t.setSafe(i, ((Number) value).longValue());
                case UInt1Vector t -> t.setSafe(i, ((Number) value).intValue());
                case UInt2Vector t -> t.setSafe(i, ((Number) value).intValue());
                case UInt4Vector t -> t.setSafe(i, (int) ((Number) value).longValue());
                case UInt8Vector t -> t.setSafe(i, ((Number) value).longValue());
                case Float4Vector t -> t.setSafe(i, ((Number) value).floatValue());
                case Float8Vector t -> t.setSafe(i, ((Number) value).doubleValue());
                default -> throw new IllegalArgumentException("unsupported vector " + v.getClass().getSimpleName());
            }
        } catch (ClassCastException e) {
            throw new IllegalArgumentException("column " + c.name() + " (" + c.type() + ") row " + i + " holds a "
                    + value.getClass().getSimpleName(), e);
        }
    }
}
