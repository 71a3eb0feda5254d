package io.gvl.io.svar;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * One INFO or FORMAT field stored with a {@code .svar2} store, as listed in {@code meta.json}'s {@code fields}. Its
 * values lie at {@code <contig>/fields/<category>/<name>/<stream>/values.bin}, raw little-endian, parallel to the
 * stream's entries (dense FORMAT values are {@code (V, S)}, variant-major, one per store sample).
 *
 * @param name the field name, e.g. {@code AF}
 * @param category {@link Category#INFO} or {@link Category#FORMAT}
 * @param dtype genoray's element type: {@code f32}, {@code f64}, {@code i8}, {@code i16}, {@code i32}, {@code i64},
 *              {@code u8}, {@code u16}, {@code u32}, {@code u64} or {@code bool}
 * @param defaultJson the {@code default} as JSON text, or {@code null} when it is JSON {@code null}
 */
public record Svar2Field(String name, Category category, String dtype, String defaultJson) {
    private static final ValueLayout.OfShort LE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat LE_FLOAT =
            ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfDouble LE_DOUBLE =
            ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Whether a field is per variant or per sample. */
    public enum Category {
        /** An INFO field: one value per variant (duplicated per call in the {@code var_key} streams). */
        INFO,
        /** A FORMAT field: one value per call ({@code var_key}) or per (variant, sample) ({@code dense}). */
        FORMAT
    }

    /**
     * Checks the components.
     *
     * @throws IllegalArgumentException if {@code dtype} is not one of those listed
     * @throws NullPointerException if {@code name}, {@code category} or {@code dtype} is null
     */
    public Svar2Field {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(category, "category");
        itemSize(Objects.requireNonNull(dtype, "dtype"));
    }

    /**
     * Bytes per value.
     *
     * @return 1, 2, 4 or 8
     */
    public int itemSize() {
        return itemSize(dtype);
    }

    private static int itemSize(String dtype) {
        return switch (dtype) {
            case "i8", "u8", "bool" -> 1;
            case "i16", "u16" -> 2;
            case "f32", "i32", "u32" -> 4;
            case "f64", "i64", "u64" -> 8;
            default -> throw new IllegalArgumentException("unsupported field dtype '" + dtype + "' (expected f32, f64,"
                    + " i8, i16, i32, i64, u8, u16, u32, u64 or bool)");
        };
    }

    /** Value {@code i} of a values file of this field's type, widened to double (u64 and i64 may lose precision). */
    double read(MemorySegment values, long i) {
        long at = i * itemSize();
        return switch (dtype) {
            case "i8" -> values.get(ValueLayout.JAVA_BYTE, at);
            case "u8", "bool" -> values.get(ValueLayout.JAVA_BYTE, at) & 0xFF;
            case "i16" -> values.get(LE_SHORT, at);
            case "u16" -> values.get(LE_SHORT, at) & 0xFFFF;
            case "i32" -> values.get(StoreFiles.LE_INT, at);
            case "u32" -> Integer.toUnsignedLong(values.get(StoreFiles.LE_INT, at));
            case "f32" -> values.get(LE_FLOAT, at);
            case "i64" -> values.get(StoreFiles.LE_LONG, at);
            case "u64" -> unsignedToDouble(values.get(StoreFiles.LE_LONG, at));
            case "f64" -> values.get(LE_DOUBLE, at);
            default -> throw new IllegalStateException("unreachable: dtype checked by the constructor");
        };
    }

    private static double unsignedToDouble(long v) {
        return v >= 0 ? v : (double) (v >>> 1) * 2.0 + (v & 1);
    }
}
