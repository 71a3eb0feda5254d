package io.gvl.onnx.internal.parquet;

import io.gvl.onnx.internal.PredictionSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * Hands parquet-java the rows of the current model batch, one row index per {@link #write} call. The Parquet schema
 * restates {@link PredictionSchema} column for column: int32 as INT32, utf8 as a STRING binary, float32 as FLOAT, and
 * a fixed-size list of float32 as a required LIST of required FLOAT (Parquet has no fixed-size list). The Arrow
 * schema itself goes into the footer under {@code ARROW:schema}, the key Arrow readers (pyarrow, Arrow C++ and Rust)
 * use to restore the original types, so they read the list columns back as fixed-size lists.
 */
final class PredictionWriteSupport extends WriteSupport<Integer> {
    private static final String ELEMENT = "element";
    private static final String LIST = "list";

    private final Schema arrow;
    private final MessageType parquet;
    private final List<String> names;
    private final int[] widths;
    private int[] regions;
    private byte[][] samples;
    private int[] haplotypes;
    private List<float[]> values;
    private RecordConsumer out;

    PredictionWriteSupport(List<String> names, List<Integer> widths) {
        this.arrow = PredictionSchema.of(names, widths);
        this.names = List.copyOf(names);
        this.widths = widths.stream().mapToInt(Integer::intValue).toArray();
        Types.MessageTypeBuilder message = Types.buildMessage();
        message.addField(Types.required(PrimitiveTypeName.INT32).named("region"));
        message.addField(Types.required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
                .named("sample"));
        message.addField(Types.required(PrimitiveTypeName.INT32).named("haplotype"));
        for (int c = 0; c < names.size(); c++) {
            message.addField(this.widths[c] == 1 ? Types.required(PrimitiveTypeName.FLOAT).named(names.get(c))
                    : Types.requiredGroup().as(LogicalTypeAnnotation.listType())
                            .repeatedGroup().required(PrimitiveTypeName.FLOAT).named(ELEMENT).named(LIST)
                            .named(names.get(c)));
        }
        this.parquet = message.named("predictions");
    }

    /** The batch the next {@link #write} calls index into (arrays as {@code PredictionSink.append} takes them). */
    void use(int[] batchRegions, String[] batchSamples, int[] batchHaplotypes, List<float[]> batchValues) {
        this.regions = batchRegions;
        this.samples = new byte[batchSamples.length][];
        for (int i = 0; i < batchSamples.length; i++) {
            samples[i] = batchSamples[i].getBytes(StandardCharsets.UTF_8);
        }
        this.haplotypes = batchHaplotypes;
        this.values = batchValues;
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
        out.startMessage();
        out.startField("region", 0);
        out.addInteger(regions[r]);
        out.endField("region", 0);
        out.startField("sample", 1);
        out.addBinary(Binary.fromConstantByteArray(samples[r]));
        out.endField("sample", 1);
        out.startField("haplotype", 2);
        out.addInteger(haplotypes[r]);
        out.endField("haplotype", 2);
        for (int c = 0; c < names.size(); c++) {
            String name = names.get(c);
            float[] v = values.get(c);
            int w = widths[c];
            out.startField(name, 3 + c);
            if (w == 1) {
                out.addFloat(v[r]);
            } else {
                out.startGroup();
                out.startField(LIST, 0);
                for (int j = 0; j < w; j++) {
                    out.startGroup();
                    out.startField(ELEMENT, 0);
                    out.addFloat(v[r * w + j]);
                    out.endField(ELEMENT, 0);
                    out.endGroup();
                }
                out.endField(LIST, 0);
                out.endGroup();
            }
            out.endField(name, 3 + c);
        }
        out.endMessage();
    }
}
