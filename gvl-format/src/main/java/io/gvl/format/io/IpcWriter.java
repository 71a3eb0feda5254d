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
import org.apache.arrow.flatbuf.Bool;
import org.apache.arrow.flatbuf.DictionaryBatch;
import org.apache.arrow.flatbuf.Field;
import org.apache.arrow.flatbuf.FloatingPoint;
import org.apache.arrow.flatbuf.Int;
import org.apache.arrow.flatbuf.LargeList;
import org.apache.arrow.flatbuf.MessageHeader;
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
    private static final int ZSTD_LEVEL = 3;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfShort SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Field nodes and buffers of a batch, in Arrow's depth-first order. */
    private static final class Body {
        final List<long[]> nodes = new ArrayList<>();
        final List<MemorySegment> buffers = new ArrayList<>();
    }

    private final Arena arena = Arena.ofConfined();
    private final boolean zstd;
    private final List<IpcMetadata.FieldSpec> fields = new ArrayList<>();
    private final Body batch = new Body();
    private Body dictionaryBody;
    private long dictionaryRows;
    private IpcMetadata.Dict dictionary;
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
        fields.add(IpcMetadata.leaf(name, Type.Int, IpcMetadata.intType(bits, signed)));
        node(batch, values.length, validity(batch, values.length, nulls));
        batch.buffers.add(fixed(values, bits / 8, nulls));
    }

    /** Adds a column of 32-bit signed integers, none null. */
    void ints(String name, int[] values) {
        fields.add(IpcMetadata.leaf(name, Type.Int, IpcMetadata.intType(32, true)));
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
        fields.add(IpcMetadata.leaf(name, Type.FloatingPoint, b -> {
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
        fields.add(IpcMetadata.leaf(name, Type.Bool, b -> {
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
        fields.add(IpcMetadata.leaf(name, Type.Utf8, IpcMetadata::utf8Type));
        utf8(batch, values);
    }

    /** Adds a LargeList column of Int32 lists holding one value each (GVL's ILEN). */
    void singletonIntLists(String name, int[] values) {
        IpcMetadata.FieldSpec item = IpcMetadata.leaf("$data$", Type.Int, IpcMetadata.intType(32, true));
        fields.add(new IpcMetadata.FieldSpec(name, Type.LargeList, b -> {
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
        dictionary = new IpcMetadata.Dict(id, ordered, indexBits);
        fields.add(new IpcMetadata.FieldSpec(name, Type.Utf8, IpcMetadata::utf8Type, dictionary, List.of()));
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
            IpcOut out = new IpcOut(ch);
            out.bytes(ByteBuffer.wrap(MAGIC));
            out.align();
            FlatBufferBuilder sb = new FlatBufferBuilder();
            int schema = IpcMetadata.schema(sb, fields);
            out.message(IpcMetadata.message(sb, MessageHeader.Schema, schema, 0));
            List<IpcMetadata.Written> dictionaries = new ArrayList<>();
            if (dictionary != null) {
                List<MemorySegment> bufs = bodyBuffers(dictionaryBody);
                FlatBufferBuilder db = new FlatBufferBuilder();
                int data = IpcMetadata.recordBatch(db, dictionaryRows, dictionaryBody.nodes, bufs, zstd);
                int header = IpcMetadata.dictionaryBatch(db, dictionary.id(), data);
                dictionaries.add(out.batch(IpcMetadata.message(db, MessageHeader.DictionaryBatch, header,
                        IpcMetadata.bodyLength(bufs)), bufs));
            }
            List<MemorySegment> bufs = bodyBuffers(batch);
            FlatBufferBuilder rb = new FlatBufferBuilder();
            int header = IpcMetadata.recordBatch(rb, rows, batch.nodes, bufs, zstd);
            IpcMetadata.Written record = out.batch(IpcMetadata.message(rb, MessageHeader.RecordBatch, header,
                    IpcMetadata.bodyLength(bufs)), bufs);
            out.ints(IpcOut.CONTINUATION, 0);
            long footerStart = out.position;
            out.bytes(IpcMetadata.footer(fields, dictionaries, record, zstd));
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
}
