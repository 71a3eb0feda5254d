package io.gvl.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * Hands parquet-java the rows of the current Arrow record batch of a prediction table, one row index per
 * {@link #write} call. The Parquet schema restates the Arrow one column for column: int32 as INT32, utf8 as a STRING
 * binary, float32 as FLOAT, and a fixed-size list of float32 as a required LIST of required FLOAT (Parquet has no
 * fixed-size list). The Arrow schema itself goes into the footer under {@code ARROW:schema}, the key Arrow readers
 * (pyarrow, Arrow C++ and Rust) use to restore the original types, so they read the list columns back as
 * fixed-size lists.
 */
final class ArrowRowsWriteSupport extends WriteSupport<Integer> {
    private static final String ELEMENT = "element";
    private static final String LIST = "list";

    private final Schema arrow;
    private final MessageType parquet;
    private VectorSchemaRoot root;
    private RecordConsumer out;

    ArrowRowsWriteSupport(Schema arrow) {
        this.arrow = arrow;
        Types.MessageTypeBuilder message = Types.buildMessage();
        for (Field f : arrow.getFields()) {
            message.addField(column(f));
        }
        this.parquet = message.named("predictions");
    }

    /** Reads the next rows from {@code batch}, which must have the schema this was made with. */
    void use(VectorSchemaRoot batch) {
        this.root = batch;
    }

    private static Type column(Field f) {
        ArrowType t = f.getType();
        if (t instanceof ArrowType.Int i && i.getBitWidth() == 32 && i.getIsSigned()) {
            return Types.required(PrimitiveTypeName.INT32).named(f.getName());
        }
        if (t instanceof ArrowType.Utf8) {
            return Types.required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(f.getName());
        }
        if (isFloat32(t)) {
            return Types.required(PrimitiveTypeName.FLOAT).named(f.getName());
        }
        if (t instanceof ArrowType.FixedSizeList && f.getChildren().size() == 1
                && isFloat32(f.getChildren().get(0).getType())) {
            return Types.requiredGroup().as(LogicalTypeAnnotation.listType())
                    .repeatedGroup().required(PrimitiveTypeName.FLOAT).named(ELEMENT).named(LIST)
                    .named(f.getName());
        }
        throw new IllegalStateException("column '" + f.getName() + "' of type " + t
                + " is not a prediction table column");
    }

    private static boolean isFloat32(ArrowType t) {
        return t instanceof ArrowType.FloatingPoint fp && fp.getPrecision() == FloatingPointPrecision.SINGLE;
    }

    @Override
    public WriteContext init(Configuration configuration) {
        return context();
    }

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
        return context();
    }

    private WriteContext context() {
        return new WriteContext(parquet, Map.of("ARROW:schema", serialized(arrow)));
    }

    /** The Arrow IPC schema message, base64, as Arrow's own Parquet writers store it. */
    private static String serialized(Schema schema) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            MessageSerializer.serialize(new WriteChannel(Channels.newChannel(bytes)), schema);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // an in-memory stream does not fail
        }
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
        this.out = recordConsumer;
    }

    @Override
    public void write(Integer row) {
        int r = row;
        List<FieldVector> vectors = root.getFieldVectors();
        out.startMessage();
        for (int c = 0; c < vectors.size(); c++) {
            FieldVector v = vectors.get(c);
            String name = v.getName();
            out.startField(name, c);
            switch (v) {
                case IntVector i -> out.addInteger(i.get(r));
                case VarCharVector s -> out.addBinary(Binary.fromConstantByteArray(s.get(r)));
                case Float4Vector f -> out.addFloat(f.get(r));
                case FixedSizeListVector l -> list((Float4Vector) l.getDataVector(), l.getListSize(), r);
                default -> throw new IllegalStateException("column '" + name + "' is a " + v.getClass()
                        .getSimpleName() + ", not a prediction table column");
            }
            out.endField(name, c);
        }
        out.endMessage();
    }

    private void list(Float4Vector data, int width, int row) {
        out.startGroup();
        out.startField(LIST, 0);
        for (int j = 0; j < width; j++) {
            out.startGroup();
            out.startField(ELEMENT, 0);
            out.addFloat(data.get(row * width + j));
            out.endField(ELEMENT, 0);
            out.endGroup();
        }
        out.endField(LIST, 0);
        out.endGroup();
    }
}
