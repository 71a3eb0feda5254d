package io.gvl.core.kernel.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Byte-for-byte comparison of a kernel result with a golden node. Java results are primitive arrays (compared
 * through their little-endian bytes, so float NaN payloads count), {@code List} for tuples, {@code Map} for dicts
 * and {@code Long} for u64 scalars.
 */
final class GoldenCompare {
    private GoldenCompare() {
    }

    static void assertMatches(String where, GoldenNode expected, Object actual) {
        switch (expected) {
            case GoldenNode.Arr a -> {
                byte[] want = a.array().data().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                byte[] got = leBytes(where, actual);
                if (!java.util.Arrays.equals(want, got)) {
                    fail(where + ": bytes differ (" + a.dtype() + ")\n expected " + hex(want) + "\n actual   " + hex(got));
                }
            }
            case GoldenNode.Seq s -> {
                List<?> got = (List<?>) actual;
                assertEquals(s.items().size(), got.size(), where + ": tuple length");
                for (int i = 0; i < got.size(); i++) {
                    assertMatches(where + "[" + i + "]", s.items().get(i), got.get(i));
                }
            }
            case GoldenNode.Dict d -> {
                Map<?, ?> got = (Map<?, ?>) actual;
                assertEquals(d.entries().keySet(), got.keySet(), where + ": dict keys");
                d.entries().forEach((k, v) -> assertMatches(where + "." + k, v, got.get(k)));
            }
            case GoldenNode.Scalar s -> assertEquals(new BigInteger(s.text()).longValue(), (long) (Long) actual,
                    where + ": scalar");
            case GoldenNode.Int n -> assertEquals(n.value().longValue(), (long) (Long) actual, where + ": int");
            default -> fail(where + ": cannot compare against " + expected);
        }
    }

    static byte[] leBytes(String where, Object a) {
        return switch (a) {
            case byte[] b -> b;
            case boolean[] z -> {
                byte[] out = new byte[z.length];
                for (int i = 0; i < z.length; i++) {
                    out[i] = (byte) (z[i] ? 1 : 0);
                }
                yield out;
            }
            case int[] x -> {
                ByteBuffer bb = ByteBuffer.allocate(x.length * 4).order(ByteOrder.LITTLE_ENDIAN);
                bb.asIntBuffer().put(x);
                yield bb.array();
            }
            case long[] x -> {
                ByteBuffer bb = ByteBuffer.allocate(x.length * 8).order(ByteOrder.LITTLE_ENDIAN);
                bb.asLongBuffer().put(x);
                yield bb.array();
            }
            case float[] x -> {
                ByteBuffer bb = ByteBuffer.allocate(x.length * 4).order(ByteOrder.LITTLE_ENDIAN);
                for (float f : x) {
                    bb.putInt(Float.floatToRawIntBits(f));
                }
                yield bb.array();
            }
            default -> throw new AssertionError(where + ": result is not an array: " + a);
        };
    }

    private static String hex(byte[] b) {
        String s = HexFormat.of().formatHex(b, 0, Math.min(b.length, 96));
        return b.length > 96 ? s + "... (" + b.length + " bytes)" : s + " (" + b.length + " bytes)";
    }
}
