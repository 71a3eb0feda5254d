package io.gvl.format.io;

import com.google.flatbuffers.FlatBufferBuilder;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.ToIntFunction;
import org.apache.arrow.flatbuf.Block;
import org.apache.arrow.flatbuf.BodyCompression;
import org.apache.arrow.flatbuf.Buffer;
import org.apache.arrow.flatbuf.CompressionType;
import org.apache.arrow.flatbuf.DictionaryBatch;
import org.apache.arrow.flatbuf.DictionaryEncoding;
import org.apache.arrow.flatbuf.Field;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.Footer;
import org.apache.arrow.flatbuf.Int;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MetadataVersion;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.flatbuf.Schema;
import org.apache.arrow.flatbuf.Utf8;

/**
 * The flatbuffer metadata {@link IpcWriter} writes: schema, field, record batch, message and footer tables, built
 * with the same calls in the same order as Arrow Java 19's writer, so the bytes are the same. Every field is nullable
 * and carries an empty custom-metadata vector, as Arrow Java's are.
 */
final class IpcMetadata {
    private IpcMetadata() {
    }

    /** A schema field: name, type (its flatbuffer union tag and a writer of its table), dictionary and children. */
    record FieldSpec(String name, byte typeType, ToIntFunction<FlatBufferBuilder> type, Dict dict,
                             List<FieldSpec> children) {
    }

    /** A string dictionary: its id, whether it is ordered, and the bit width of its unsigned indexes. */
    record Dict(long id, boolean ordered, int indexBits) {
    }

    /** Where a block of the file starts, and its metadata and body lengths. */
    record Written(long offset, int metadataLength, long bodyLength) {
    }

    static FieldSpec leaf(String name, byte typeType, ToIntFunction<FlatBufferBuilder> type) {
        return new FieldSpec(name, typeType, type, null, List.of());
    }

    static ToIntFunction<FlatBufferBuilder> intType(int bits, boolean signed) {
        return b -> {
            Int.startInt(b);
            Int.addBitWidth(b, bits);
            Int.addIsSigned(b, signed);
            return Int.endInt(b);
        };
    }

    static int utf8Type(FlatBufferBuilder b) {
        Utf8.startUtf8(b);
        return Utf8.endUtf8(b);
    }

    /** A batch body's length: the buffers, each padded to 8 bytes. */
    static long bodyLength(List<MemorySegment> buffers) {
        long offset = 0;
        for (MemorySegment b : buffers) {
            offset = align8(offset + b.byteSize());
        }
        return offset;
    }

    static long align8(long v) {
        return (v + 7) & ~7L;
    }

    static int schema(FlatBufferBuilder b, List<FieldSpec> fields) {
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

    static int recordBatch(FlatBufferBuilder b, long rows, List<long[]> nodes, List<MemorySegment> buffers,
                           boolean zstd) {
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

    static ByteBuffer message(FlatBufferBuilder b, byte headerType, int header, long bodyLength) {
        Message.startMessage(b);
        Message.addHeaderType(b, headerType);
        Message.addHeader(b, header);
        Message.addVersion(b, MetadataVersion.V5);
        Message.addBodyLength(b, bodyLength);
        b.finish(Message.endMessage(b));
        return b.dataBuffer();
    }

    static ByteBuffer footer(List<FieldSpec> fields, List<Written> dictionaries, Written record, boolean zstd) {
        FlatBufferBuilder b = new FlatBufferBuilder();
        int schema = schema(b, fields);
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

    /** A dictionary batch's header: the id and the record batch {@code data} of its values. */
    static int dictionaryBatch(FlatBufferBuilder b, long id, int data) {
        DictionaryBatch.startDictionaryBatch(b);
        DictionaryBatch.addId(b, id);
        DictionaryBatch.addData(b, data);
        DictionaryBatch.addIsDelta(b, false);
        return DictionaryBatch.endDictionaryBatch(b);
    }
}
