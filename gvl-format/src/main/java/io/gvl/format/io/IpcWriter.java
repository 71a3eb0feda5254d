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
    private static final ValueLayout.OfShort SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

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
     * Adds a column of integers stored in {@code bits} bits (8, 16, 32 or 64), each value truncated to them.
     *
     * @param nulls which rows are null (their value bytes are 0), or {@code null} for none
     */
    void ints(String name, int bits, boolean signed, long[] values, boolean[] nulls) {
        fields.add(leaf(name, Type.Int, intType(bits, signed)));
        node(batch, values.length, validity(batch, values.length, nulls));
        batch.buffers.add(fixed(values, bits / 8, nulls));
    }

    /** Adds a column of 32-bit signed integers, none null. */
    void ints(String name, int[] values) {
        fields.add(leaf(name, Type.Int, intType(32, true)));
        node(batch, values.length, validity(batch, values.length, null));
        batch.buffers.add(copy(values));
    }

    /**
     * Adds a column of 32-bit ({@code bits} 32) or 64-bit floats given as their raw IEEE bits.
     *
     * @param nulls which rows are null (their value bytes are 0), or {@code null} for none
     */
    void floats(String name, int bits, long[] rawBits, boolean[] nulls) {
        short precision = bits == 32 ? org.apache.arrow.flatbuf.Precision.SINGLE
                : org.apache.arrow.flatbuf.Precision.DOUBLE;
        fields.add(leaf(name, Type.FloatingPoint, b -> {
            FloatingPoint.startFloatingPoint(b);
            FloatingPoint.addPrecision(b, precision);
            return FloatingPoint.endFloatingPoint(b);
        }));
        node(batch, rawBits.length, validity(batch, rawBits.length, nulls));
        batch.buffers.add(fixed(rawBits, bits / 8, nulls));
    }

    /**
     * Adds a column of booleans.
     *
     * @param nulls which rows are null, or {@code null} for none
     */
    void bools(String name, boolean[] values, boolean[] nulls) {
        fields.add(leaf(name, Type.Bool, b -> {
            Bool.startBool(b);
            return Bool.endBool(b);
        }));
        boolean[] set = new boolean[values.length];
        for (int i = 0; i < set.length; i++) {
            set[i] = values[i] && (nulls == null || !nulls[i]);
        }
        node(batch, values.length, validity(batch, values.length, nulls));
        batch.buffers.add(bitmap(set));
    }

    /** Adds a Utf8 column; a null element is a null row. */
    void strings(String name, String[] values) {
        fields.add(leaf(name, Type.Utf8, IpcWriter::utf8Type));
        utf8(batch, values);
    }

    /** Adds a LargeList column of Int32 lists holding one value each (GVL's ILEN). */
    void singletonIntLists(String name, int[] values) {
        FieldSpec item = leaf("$data$", Type.Int, intType(32, true));
        fields.add(new FieldSpec(name, Type.LargeList, b -> {
            LargeList.startLargeList(b);
            return LargeList.endLargeList(b);
        }, null, List.of(item)));
        int n = values.length;
        node(batch, n, validity(batch, n, null));
        long[] offsets = new long[n + 1];
        for (int i = 0; i <= n; i++) {
            offsets[i] = i;
        }
        batch.buffers.add(fixed(offsets, Long.BYTES, null));
        node(batch, n, validity(batch, n, null));
        batch.buffers.add(copy(values));
    }

    /**
     * Adds a dictionary-encoded Utf8 column: the dictionary {@code values} (written as the file's one dictionary
     * batch) and each row's unsigned index into it, stored in {@code indexBits} bits.
     */
    void dictionaryStrings(String name, long id, boolean ordered, int indexBits, String[] values, int[] codes) {
        if (dictionary != null) {
            throw new IllegalStateException("an IpcWriter writes one dictionary");
        }
        dictionary = new Dict(id, ordered, indexBits);
        fields.add(new FieldSpec(name, Type.Utf8, IpcWriter::utf8Type, dictionary, List.of()));
        dictionaryBody = new Body();
        dictionaryRows = values.length;
        utf8(dictionaryBody, values);
        node(batch, codes.length, validity(batch, codes.length, null));
        if (indexBits == 32) {
            batch.buffers.add(copy(codes));
        } else {
            long[] wide = new long[codes.length];
            for (int i = 0; i < codes.length; i++) {
                wide[i] = codes[i];
            }
            batch.buffers.add(fixed(wide, indexBits / 8, null));
        }
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

    /** Adds the validity bitmap of {@code rows} rows to {@code body}; returns the null count. */
    private long validity(Body body, int rows, boolean[] nulls) {
        if (nulls == null) {
            MemorySegment bits = arena.allocate((rows + 7L) / 8);
            bits.fill((byte) 0xFF);
            if (rows % 8 != 0) {
                bits.set(ValueLayout.JAVA_BYTE, rows / 8, (byte) ((1 << (rows % 8)) - 1));
            }
            body.buffers.add(bits);
            return 0;
        }
        boolean[] set = new boolean[rows];
        long count = 0;
        for (int i = 0; i < rows; i++) {
            set[i] = !nulls[i];
            count += nulls[i] ? 1 : 0;
        }
        body.buffers.add(bitmap(set));
        return count;
    }

    private MemorySegment bitmap(boolean[] set) {
        byte[] bits = new byte[(set.length + 7) / 8];
        for (int i = 0; i < set.length; i++) {
            if (set[i]) {
                bits[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return copy(bits);
    }

    private MemorySegment copy(byte[] bytes) {
        MemorySegment out = arena.allocate(bytes.length);
        MemorySegment.copy(bytes, 0, out, ValueLayout.JAVA_BYTE, 0, bytes.length);
        return out;
    }

    private MemorySegment copy(int[] values) {
        MemorySegment out = arena.allocate((long) values.length * Integer.BYTES);
        MemorySegment.copy(values, 0, out, INT, 0, values.length);
        return out;
    }

    /** {@code values} stored little-endian in {@code width} bytes each (truncated), null rows as 0. */
    private MemorySegment fixed(long[] values, int width, boolean[] nulls) {
        int n = values.length;
        MemorySegment out = arena.allocate((long) n * width);
        switch (width) {
            case 1 -> {
                byte[] b = new byte[n];
                for (int i = 0; i < n; i++) {
                    b[i] = nulls != null && nulls[i] ? 0 : (byte) values[i];
                }
                MemorySegment.copy(b, 0, out, ValueLayout.JAVA_BYTE, 0, n);
            }
            case 2 -> {
                short[] b = new short[n];
                for (int i = 0; i < n; i++) {
                    b[i] = nulls != null && nulls[i] ? 0 : (short) values[i];
                }
                MemorySegment.copy(b, 0, out, SHORT, 0, n);
            }
            case 4 -> {
                int[] b = new int[n];
                for (int i = 0; i < n; i++) {
                    b[i] = nulls != null && nulls[i] ? 0 : (int) values[i];
                }
                MemorySegment.copy(b, 0, out, INT, 0, n);
            }
            case 8 -> {
                long[] b = values;
                if (nulls != null) {
                    b = values.clone();
                    for (int i = 0; i < n; i++) {
                        b[i] = nulls[i] ? 0 : b[i];
                    }
                }
                MemorySegment.copy(b, 0, out, LONG, 0, n);
            }
            default -> throw new IllegalArgumentException("no " + width + "-byte integers");
        }
        return out;
    }

    private void utf8(Body body, String[] values) {
        int rows = values.length;
        int[] offsets = new int[rows + 1];
        byte[] data = new byte[Math.max(16, rows * 2)];
        int at = 0;
        boolean[] nulls = null;
        for (int i = 0; i < rows; i++) {
            String s = values[i];
            if (s == null) {
                nulls = nulls == null ? new boolean[rows] : nulls;
                nulls[i] = true;
            } else {
                byte[] b = s.getBytes(StandardCharsets.UTF_8);
                if ((long) at + b.length > Integer.MAX_VALUE - 16) {
                    throw new IllegalArgumentException("a Utf8 column holds at most 2 GiB of text");
                }
                if (at + b.length > data.length) {
                    data = java.util.Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 16,
                            Math.max((long) data.length * 2, (long) at + b.length)));
                }
                System.arraycopy(b, 0, data, at, b.length);
                at += b.length;
            }
            offsets[i + 1] = at;
        }
        node(body, rows, validity(body, rows, nulls));
        body.buffers.add(copy(offsets));
        MemorySegment bytes = arena.allocate(at);
        MemorySegment.copy(data, 0, bytes, ValueLayout.JAVA_BYTE, 0, at);
        body.buffers.add(bytes);
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
