package io.gvl.format.io;

import com.github.luben.zstd.Zstd;
import io.gvl.format.ArrowTable;
import io.gvl.format.DatasetFormatException;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.arrow.flatbuf.Block;
import org.apache.arrow.flatbuf.BodyCompression;
import org.apache.arrow.flatbuf.CompressionType;
import org.apache.arrow.flatbuf.DictionaryBatch;
import org.apache.arrow.flatbuf.Endianness;
import org.apache.arrow.flatbuf.FixedSizeList;
import org.apache.arrow.flatbuf.FloatingPoint;
import org.apache.arrow.flatbuf.Footer;
import org.apache.arrow.flatbuf.Int;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.Precision;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.flatbuf.Schema;
import org.apache.arrow.flatbuf.Type;
import org.apache.commons.compress.compressors.lz4.FramedLZ4CompressorInputStream;

/**
 * Reads an Arrow IPC file with nothing but its flatbuffer metadata classes. The footer, the schema and each message
 * are parsed from one read-only map of the file; buffers are views of the map, or heap copies when compressed (zstd
 * or lz4 frame); columns are {@link IpcColumn}s. Opening a dataset reads two small Arrow files, and through Arrow
 * Java that costs its allocator, its vector classes and the Jackson data binding its schema classes use: most of a
 * cold {@code Dataset.open}. This reader loads none of them.
 *
 * <p>It covers what dataset files hold: integers, 32/64-bit floats, booleans, Utf8, LargeUtf8, Utf8View, List,
 * LargeList, FixedSizeList, Struct and dictionary-encoded columns, little-endian, without dictionary deltas. Anything
 * else raises {@link Unsupported} before a batch is read, and {@link ArrowIpc} reads that file with Arrow Java. Every
 * offset and length read from the file is checked against the map or the buffer it points into, and a decompressed
 * size against a bound derived from the file's size, so a damaged file fails with a {@link DatasetFormatException}
 * naming it instead of exhausting memory.
 */
final class IpcFile {
    private static final byte[] MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);
    private static final int CONTINUATION = 0xFFFF_FFFF;

    /** The file uses something this reader leaves to Arrow Java; the message says what. */
    static final class Unsupported extends Exception {
        private static final long serialVersionUID = 1L;

        Unsupported(String what) {
            super(what, null, false, false);
        }
    }

    /**
     * A top-level field of the schema.
     *
     * @param name the field name
     * @param type the type of its values (the dictionary's values when dictionary-encoded); OTHER for a type this
     *     reader does not decode
     * @param dictionary whether the field is dictionary-encoded
     */
    record SchemaField(String name, ArrowTable.ColumnType type, boolean dictionary) {
    }

    /**
     * One record batch.
     *
     * @param rows the batch's row count
     * @param columns its top-level columns in schema order
     */
    record Batch(int rows, List<IpcColumn> columns) {
        /**
         * The column named {@code name}, or null.
         *
         * @param name a top-level field name
         * @return the column
         */
        IpcColumn column(String name) {
            for (IpcColumn c : columns) {
                if (c.name().equals(name)) {
                    return c;
                }
            }
            return null;
        }
    }

    private final Path file;
    private final ByteBuffer map;
    private final Footer footer;
    private final Schema schema;

    /** Maps {@code map} as the whole file, or (when {@code tail}) as the file's footer and trailer only. */
    private IpcFile(Path file, ByteBuffer map, boolean tail) {
        this.file = file;
        this.map = map;
        long size = map.limit();
        if (size < (tail ? 0 : MAGIC.length + 2) + MAGIC.length + 4 || !tail && !magicAt(0)
                || !magicAt((int) size - MAGIC.length)) {
            throw bad("not a readable Arrow IPC file (no ARROW1 magic at both ends)");
        }
        int footerLength = map.getInt((int) size - MAGIC.length - 4);
        long footerStart = size - MAGIC.length - 4L - footerLength;
        if (footerLength <= 0 || footerStart < (tail ? 0 : MAGIC.length)) {
            throw bad("its footer length " + footerLength + " does not fit the file's " + size + " bytes");
        }
        this.footer = Footer.getRootAsFooter(slice(footerStart, footerLength));
        this.schema = footer.schema();
        if (schema == null) {
            throw bad("its footer has no schema");
        }
    }

    /**
     * The top-level fields of {@code file}'s schema; no batch is read.
     *
     * @param file an Arrow IPC file
     * @return the fields in schema order
     * @throws DatasetFormatException if the file is missing or is not an Arrow IPC file
     */
    static List<SchemaField> schema(Path file) {
        return schema(file, Integer.MAX_VALUE);
    }

    /** {@link #schema(Path)}, mapping only the footer of a file larger than {@code mapLimit} bytes. */
    static List<SchemaField> schema(Path file, long mapLimit) {
        return read(file, mapLimit, f -> {
            List<SchemaField> out = new ArrayList<>();
            for (int i = 0; i < f.schema.fieldsLength(); i++) {
                org.apache.arrow.flatbuf.Field field = f.schema.fields(i);
                out.add(new SchemaField(nameOf(field), valueType(field), field.dictionary() != null));
            }
            return out;
        });
    }

    /**
     * Calls {@code consumer} for every record batch in footer order (once with no rows when there is none).
     *
     * @param file an Arrow IPC file
     * @param consumer receives each batch; its columns are valid during the call
     * @throws Unsupported if the file uses a type or feature this reader leaves to Arrow Java
     * @throws DatasetFormatException if the file is missing, damaged, or {@code consumer} fails on a damaged value
     */
    static void forEachBatch(Path file, Consumer<Batch> consumer) throws Unsupported {
        try {
            if (Files.size(file) > Integer.MAX_VALUE) {
                throw new Unsupported("a file over 2 GiB (" + Files.size(file) + " bytes)");
            }
        } catch (NoSuchFileException e) {
            throw new DatasetFormatException(file + ": required file is missing", e);
        } catch (IOException e) {
            throw new DatasetFormatException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
        Unsupported[] unsupported = new Unsupported[1];
        read(file, Long.MAX_VALUE, f -> {
            try {
                f.batches(consumer);
            } catch (Unsupported e) {
                unsupported[0] = e;
            }
            return null;
        });
        if (unsupported[0] != null) {
            throw unsupported[0];
        }
    }

    private interface Work<T> {
        T apply(IpcFile f);
    }

    /**
     * Maps {@code file} and runs {@code work} on it: the whole file, or from its footer on when it is larger than
     * {@code tailAbove} bytes (for work that reads the schema only; a map holds at most 2 GiB, and
     * {@link #forEachBatch} leaves a larger file's batches to Arrow Java before it gets here).
     */
    private static <T> T read(Path file, long tailAbove, Work<T> work) {
        ByteBuffer map;
        boolean tail = false;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long from = 0;
            if (size > tailAbove) {
                ByteBuffer trailer = ByteBuffer.allocate(MAGIC.length + 4).order(ByteOrder.LITTLE_ENDIAN);
                ch.read(trailer, Math.max(0, size - trailer.capacity()));
                long footer = trailer.getInt(0) & 0xFFFF_FFFFL;
                from = Math.max(0, size - trailer.capacity() - footer);
                tail = true;
            }
            if (size - from > Integer.MAX_VALUE) {
                throw new DatasetFormatException(file + ": " + (tail ? "not a readable Arrow IPC file (its footer"
                        + " claims " + (size - from) + " bytes)" : "grew past 2 GiB while it was read"));
            }
            map = ch.map(FileChannel.MapMode.READ_ONLY, from, size - from).order(ByteOrder.LITTLE_ENDIAN);
        } catch (NoSuchFileException e) {
            throw new DatasetFormatException(file + ": required file is missing", e);
        } catch (IOException e) {
            throw new DatasetFormatException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
        try {
            return work.apply(new IpcFile(file, map, tail));
        } catch (DatasetFormatException e) {
            throw e;
        } catch (RuntimeException | InternalError e) {
            // A flatbuffer offset, a buffer index or a value outside its buffer; InternalError is a mapped page that
            // vanished under the read (the file was truncated meanwhile).
            throw new DatasetFormatException(file + ": not a readable Arrow IPC file (" + e + ")", e);
        }
    }

    private void batches(Consumer<Batch> consumer) throws Unsupported {
        if (schema.endianness() != Endianness.Little) {
            throw new Unsupported("a big-endian schema");
        }
        for (int i = 0; i < schema.fieldsLength(); i++) {
            supported(schema.fields(i));
        }
        List<IpcColumn> dictionaries = new ArrayList<>();
        LongArrayList dictionaryIds = new LongArrayList();
        for (int d = 0; d < footer.dictionariesLength(); d++) {
            Block block = footer.dictionaries(d);
            Message m = message(block, MessageHeader.DictionaryBatch, "dictionary batch");
            DictionaryBatch db = (DictionaryBatch) m.header(new DictionaryBatch());
            if (db.isDelta()) {
                throw new Unsupported("a dictionary delta batch");
            }
            org.apache.arrow.flatbuf.Field field = fieldWithDictionary(db.id());
            RecordBatch data = db.data();
            if (field == null || data == null) {
                throw bad("dictionary batch " + d + " has id " + db.id() + ", which no field uses");
            }
            Loader l = new Loader(data, body(block), new LongArrayList(), List.of());
            dictionaries.add(l.column(field, true));
            dictionaryIds.add(db.id());
        }
        if (footer.recordBatchesLength() == 0) {
            List<IpcColumn> empty = new ArrayList<>();
            for (int i = 0; i < schema.fieldsLength(); i++) {
                empty.add(new IpcColumn.Empty(nameOf(schema.fields(i)), valueType(schema.fields(i))));
            }
            consumer.accept(new Batch(0, empty));
            return;
        }
        for (int b = 0; b < footer.recordBatchesLength(); b++) {
            Block block = footer.recordBatches(b);
            Message m = message(block, MessageHeader.RecordBatch, "record batch");
            RecordBatch rb = (RecordBatch) m.header(new RecordBatch());
            Loader l = new Loader(rb, body(block), dictionaryIds, dictionaries);
            List<IpcColumn> columns = new ArrayList<>(schema.fieldsLength());
            for (int i = 0; i < schema.fieldsLength(); i++) {
                columns.add(l.column(schema.fields(i), false));
            }
            consumer.accept(new Batch(intLength(rb.length(), "record batch " + b), columns));
        }
    }

    private org.apache.arrow.flatbuf.Field fieldWithDictionary(long id) {
        for (int i = 0; i < schema.fieldsLength(); i++) {
            org.apache.arrow.flatbuf.Field f = findDictionary(schema.fields(i), id);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    private static org.apache.arrow.flatbuf.Field findDictionary(org.apache.arrow.flatbuf.Field f, long id) {
        if (f.dictionary() != null && f.dictionary().id() == id) {
            return f;
        }
        for (int c = 0; c < f.childrenLength(); c++) {
            org.apache.arrow.flatbuf.Field hit = findDictionary(f.children(c), id);
            if (hit != null) {
                return hit;
            }
        }
        return null;
    }

    /** Refuses, before any batch is read, a field whose type (or index type) this reader does not decode. */
    private static void supported(org.apache.arrow.flatbuf.Field f) throws Unsupported {
        byte t = f.typeType();
        boolean ok = switch (t) {
            case Type.Int, Type.Bool, Type.Utf8, Type.LargeUtf8, Type.Utf8View, Type.List, Type.LargeList,
                 Type.FixedSizeList, Type.Struct_ -> true;
            case Type.FloatingPoint -> ((FloatingPoint) f.type(new FloatingPoint())).precision() != Precision.HALF;
            default -> false;
        };
        if (!ok || f.name() == null) {
            throw new Unsupported("field " + f.name() + " of type " + Type.name(t));
        }
        for (int c = 0; c < f.childrenLength(); c++) {
            supported(f.children(c));
        }
    }

    private static String nameOf(org.apache.arrow.flatbuf.Field f) {
        return f.name() == null ? "" : f.name();
    }

    /** The {@link ArrowTable.ColumnType} of a field's values, as {@link ArrowTableFile} reports it. */
    private static ArrowTable.ColumnType valueType(org.apache.arrow.flatbuf.Field f) {
        return switch (f.typeType()) {
            case Type.Utf8, Type.LargeUtf8, Type.Utf8View -> ArrowTable.ColumnType.STRING;
            case Type.Bool -> ArrowTable.ColumnType.BOOL;
            case Type.Int -> {
                Int i = (Int) f.type(new Int());
                yield IpcColumn.Ints.typeOf(i.bitWidth(), i.isSigned());
            }
            case Type.FloatingPoint -> switch (((FloatingPoint) f.type(new FloatingPoint())).precision()) {
                case Precision.SINGLE -> ArrowTable.ColumnType.FLOAT32;
                case Precision.DOUBLE -> ArrowTable.ColumnType.FLOAT64;
                default -> ArrowTable.ColumnType.OTHER;
            };
            case Type.List, Type.LargeList, Type.FixedSizeList, Type.Struct_ -> ArrowTable.ColumnType.NESTED;
            default -> ArrowTable.ColumnType.OTHER;
        };
    }

    /** The message of a block: continuation-prefixed or (pre-1.0) length-prefixed, of the expected kind. */
    private Message message(Block block, byte kind, String what) {
        long offset = block.offset();
        int metaLength = block.metaDataLength();
        if (offset < 0 || metaLength < 8 || offset + metaLength > map.limit()) {
            throw bad("the " + what + " at offset " + offset + " claims " + metaLength + " metadata bytes, past the"
                    + " file's " + map.limit() + " bytes; the file is truncated or corrupt");
        }
        int at = (int) offset;
        int length = map.getInt(at);
        int start = at + 4;
        if (length == CONTINUATION) {
            length = map.getInt(at + 4);
            start = at + 8;
        }
        if (length <= 0 || start + (long) length > offset + metaLength) {
            throw bad("the " + what + " at offset " + offset + " has a " + length + "-byte message in a " + metaLength
                    + "-byte block; the file is truncated or corrupt");
        }
        Message m = Message.getRootAsMessage(slice(start, length));
        if (m.headerType() != kind) {
            throw bad("the block at offset " + offset + " holds message type " + MessageHeader.name(m.headerType())
                    + ", not a " + what);
        }
        return m;
    }

    private ByteBuffer body(Block block) {
        long start = block.offset() + block.metaDataLength();
        long length = block.bodyLength();
        if (length < 0 || start + length > map.limit()) {
            throw bad("the batch at offset " + block.offset() + " claims a " + length + "-byte body, past the file's "
                    + map.limit() + " bytes; the file is truncated or corrupt");
        }
        return slice(start, length);
    }

    private ByteBuffer slice(long start, long length) {
        return map.slice((int) start, (int) length).order(ByteOrder.LITTLE_ENDIAN);
    }

    private boolean magicAt(int at) {
        for (int i = 0; i < MAGIC.length; i++) {
            if (map.get(at + i) != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    private int intLength(long n, String what) {
        if (n < 0 || n > Integer.MAX_VALUE) {
            throw bad(what + " claims " + n + " rows");
        }
        return (int) n;
    }

    private DatasetFormatException bad(String what) {
        return new DatasetFormatException(file + ": " + what);
    }

    /** Walks one batch's field nodes and buffers depth-first, as the IPC format lays them out. */
    private final class Loader {
        private final RecordBatch batch;
        private final ByteBuffer body;
        private final BodyCompression compression;
        private final LongArrayList dictionaryIds;
        private final List<IpcColumn> dictionaries;
        private int node;
        private int buffer;
        private int variadic;

        Loader(RecordBatch batch, ByteBuffer body, LongArrayList dictionaryIds, List<IpcColumn> dictionaries) {
            this.batch = batch;
            this.body = body;
            this.compression = batch.compression();
            this.dictionaryIds = dictionaryIds;
            this.dictionaries = dictionaries;
        }

        /** The next column; {@code asDictionaryValues} reads a dictionary-encoded field's values, not its codes. */
        IpcColumn column(org.apache.arrow.flatbuf.Field f, boolean asDictionaryValues) {
            String name = nameOf(f);
            if (node >= batch.nodesLength()) {
                throw bad("a record batch has " + batch.nodesLength() + " field nodes, fewer than its schema needs");
            }
            org.apache.arrow.flatbuf.FieldNode n = batch.nodes(node++);
            int length = intLength(n.length(), "column " + name);
            long nulls = n.nullCount();
            if (nulls < 0 || nulls > length) {
                throw bad("column " + name + " claims " + nulls + " nulls in " + length + " rows");
            }
            IpcColumn.Validity validity = new IpcColumn.Validity(next(name), nulls);
            if (nulls > 0) {
                need(validity.bits(), (length + 7L) / 8, name, "validity");
            }
            if (f.dictionary() != null && !asDictionaryValues) {
                Int index = f.dictionary().indexType();
                int bits = index == null ? 32 : index.bitWidth();
                boolean signed = index == null || index.isSigned();
                IpcColumn.Ints codes = ints(name, length, validity, bits, signed);
                int at = dictionaryIds.indexOf(f.dictionary().id());
                if (at < 0) {
                    throw new IllegalStateException("column " + name + " refers to missing dictionary "
                            + f.dictionary().id());
                }
                return new IpcColumn.Dictionary(codes, dictionaries.get(at));
            }
            return switch (f.typeType()) {
                case Type.Int -> {
                    Int i = (Int) f.type(new Int());
                    yield ints(name, length, validity, i.bitWidth(), i.isSigned());
                }
                case Type.FloatingPoint -> {
                    boolean doubles = ((FloatingPoint) f.type(new FloatingPoint())).precision() == Precision.DOUBLE;
                    yield new IpcColumn.Floats(name, length, validity, need(next(name), length * (doubles ? 8L : 4L),
                            name, "data"), doubles);
                }
                case Type.Bool -> new IpcColumn.Bools(name, length, validity, need(next(name), (length + 7L) / 8,
                        name, "data"));
                case Type.Utf8, Type.LargeUtf8 -> {
                    boolean large = f.typeType() == Type.LargeUtf8;
                    ByteBuffer offsets = offsets(name, length, large ? 8 : 4);
                    yield new IpcColumn.Strings(name, length, validity, offsets, large, next(name));
                }
                case Type.Utf8View -> {
                    ByteBuffer views = need(next(name), length * 16L, name, "views");
                    if (variadic >= batch.variadicBufferCountsLength()) {
                        throw bad("column " + name + " has no variadic buffer count");
                    }
                    long count = batch.variadicBufferCounts(variadic++);
                    if (count < 0 || count > batch.buffersLength() - buffer) {
                        throw bad("column " + name + " claims " + count + " data buffers");
                    }
                    List<ByteBuffer> data = new ArrayList<>((int) count);
                    for (long k = 0; k < count; k++) {
                        data.add(next(name));
                    }
                    yield new IpcColumn.Views(name, length, validity, views, data);
                }
                case Type.List, Type.LargeList -> {
                    int width = f.typeType() == Type.LargeList ? 8 : 4;
                    ByteBuffer offsets = offsets(name, length, width);
                    yield new IpcColumn.Lists(name, length, validity, offsets, width, 0, child(f, 0));
                }
                case Type.FixedSizeList -> {
                    int size = ((FixedSizeList) f.type(new FixedSizeList())).listSize();
                    if (size < 0) {
                        throw bad("column " + name + " has list size " + size);
                    }
                    yield new IpcColumn.Lists(name, length, validity, null, 0, size, child(f, 0));
                }
                case Type.Struct_ -> {
                    List<IpcColumn> children = new ArrayList<>(f.childrenLength());
                    for (int c = 0; c < f.childrenLength(); c++) {
                        children.add(child(f, c));
                    }
                    yield new IpcColumn.Struct(name, length, validity, children);
                }
                default -> throw new IllegalStateException("type " + Type.name(f.typeType()) + " passed the check");
            };
        }

        private IpcColumn child(org.apache.arrow.flatbuf.Field f, int c) {
            if (c >= f.childrenLength()) {
                throw bad("column " + nameOf(f) + " has no child field");
            }
            return column(f.children(c), false);
        }

        private IpcColumn.Ints ints(String name, int length, IpcColumn.Validity validity, int bits, boolean signed) {
            if (bits != 8 && bits != 16 && bits != 32 && bits != 64) {
                throw bad("column " + name + " has integers of " + bits + " bits");
            }
            return new IpcColumn.Ints(name, length, validity, need(next(name), length * (long) (bits / 8), name,
                    "data"), bits, signed);
        }

        /** An offsets buffer: {@code length + 1} entries, or none for an empty column. */
        private ByteBuffer offsets(String name, int length, int width) {
            ByteBuffer b = next(name);
            return length == 0 ? b : need(b, (length + 1L) * width, name, "offsets");
        }

        private ByteBuffer need(ByteBuffer b, long bytes, String name, String what) {
            if (b.limit() < bytes) {
                throw bad("column " + name + " has a " + b.limit() + "-byte " + what + " buffer; its rows need "
                        + bytes);
            }
            return b;
        }

        /** The next buffer of the batch, decompressed when the batch is compressed. */
        private ByteBuffer next(String name) {
            if (buffer >= batch.buffersLength()) {
                throw bad("a record batch has " + batch.buffersLength() + " buffers, fewer than column " + name
                        + " needs");
            }
            org.apache.arrow.flatbuf.Buffer b = batch.buffers(buffer++);
            long offset = b.offset();
            long length = b.length();
            if (offset < 0 || length < 0 || offset + length > body.limit()) {
                throw bad("column " + name + " has a buffer [" + offset + ", " + (offset + length) + ") outside its"
                        + " batch's " + body.limit() + "-byte body");
            }
            ByteBuffer raw = body.slice((int) offset, (int) length).order(ByteOrder.LITTLE_ENDIAN);
            if (compression == null || length == 0) {
                return raw;
            }
            if (length < 8) {
                throw bad("column " + name + " has a " + length + "-byte compressed buffer");
            }
            long size = raw.getLong(0);
            if (size == -1) {
                return raw.slice(8, (int) length - 8).order(ByteOrder.LITTLE_ENDIAN);
            }
            if (size == 0) {
                return ByteBuffer.allocate(0).order(ByteOrder.LITTLE_ENDIAN); // Arrow Java writes no frame for it
            }
            // Compressed genomic columns inflate by far less than this; a larger claim is damage.
            long bound = Math.min(Integer.MAX_VALUE - 8, Math.max(1L << 20, (long) map.limit() * 256));
            if (size < 0 || size > bound) {
                throw bad("column " + name + " claims a decompressed buffer of " + size + " bytes");
            }
            byte[] in = new byte[(int) length - 8];
            raw.get(8, in);
            return ByteBuffer.wrap(inflate(in, (int) size, name)).order(ByteOrder.LITTLE_ENDIAN);
        }

        private byte[] inflate(byte[] in, int size, String name) {
            byte[] out = new byte[size];
            if (compression.codec() == CompressionType.ZSTD) {
                long n = Zstd.decompressByteArray(out, 0, size, in, 0, in.length);
                if (Zstd.isError(n) || n != size) {
                    throw bad("column " + name + " has a zstd buffer that does not decompress to its " + size
                            + " bytes (" + (Zstd.isError(n) ? Zstd.getErrorName(n) : n + " bytes") + ")");
                }
                return out;
            }
            if (compression.codec() == CompressionType.LZ4_FRAME) {
                try (InputStream s = new FramedLZ4CompressorInputStream(new ByteArrayInputStream(in))) {
                    int n = s.readNBytes(out, 0, size);
                    if (n != size || s.read() != -1) {
                        throw bad("column " + name + " has an lz4 buffer that does not decompress to its " + size
                                + " bytes");
                    }
                } catch (IOException e) {
                    throw bad("column " + name + " has a damaged lz4 buffer (" + e.getMessage() + ")");
                }
                return out;
            }
            throw bad("column " + name + " uses compression codec " + compression.codec());
        }
    }
}
