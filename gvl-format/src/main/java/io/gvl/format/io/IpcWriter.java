package io.gvl.format.io;

import com.github.luben.zstd.Zstd;
import com.google.flatbuffers.FlatBufferBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.LongPredicate;
import java.util.function.LongUnaryOperator;
import java.util.function.ToIntFunction;
import org.apache.arrow.flatbuf.Block;
import org.apache.arrow.flatbuf.BodyCompression;
import org.apache.arrow.flatbuf.Bool;
import org.apache.arrow.flatbuf.Buffer;
import org.apache.arrow.flatbuf.CompressionType;
import org.apache.arrow.flatbuf.DictionaryBatch;
import org.apache.arrow.flatbuf.DictionaryEncoding;
import org.apache.arrow.flatbuf.Field;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.FloatingPoint;
import org.apache.arrow.flatbuf.Footer;
import org.apache.arrow.flatbuf.Int;
import org.apache.arrow.flatbuf.LargeList;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.MetadataVersion;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.flatbuf.Schema;
import org.apache.arrow.flatbuf.Type;
import org.apache.arrow.flatbuf.Utf8;

/**
 * Writes an Arrow IPC file of one record batch, and at most one string dictionary, with nothing but the flatbuffer
 * metadata classes and zstd. The bytes are those Arrow Java 19's {@code ArrowFileWriter} writes for the same vectors
 * (every field nullable, the validity bitmap always present, buffers 8-byte aligned, zstd level 3 per buffer with
 * the raw bytes kept when they would not shrink), so a dataset's files and their fingerprints do not depend on
 * which writer made them; {@code IpcWriterTest} holds the two writers to that. A write through Arrow Java loads its
 * allocator, vector and schema classes and Jackson's data binding: most of a cold write's fixed cost.
 *
 * <p>Columns are added in schema order; each builds its buffers in off-heap memory owned by the writer's arena, so
 * nothing here is limited to 2 GiB. Not thread-safe; close it after {@link #write}.
 */
final class IpcWriter implements AutoCloseable {
    private static final byte[] MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);
    private static final int CONTINUATION = 0xFFFF_FFFF;
    private static final int ZSTD_LEVEL = 3;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** A schema field: name, type (its flatbuffer union tag and a writer of its table), dictionary and children. */
    private record FieldSpec(String name, byte typeType, ToIntFunction<FlatBufferBuilder> type, Dict dict,
                             List<FieldSpec> children) {
    }

    /** A string dictionary: its id, whether it is ordered, and the bit width of its unsigned indexes. */
    private record Dict(long id, boolean ordered, int indexBits) {
    }

    /** Field nodes and buffers of a batch, in Arrow's depth-first order. */
    private static final class Body {
        final List<long[]> nodes = new ArrayList<>();
        final List<MemorySegment> buffers = new ArrayList<>();
    }

    /** Where a block of the file starts, and its metadata and body lengths. */
    private record Written(long offset, int metadataLength, long bodyLength) {
    }

    private final Arena arena = Arena.ofConfined();
    private final boolean zstd;
    private final List<FieldSpec> fields = new ArrayList<>();
    private final Body batch = new Body();
    private Body dictionaryBody;
    private long dictionaryRows;
    private Dict dictionary;
    private boolean closed;

    /**
     * @param zstd compress every buffer with zstd (as {@code variants.arrow}); otherwise buffers are stored raw
     */
    IpcWriter(boolean zstd) {
        this.zstd = zstd;
    }

    /**
     * Adds a column of integers stored as {@code bits}-bit values.
     *
     * @param isNull which rows are null (their value bytes are 0)
     * @param value the value of a non-null row, truncated to {@code bits}
     */
    void ints(String name, int bits, boolean signed, long rows, LongPredicate isNull, LongUnaryOperator value) {
        fields.add(leaf(name, Type.Int, intType(bits, signed)));
        fixedWidth(batch, rows, bits / 8, isNull, value);
    }

    /** Adds a column of 32-bit ({@code bits} 32) or 64-bit floats given as their raw IEEE bits. */
    void floats(String name, int bits, long rows, LongPredicate isNull, LongUnaryOperator rawBits) {
        short precision = bits == 32 ? org.apache.arrow.flatbuf.Precision.SINGLE
                : org.apache.arrow.flatbuf.Precision.DOUBLE;
        fields.add(leaf(name, Type.FloatingPoint, b -> {
            FloatingPoint.startFloatingPoint(b);
            FloatingPoint.addPrecision(b, precision);
            return FloatingPoint.endFloatingPoint(b);
        }));
        fixedWidth(batch, rows, bits / 8, isNull, rawBits);
    }

    /** Adds a column of booleans ({@code value} nonzero is true). */
    void bools(String name, long rows, LongPredicate isNull, LongPredicate value) {
        fields.add(leaf(name, Type.Bool, b -> {
            Bool.startBool(b);
            return Bool.endBool(b);
        }));
        MemorySegment bits = bitmap(rows, i -> !isNull.test(i) && value.test(i));
        node(batch, rows, validity(batch, rows, isNull));
        batch.buffers.add(bits);
    }

    /** Adds a Utf8 column; {@code value} returns null for a null row. */
    void strings(String name, int rows, IntFunction<String> value) {
        fields.add(leaf(name, Type.Utf8, IpcWriter::utf8Type));
        utf8(batch, rows, value);
    }

    /** Adds a LargeList column of Int32 lists holding one value each (GVL's ILEN). */
    void singletonIntLists(String name, int[] values) {
        FieldSpec item = leaf("$data$", Type.Int, intType(32, true));
        fields.add(new FieldSpec(name, Type.LargeList, b -> {
            LargeList.startLargeList(b);
            return LargeList.endLargeList(b);
        }, null, List.of(item)));
        long n = values.length;
        node(batch, n, validity(batch, n, i -> false));
        MemorySegment offsets = arena.allocate((n + 1) * Long.BYTES);
        for (long i = 0; i <= n; i++) {
            offsets.set(LONG, i * Long.BYTES, i);
        }
        batch.buffers.add(offsets);
        fixedWidth(batch, n, Integer.BYTES, i -> false, i -> values[(int) i]);
    }

    /**
     * Adds a dictionary-encoded Utf8 column: the dictionary {@code values} (written as the file's one dictionary
     * batch) and each row's unsigned index into it, stored in {@code indexBits} bits.
     */
    void dictionaryStrings(String name, long id, boolean ordered, int indexBits, List<String> values, int[] codes) {
        if (dictionary != null) {
            throw new IllegalStateException("an IpcWriter writes one dictionary");
        }
        dictionary = new Dict(id, ordered, indexBits);
        fields.add(new FieldSpec(name, Type.Utf8, IpcWriter::utf8Type, dictionary, List.of()));
        dictionaryBody = new Body();
        dictionaryRows = values.size();
        utf8(dictionaryBody, values.size(), values::get);
        fixedWidth(batch, codes.length, indexBits / 8, i -> false, i -> codes[(int) i]);
    }

    /**
     * Writes the file and forces it to disk.
     *
     * @param rows the batch's row count
     * @param file the destination, replaced if it exists
     * @throws UncheckedIOException if it cannot be written
     */
    void write(long rows, Path file) {
        if (closed) {
            throw new IllegalStateException("IpcWriter is closed");
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            Out out = new Out(ch);
            out.bytes(ByteBuffer.wrap(MAGIC));
            out.align();
            FlatBufferBuilder sb = new FlatBufferBuilder();
            int schema = schema(sb);
            out.message(message(sb, MessageHeader.Schema, schema, 0));
            List<Written> dictionaries = new ArrayList<>();
            if (dictionary != null) {
                List<MemorySegment> bufs = bodyBuffers(dictionaryBody);
                long bodyLength = bodyLength(bufs);
                FlatBufferBuilder db = new FlatBufferBuilder();
                int data = recordBatch(db, dictionaryRows, dictionaryBody.nodes, bufs);
                DictionaryBatch.startDictionaryBatch(db);
                DictionaryBatch.addId(db, dictionary.id());
                DictionaryBatch.addData(db, data);
                DictionaryBatch.addIsDelta(db, false);
                int header = DictionaryBatch.endDictionaryBatch(db);
                dictionaries.add(out.batch(message(db, MessageHeader.DictionaryBatch, header, bodyLength), bufs));
            }
            List<MemorySegment> bufs = bodyBuffers(batch);
            long bodyLength = bodyLength(bufs);
            FlatBufferBuilder rb = new FlatBufferBuilder();
            int header = recordBatch(rb, rows, batch.nodes, bufs);
            Written record = out.batch(message(rb, MessageHeader.RecordBatch, header, bodyLength), bufs);
            out.ints(CONTINUATION, 0);
            long footerStart = out.position;
            out.bytes(footer(dictionaries, record));
            out.ints((int) (out.position - footerStart));
            out.bytes(ByteBuffer.wrap(MAGIC));
            ch.force(true);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot write Arrow file", e);
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            arena.close();
        }
    }

    private static FieldSpec leaf(String name, byte typeType, ToIntFunction<FlatBufferBuilder> type) {
        return new FieldSpec(name, typeType, type, null, List.of());
    }

    private static ToIntFunction<FlatBufferBuilder> intType(int bits, boolean signed) {
        return b -> {
            Int.startInt(b);
            Int.addBitWidth(b, bits);
            Int.addIsSigned(b, signed);
            return Int.endInt(b);
        };
    }

    private static int utf8Type(FlatBufferBuilder b) {
        Utf8.startUtf8(b);
        return Utf8.endUtf8(b);
    }

    private void node(Body body, long length, long nullCount) {
        body.nodes.add(new long[] {length, nullCount});
    }

    /** Adds the validity bitmap of {@code rows} to {@code body}; returns the null count. */
    private long validity(Body body, long rows, LongPredicate isNull) {
        long nulls = 0;
        for (long i = 0; i < rows; i++) {
            if (isNull.test(i)) {
                nulls++;
            }
        }
        body.buffers.add(bitmap(rows, i -> !isNull.test(i)));
        return nulls;
    }

    private MemorySegment bitmap(long rows, LongPredicate set) {
        MemorySegment bits = arena.allocate((rows + 7) / 8);
        for (long i = 0; i < rows; i++) {
            if (set.test(i)) {
                long at = i >>> 3;
                bits.set(ValueLayout.JAVA_BYTE, at, (byte) (bits.get(ValueLayout.JAVA_BYTE, at) | 1 << (i & 7)));
            }
        }
        return bits;
    }

    private void fixedWidth(Body body, long rows, int width, LongPredicate isNull, LongUnaryOperator value) {
        node(body, rows, validity(body, rows, isNull));
        MemorySegment data = arena.allocate(rows * width);
        for (long i = 0; i < rows; i++) {
            if (isNull.test(i)) {
                continue;
            }
            long v = value.applyAsLong(i);
            for (int k = 0; k < width; k++) {
                data.set(ValueLayout.JAVA_BYTE, i * width + k, (byte) (v >>> (8 * k)));
            }
        }
        body.buffers.add(data);
    }

    private void utf8(Body body, int rows, IntFunction<String> value) {
        byte[][] utf8 = new byte[rows][];
        long total = 0;
        for (int i = 0; i < rows; i++) {
            String s = value.apply(i);
            utf8[i] = s == null ? null : s.getBytes(StandardCharsets.UTF_8);
            total += s == null ? 0 : utf8[i].length;
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a Utf8 column holds at most 2 GiB of text; this one " + total
                    + " bytes");
        }
        node(body, rows, validity(body, rows, i -> utf8[(int) i] == null));
        MemorySegment offsets = arena.allocate((rows + 1L) * Integer.BYTES);
        MemorySegment data = arena.allocate(total);
        long at = 0;
        for (int i = 0; i < rows; i++) {
            if (utf8[i] != null) {
                MemorySegment.copy(utf8[i], 0, data, ValueLayout.JAVA_BYTE, at, utf8[i].length);
                at += utf8[i].length;
            }
            offsets.set(INT, (i + 1L) * Integer.BYTES, (int) at);
        }
        body.buffers.add(offsets);
        body.buffers.add(data);
    }

    /** The buffers as stored: each zstd-framed (with its uncompressed length first) when compressing. */
    private List<MemorySegment> bodyBuffers(Body body) {
        if (!zstd) {
            return body.buffers;
        }
        List<MemorySegment> out = new ArrayList<>(body.buffers.size());
        for (MemorySegment raw : body.buffers) {
            long n = raw.byteSize();
            if (n == 0) {
                out.add(arena.allocate(Long.BYTES));
                continue;
            }
            long bound = Zstd.compressBound(n);
            MemorySegment framed = arena.allocate(Long.BYTES + bound);
            long written = Zstd.compressUnsafe(framed.address() + Long.BYTES, bound, raw.address(), n, ZSTD_LEVEL);
            if (Zstd.isError(written)) {
                throw new IllegalStateException("zstd failed: " + Zstd.getErrorName(written));
            }
            if (written > n) {
                MemorySegment stored = arena.allocate(Long.BYTES + n);
                stored.set(LONG, 0, -1L);
                MemorySegment.copy(raw, 0, stored, Long.BYTES, n);
                out.add(stored);
            } else {
                framed.set(LONG, 0, n);
                out.add(framed.asSlice(0, Long.BYTES + written));
            }
        }
        return out;
    }

    private static long bodyLength(List<MemorySegment> buffers) {
        long offset = 0;
        for (MemorySegment b : buffers) {
            offset = align8(offset + b.byteSize());
        }
        return offset;
    }

    private static long align8(long v) {
        return (v + 7) & ~7L;
    }

    private int schema(FlatBufferBuilder b) {
        int[] offsets = new int[fields.size()];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = field(b, fields.get(i));
        }
        int fieldsVector = Schema.createFieldsVector(b, offsets);
        int metadata = Field.createCustomMetadataVector(b, new int[0]);
        Schema.startSchema(b);
        Schema.addEndianness(b, org.apache.arrow.flatbuf.Endianness.Little);
        Schema.addFields(b, fieldsVector);
        Schema.addCustomMetadata(b, metadata);
        return Schema.endSchema(b);
    }

    private static int field(FlatBufferBuilder b, FieldSpec f) {
        int name = b.createString(f.name());
        int type = f.type().applyAsInt(b);
        int dict = -1;
        if (f.dict() != null) {
            int indexType = intType(f.dict().indexBits(), false).applyAsInt(b);
            DictionaryEncoding.startDictionaryEncoding(b);
            DictionaryEncoding.addId(b, f.dict().id());
            DictionaryEncoding.addIsOrdered(b, f.dict().ordered());
            DictionaryEncoding.addIndexType(b, indexType);
            dict = DictionaryEncoding.endDictionaryEncoding(b);
        }
        int[] children = new int[f.children().size()];
        for (int i = 0; i < children.length; i++) {
            children[i] = field(b, f.children().get(i));
        }
        int childrenVector = Field.createChildrenVector(b, children);
        int metadata = Field.createCustomMetadataVector(b, new int[0]);
        Field.startField(b);
        Field.addName(b, name);
        Field.addNullable(b, true);
        Field.addTypeType(b, f.typeType());
        Field.addType(b, type);
        Field.addChildren(b, childrenVector);
        Field.addCustomMetadata(b, metadata);
        if (f.dict() != null) {
            Field.addDictionary(b, dict);
        }
        return Field.endField(b);
    }

    private int recordBatch(FlatBufferBuilder b, long rows, List<long[]> nodes, List<MemorySegment> buffers) {
        RecordBatch.startNodesVector(b, nodes.size());
        for (int i = nodes.size() - 1; i >= 0; i--) {
            FieldNode.createFieldNode(b, nodes.get(i)[0], nodes.get(i)[1]);
        }
        int nodesVector = b.endVector();
        long[] offsets = new long[buffers.size()];
        long offset = 0;
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = offset;
            offset = align8(offset + buffers.get(i).byteSize());
        }
        RecordBatch.startBuffersVector(b, buffers.size());
        for (int i = buffers.size() - 1; i >= 0; i--) {
            Buffer.createBuffer(b, offsets[i], buffers.get(i).byteSize());
        }
        int buffersVector = b.endVector();
        int compression = zstd ? BodyCompression.createBodyCompression(b, CompressionType.ZSTD,
                org.apache.arrow.flatbuf.BodyCompressionMethod.BUFFER) : 0;
        RecordBatch.startRecordBatch(b);
        RecordBatch.addLength(b, rows);
        RecordBatch.addNodes(b, nodesVector);
        RecordBatch.addBuffers(b, buffersVector);
        if (zstd) {
            RecordBatch.addCompression(b, compression);
        }
        return RecordBatch.endRecordBatch(b);
    }

    private static ByteBuffer message(FlatBufferBuilder b, byte headerType, int header, long bodyLength) {
        Message.startMessage(b);
        Message.addHeaderType(b, headerType);
        Message.addHeader(b, header);
        Message.addVersion(b, MetadataVersion.V5);
        Message.addBodyLength(b, bodyLength);
        b.finish(Message.endMessage(b));
        return b.dataBuffer();
    }

    private ByteBuffer footer(List<Written> dictionaries, Written record) {
        FlatBufferBuilder b = new FlatBufferBuilder();
        int schema = schema(b);
        Footer.startDictionariesVector(b, dictionaries.size());
        for (int i = dictionaries.size() - 1; i >= 0; i--) {
            Written w = dictionaries.get(i);
            Block.createBlock(b, w.offset(), w.metadataLength(), w.bodyLength());
        }
        int dictionariesVector = b.endVector();
        Footer.startRecordBatchesVector(b, 1);
        Block.createBlock(b, record.offset(), record.metadataLength(), record.bodyLength());
        int batchesVector = b.endVector();
        // Arrow Java's compressing writer passes an empty map of footer metadata, its plain writer none
        int metadata = zstd ? Field.createCustomMetadataVector(b, new int[0]) : 0;
        Footer.startFooter(b);
        Footer.addSchema(b, schema);
        Footer.addDictionaries(b, dictionariesVector);
        Footer.addRecordBatches(b, batchesVector);
        Footer.addCustomMetadata(b, metadata);
        Footer.addVersion(b, MetadataVersion.V5);
        b.finish(Footer.endFooter(b));
        return b.dataBuffer();
    }

    /** The file being written, with its position. */
    private static final class Out {
        private final FileChannel ch;
        private final ByteBuffer scratch = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        long position;

        Out(FileChannel ch) {
            this.ch = ch;
        }

        void bytes(ByteBuffer b) throws IOException {
            while (b.hasRemaining()) {
                position += ch.write(b);
            }
        }

        void ints(int... values) throws IOException {
            for (int v : values) {
                scratch.clear();
                scratch.putInt(v).flip();
                bytes(scratch);
            }
        }

        void zeros(long n) throws IOException {
            for (long left = n; left > 0; left -= 8) {
                scratch.clear();
                scratch.putLong(0).flip().limit((int) Math.min(8, left));
                bytes(scratch);
            }
        }

        void align() throws IOException {
            zeros((8 - position % 8) % 8);
        }

        /** A metadata-only message (the schema): continuation, padded length, flatbuffer, padding. */
        void message(ByteBuffer fb) throws IOException {
            int length = fb.remaining();
            if ((length + 8) % 8 != 0) {
                length += 8 - (length + 8) % 8;
            }
            ints(CONTINUATION, length);
            bytes(fb);
            align();
        }

        /** A message with a body: the message as above, then each buffer at its aligned offset. */
        Written batch(ByteBuffer fb, List<MemorySegment> buffers) throws IOException {
            long start = position;
            int length = fb.remaining();
            int padding = (int) ((start + length + 8) % 8);
            if (padding != 0) {
                length += 8 - padding;
            }
            ints(CONTINUATION, length);
            bytes(fb);
            align();
            long bodyStart = position;
            for (MemorySegment buf : buffers) {
                for (long at = 0; at < buf.byteSize(); at += Integer.MAX_VALUE - 7) {
                    bytes(buf.asSlice(at, Math.min(Integer.MAX_VALUE - 7, buf.byteSize() - at)).asByteBuffer());
                }
                align();
            }
            return new Written(start, length + 8, position - bodyStart);
        }
    }
}
