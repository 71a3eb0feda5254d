package io.gvl.write.internal;

import io.gvl.io.InputFormatException;
import io.jhdf.api.Dataset;
import io.jhdf.object.datatype.DataType;
import io.jhdf.object.datatype.FixedPoint;
import io.jhdf.object.datatype.FloatingPoint;
import java.math.BigInteger;
import java.nio.file.Path;

/**
 * Which HDF5 datasets can hold coverage (1-D, floating point of 16/32/64 bits or integers of any width) and the
 * conversion of a slice to {@code float}, the value type of dataset intervals. Integers above 2^24 and 64-bit floats
 * round to the nearest {@code float}, as they would when written to a bigWig.
 */
final class Hdf5Values {
    private Hdf5Values() {
    }

    /** Fails unless {@code d} (at {@code where} in {@code file}) is a 1-D numeric dataset; returns its length. */
    static long requireCoverage(Path file, String where, Dataset d) {
        int[] dims = d.getDimensions();
        if (d.isScalar() || d.isEmpty() || dims.length != 1) {
            throw new InputFormatException(file, "dataset '" + where + "'", "has shape "
                    + java.util.Arrays.toString(dims) + "; coverage must be 1-D (one value per base).",
                    "store one 1-D dataset per contig, named after the contig.");
        }
        DataType t = d.getDataType();
        boolean numeric = !d.isCompound() && !d.isVariableLength()
                && (t.getClass() == FloatingPoint.class || t.getClass() == FixedPoint.class);
        if (!numeric) {
            throw new InputFormatException(file, "dataset '" + where + "'", "has the unsupported type "
                    + describe(d) + ".", "store coverage as float16/float32/float64 or an integer type.");
        }
        return d.getDimensionsAsLong()[0];
    }

    /** A short name of {@code d}'s element type for messages. */
    static String describe(Dataset d) {
        DataType t = d.getDataType();
        String kind = t.getClass().getSimpleName();
        return kind + " of " + t.getSize() + " bytes";
    }

    /** A 1-D slice as returned by jhdf (a primitive or {@link BigInteger} array) as floats. */
    static float[] toFloats(Object slice) {
        return switch (slice) {
            case float[] f -> f;
            case double[] d -> {
                float[] out = new float[d.length];
                for (int i = 0; i < d.length; i++) {
                    out[i] = (float) d[i];
                }
                yield out;
            }
            case byte[] b -> {
                float[] out = new float[b.length];
                for (int i = 0; i < b.length; i++) {
                    out[i] = b[i];
                }
                yield out;
            }
            case short[] s -> {
                float[] out = new float[s.length];
                for (int i = 0; i < s.length; i++) {
                    out[i] = s[i];
                }
                yield out;
            }
            case int[] n -> {
                float[] out = new float[n.length];
                for (int i = 0; i < n.length; i++) {
                    out[i] = n[i];
                }
                yield out;
            }
            case long[] l -> {
                float[] out = new float[l.length];
                for (int i = 0; i < l.length; i++) {
                    out[i] = l[i];
                }
                yield out;
            }
            case BigInteger[] u -> {
                float[] out = new float[u.length];
                for (int i = 0; i < u.length; i++) {
                    out[i] = u[i].floatValue();
                }
                yield out;
            }
            default -> throw new IllegalStateException("jhdf returned " + slice.getClass().getSimpleName()
                    + " for a numeric dataset");
        };
    }
}
