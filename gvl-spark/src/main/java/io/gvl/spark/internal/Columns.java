package io.gvl.spark.internal;

import io.gvl.dataset.settings.SeqKind;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The column schema of a gvl read. Sequences are {@code binary} and lists are {@code array<...>} with int32
 * offsets because those are the Arrow shapes Spark's {@code ArrowColumnVector} accepts.
 */
public final class Columns {
    public static final String REGION = "region";
    public static final String CHROM = "chrom";
    public static final String START = "start";
    public static final String END = "end";
    public static final String SAMPLE = "sample";
    public static final String HAPLOTYPE = "haplotype";
    public static final String N_VARIANTS = "n_variants";
    public static final String VARIANT_IDXS = "variant_idxs";
    public static final String SEQUENCE = "sequence";
    public static final String TRACK_PREFIX = "track_";

    private Columns() {
    }

    /** The full schema of a read over {@code info}. */
    public static StructType schema(DatasetInfo info) {
        List<StructField> f = new ArrayList<>(List.of(
                DataTypes.createStructField(REGION, DataTypes.IntegerType, false),
                DataTypes.createStructField(CHROM, DataTypes.StringType, false),
                DataTypes.createStructField(START, DataTypes.IntegerType, false),
                DataTypes.createStructField(END, DataTypes.IntegerType, false),
                DataTypes.createStructField(SAMPLE, DataTypes.StringType, false),
                DataTypes.createStructField(HAPLOTYPE, DataTypes.IntegerType, false),
                DataTypes.createStructField(N_VARIANTS, DataTypes.IntegerType, false),
                DataTypes.createStructField(VARIANT_IDXS,
                        DataTypes.createArrayType(DataTypes.IntegerType, false), false)));
        if (info.seqs() != SeqKind.NONE) {
            f.add(DataTypes.createStructField(SEQUENCE, DataTypes.BinaryType, false));
        }
        for (String t : info.tracks()) {
            f.add(DataTypes.createStructField(TRACK_PREFIX + t,
                    DataTypes.createArrayType(DataTypes.FloatType, false), false));
        }
        return new StructType(f.toArray(StructField[]::new));
    }

    /** The track name of a track column, or null for any other column. */
    static String trackOf(String column) {
        return column.startsWith(TRACK_PREFIX) ? column.substring(TRACK_PREFIX.length()) : null;
    }
}
