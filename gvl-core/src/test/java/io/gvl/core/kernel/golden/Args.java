package io.gvl.core.kernel.golden;

import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.List;

/** Typed access to one golden case's arguments by FFI position, with null for Python {@code None}. */
record Args(List<GoldenNode> nodes) {

    GoldenArray arr(int i) {
        return nodes.get(i) instanceof GoldenNode.Arr a ? a.array() : null;
    }

    boolean isNone(int i) {
        return nodes.get(i) instanceof GoldenNode.None;
    }

    /** The raw bytes of an array argument as a heap segment (null for None). */
    MemorySegment seg(int i) {
        GoldenArray a = arr(i);
        return a == null ? null : a.data();
    }

    int[] ints(int i) {
        GoldenArray a = arr(i);
        return a == null ? null : a.toIntArray();
    }

    long[] longs(int i) {
        GoldenArray a = arr(i);
        return a == null ? null : a.toLongArray();
    }

    byte[] bytes(int i) {
        GoldenArray a = arr(i);
        return a == null ? null : a.toByteArray();
    }

    float[] floats(int i) {
        GoldenArray a = arr(i);
        return a == null ? null : a.toFloatArray();
    }

    double[] doubles(int i) {
        GoldenArray a = arr(i);
        return a == null ? null : a.toDoubleArray();
    }

    boolean bool(int i) {
        return ((GoldenNode.Bool) nodes.get(i)).value();
    }

    /** An integer argument (plain int or NumPy scalar) as its low 64 bits. */
    long integer(int i) {
        return switch (nodes.get(i)) {
            case GoldenNode.Int n -> n.value().longValue();
            case GoldenNode.Scalar s -> new BigInteger(s.text()).longValue();
            case GoldenNode.Bool b -> b.value() ? 1 : 0;
            default -> throw new IllegalArgumentException("argument " + i + " is not an integer: " + nodes.get(i));
        };
    }

    double real(int i) {
        return switch (nodes.get(i)) {
            case GoldenNode.Flt f -> f.value();
            case GoldenNode.Int n -> n.value().doubleValue();
            case GoldenNode.Scalar s -> Double.parseDouble(s.text());
            default -> throw new IllegalArgumentException("argument " + i + " is not a number: " + nodes.get(i));
        };
    }

    long[] shape(int i) {
        return arr(i).shape();
    }
}
