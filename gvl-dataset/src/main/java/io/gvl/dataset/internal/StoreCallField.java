package io.gvl.dataset.internal;

import io.gvl.core.buffer.DType;
import io.gvl.format.DatasetFormatException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A per-call FORMAT field of a genoray {@code .svar} store: a raw little-endian array {@code <name>.npy} parallel to
 * the store's {@code variant_idxs.npy}, of the NumPy dtype its {@code metadata.json} names. It is read as a variant
 * field the first time a query asks for it, widened the way gvl returns every variant field (floats as float32,
 * integers of up to 32 signed bits as int32, wider ones as int64).
 *
 * @param file the {@code <name>.npy} file
 * @param numpyDtype its NumPy dtype name, e.g. {@code float32} or {@code int16}
 */
record StoreCallField(Path file, String numpyDtype) {

    /** Maps the file into {@code arena} and widens it: one value per stored call ({@code calls} of them). */
    VariantStore.Column load(Arena arena, long calls) {
        int size = switch (numpyDtype) {
            case "bool", "int8", "uint8" -> 1;
            case "int16", "uint16", "float16" -> 2;
            case "int32", "uint32", "float32" -> 4;
            case "int64", "uint64", "float64" -> 8;
            default -> throw new DatasetFormatException(file + ": field dtype '" + numpyDtype + "' is not one gvl"
                    + " reads (bool, (u)int8-64, float16-64)");
        };
        MemorySegment raw;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            if (ch.size() != calls * size) {
                throw new DatasetFormatException(file + ": " + ch.size() + " bytes, but the store has " + calls
                        + " calls of " + size + " bytes (" + numpyDtype + "); the store is inconsistent, rebuild it");
            }
            raw = calls == 0 ? arena.allocate(0) : ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
        } catch (IOException e) {
            throw new DatasetFormatException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
        int n = Math.toIntExact(calls);
        return switch (numpyDtype) {
            case "float32" -> new VariantStore.Column(DType.F32, raw, true);
            case "int32" -> new VariantStore.Column(DType.I32, raw, true);
            case "int64" -> new VariantStore.Column(DType.I64, raw, true);
            case "float16", "float64" -> {
                float[] out = new float[n];
                for (int i = 0; i < n; i++) {
                    out[i] = numpyDtype.equals("float64")
                            ? (float) raw.getAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, i)
                            : Float.float16ToFloat(raw.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i));
                }
                yield new VariantStore.Column(DType.F32, MemorySegment.ofArray(out), true);
            }
            case "uint32", "uint64" -> {
                long[] out = new long[n];
                for (int i = 0; i < n; i++) {
                    out[i] = numpyDtype.equals("uint32")
                            ? Integer.toUnsignedLong(raw.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i))
                            : raw.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
                }
                yield new VariantStore.Column(DType.I64, MemorySegment.ofArray(out), true);
            }
            default -> {
                int[] out = new int[n];
                for (int i = 0; i < n; i++) {
                    out[i] = switch (numpyDtype) {
                        case "int8" -> raw.get(ValueLayout.JAVA_BYTE, i);
                        case "int16" -> raw.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i);
                        case "uint16" -> raw.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i) & 0xFFFF;
                        default -> raw.get(ValueLayout.JAVA_BYTE, i) & 0xFF;
                    };
                }
                yield new VariantStore.Column(DType.I32, MemorySegment.ofArray(out), true);
            }
        };
    }
}
