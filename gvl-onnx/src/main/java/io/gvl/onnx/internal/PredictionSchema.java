package io.gvl.onnx.internal;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Arrow schema of a prediction table, whichever format it is written in: {@code region} (int32), {@code sample}
 * (utf8), {@code haplotype} (int32), then per model output a float32 column (one value per row) or a fixed-size list
 * of float32 of the output's width.
 */
public final class PredictionSchema {
    /** float32. */
    public static final ArrowType F32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);

    private PredictionSchema() {
    }

    /**
     * The schema of a table with these outputs.
     *
     * @param names output names, in column order
     * @param widths values per row of each output
     * @return the schema
     */
    public static Schema of(List<String> names, List<Integer> widths) {
        List<Field> fields = new ArrayList<>();
        fields.add(Field.notNullable("region", new ArrowType.Int(32, true)));
        fields.add(Field.notNullable("sample", ArrowType.Utf8.INSTANCE));
        fields.add(Field.notNullable("haplotype", new ArrowType.Int(32, true)));
        for (int c = 0; c < names.size(); c++) {
            int w = widths.get(c);
            if (w == 1) {
                fields.add(Field.notNullable(names.get(c), F32));
            } else {
                fields.add(new Field(names.get(c), FieldType.notNullable(new ArrowType.FixedSizeList(w)),
                        List.of(Field.notNullable("item", F32))));
            }
        }
        return new Schema(fields);
    }
}
