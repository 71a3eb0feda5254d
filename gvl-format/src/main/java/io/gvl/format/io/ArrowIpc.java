package io.gvl.format.io;

import io.gvl.format.ArrowTable;
import io.gvl.format.DatasetFormatException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;

/**
 * Reads Arrow IPC files the way polars and genoray write them, always through the footer (polars may put the
 * dictionary batch after the record batch, and polars >= 1.43 omits the schema message's prefix, both of which
 * break stream-style parsing). {@link IpcFile} reads every file whose types it covers; a file it leaves aside (a
 * date, binary or half-float column, a big-endian schema, dictionary deltas) is read here with Arrow Java and the
 * commons-compress codec factory, its vectors adapted to {@link IpcColumn}, so both routes give the same cells.
 */
final class ArrowIpc {
    private ArrowIpc() {
    }

    /**
     * Calls {@code consumer} for every record batch in footer order (once with no rows when there is none); any
     * failure names the file.
     *
     * @param file an Arrow IPC file
     * @param consumer receives each batch; its columns are valid only during the call
     * @throws DatasetFormatException if the file is missing or unreadable, or a cell is damaged
     */
    public static void forEachBatch(Path file, Consumer<IpcFile.Batch> consumer) {
        try {
            IpcFile.forEachBatch(file, consumer);
        } catch (IpcFile.Unsupported e) {
            withArrowJava(file, consumer);
        }
    }

    /** The Arrow Java route, for what {@link IpcFile} does not decode (and, in tests, its reference). */
    static void withArrowJava(Path file, Consumer<IpcFile.Batch> consumer) {
        JvmOptions.requireArrowAccess();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
             BufferAllocator alloc = new RootAllocator(allocationLimit(ch.size()));
             ArrowFileReader reader = new ArrowFileReader(ch, alloc, CommonsCompressionFactory.INSTANCE)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            List<ArrowBlock> blocks = reader.getRecordBlocks();
            ArrowBatchCheck.check(file, ch, reader.getDictionaryBlocks());
            ArrowBatchCheck.check(file, ch, blocks);
            if (blocks.isEmpty()) {
                consumer.accept(adapt(root, reader));
            }
            for (ArrowBlock block : blocks) {
                reader.loadRecordBatch(block);
                consumer.accept(adapt(root, reader));
            }
        } catch (DatasetFormatException e) {
            throw e;
        } catch (NoSuchFileException e) {
            throw new DatasetFormatException(file + ": required file is missing", e);
        } catch (IOException | RuntimeException e) {
            throw new DatasetFormatException(file + ": not a readable Arrow IPC file (" + e + ")", e);
        }
    }

    private static IpcFile.Batch adapt(VectorSchemaRoot root, DictionaryProvider dicts) {
        List<IpcColumn> columns = new ArrayList<>();
        for (FieldVector v : root.getFieldVectors()) {
            columns.add(new VectorColumn(v, dicts));
        }
        return new IpcFile.Batch(root.getRowCount(), columns);
    }

    /** An Arrow Java vector seen as an {@link IpcColumn}. */
    private record VectorColumn(FieldVector vector, DictionaryProvider dicts) implements IpcColumn {
        @Override
        public String name() {
            return vector.getName();
        }

        @Override
        public ArrowTable.ColumnType type() {
            DictionaryEncoding enc = vector.getField().getDictionary();
            return enc == null ? typeOf(vector.getField().getType())
                    : typeOf(dicts.lookup(enc.getId()).getVectorType());
        }

        @Override
        public int length() {
            return vector.getValueCount();
        }

        @Override
        public boolean isNull(int i) {
            return vector.isNull(i);
        }

        @Override
        public Object get(int i) {
            return ArrowIpc.get(vector, i, dicts);
        }
    }

    private static ArrowTable.ColumnType typeOf(ArrowType t) {
        return switch (t) {
            case ArrowType.Utf8 u -> ArrowTable.ColumnType.STRING;
            case ArrowType.LargeUtf8 u -> ArrowTable.ColumnType.STRING;
            case ArrowType.Utf8View u -> ArrowTable.ColumnType.STRING;
            case ArrowType.Bool b -> ArrowTable.ColumnType.BOOL;
            case ArrowType.Int i -> IpcColumn.Ints.typeOf(i.getBitWidth(), i.getIsSigned());
            case ArrowType.FloatingPoint fp -> switch (fp.getPrecision()) {
                case SINGLE -> ArrowTable.ColumnType.FLOAT32;
                case DOUBLE -> ArrowTable.ColumnType.FLOAT64;
                default -> ArrowTable.ColumnType.OTHER;
            };
            case ArrowType.List l -> ArrowTable.ColumnType.NESTED;
            case ArrowType.LargeList l -> ArrowTable.ColumnType.NESTED;
            case ArrowType.FixedSizeList l -> ArrowTable.ColumnType.NESTED;
            case ArrowType.Struct s -> ArrowTable.ColumnType.NESTED;
            default -> ArrowTable.ColumnType.OTHER;
        };
    }

    /**
     * The most memory one file's batches may take: generous for real tables (compressed columns inflate, so a
     * multiple of the file) yet bounded, so a damaged length in a batch or a compressed buffer is refused by the
     * allocator instead of exhausting memory.
     */
    private static long allocationLimit(long fileBytes) {
        return Math.max(1L << 30, Math.min(Long.MAX_VALUE / 256, fileBytes) * 256);
    }


    /** The value of cell {@code i} of {@code v} as a plain Java value. */
    static Object get(ValueVector v, int i, DictionaryProvider dicts) {
        if (v.isNull(i)) {
            return null;
        }
        DictionaryEncoding enc = v.getField().getDictionary();
        if (enc != null) {
            Dictionary d = dicts.lookup(enc.getId());
            if (d == null) {
                throw new IllegalStateException("column " + v.getName() + " refers to missing dictionary "
                        + enc.getId());
            }
            long code = unsignedIndex(v, i);
            ValueVector values = d.getVector();
            if (code < 0 || code >= values.getValueCount()) {
                throw new IllegalStateException("column " + v.getName() + " row " + i + " has dictionary code "
                        + code + " but the dictionary has " + values.getValueCount() + " values");
            }
            return get(values, (int) code, dicts);
        }
        return switch (v) {
            case ViewVarCharVector s -> new String(s.get(i), StandardCharsets.UTF_8);
            case VarCharVector s -> new String(s.get(i), StandardCharsets.UTF_8);
            case LargeVarCharVector s -> new String(s.get(i), StandardCharsets.UTF_8);
            case BitVector b -> b.get(i) != 0;
            case UInt1Vector u -> u.getObjectNoOverflow(i);
            case UInt2Vector u -> (int) u.get(i);
            case UInt4Vector u -> u.getObjectNoOverflow(i);
            case LargeListVector l -> {
                ArrowBuf off = l.getOffsetBuffer();
                yield elements(l.getDataVector(), off.getLong((long) i * 8), off.getLong((long) (i + 1) * 8), dicts);
            }
            case ListVector l -> {
                ArrowBuf off = l.getOffsetBuffer();
                yield elements(l.getDataVector(), off.getInt((long) i * 4), off.getInt((long) (i + 1) * 4), dicts);
            }
            case FixedSizeListVector l -> elements(l.getDataVector(), (long) i * l.getListSize(),
                    (long) (i + 1) * l.getListSize(), dicts);
            case StructVector s -> {
                Map<String, Object> out = new LinkedHashMap<>();
                for (String name : s.getChildFieldNames()) {
                    out.put(name, get(s.getChild(name), i, dicts));
                }
                yield out;
            }
            default -> v.getObject(i);
        };
    }

    /** A list cell's values; offsets outside the child vector (a damaged file) fail before anything is allocated. */
    private static List<Object> elements(ValueVector child, long from, long to, DictionaryProvider dicts) {
        if (from < 0 || to < from || to > child.getValueCount()) {
            throw new IllegalArgumentException("list offsets [" + from + ", " + to + ") lie outside the "
                    + child.getValueCount() + " values of column " + child.getName());
        }
        List<Object> out = new ArrayList<>((int) (to - from));
        for (long k = from; k < to; k++) {
            out.add(get(child, Math.toIntExact(k), dicts));
        }
        return out;
    }

    private static long unsignedIndex(ValueVector v, int i) {
        return switch (v) {
            case UInt1Vector u -> u.getObjectNoOverflow(i);
            case UInt2Vector u -> u.get(i);
            case UInt4Vector u -> u.getObjectNoOverflow(i);
            case BaseIntVector b -> b.getValueAsLong(i);
            default -> throw new IllegalStateException("column " + v.getName()
                    + " has a non-integer dictionary index type");
        };
    }
}
