package io.gvl.io.internal.lists;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The primitive lists behave like {@link ArrayList} under random appends, inserts and sets. */
class PrimitiveListsTest {
    static Stream<Long> seeds() {
        return LongStream.range(0, 20).boxed();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void intListMatchesArrayList(long seed) {
        Random r = new Random(seed);
        IntArrayList l = IntArrayList.of(7);
        List<Integer> want = new ArrayList<>(List.of(7));
        for (int step = 0; step < 500; step++) {
            switch (r.nextInt(3)) {
                case 0 -> {
                    int v = r.nextInt();
                    l.add(v);
                    want.add(v);
                }
                case 1 -> {
                    int at = r.nextInt(want.size() + 1);
                    int[] vs = r.ints(r.nextInt(40)).toArray();
                    int off = vs.length == 0 ? 0 : r.nextInt(vs.length);
                    int len = vs.length - off;
                    l.addElements(at, vs, off, len);
                    for (int k = 0; k < len; k++) {
                        want.add(at + k, vs[off + k]);
                    }
                }
                default -> {
                    int at = r.nextInt(want.size());
                    l.set(at, step);
                    want.set(at, step);
                }
            }
        }
        assertEquals(want.size(), l.size());
        assertArrayEquals(want.stream().mapToInt(Integer::intValue).toArray(), l.toIntArray());
        assertEquals(want.get(want.size() - 1), l.getInt(l.size() - 1));
        assertThrows(IndexOutOfBoundsException.class, () -> l.getInt(l.size()));
        assertThrows(IndexOutOfBoundsException.class, () -> l.addElements(l.size() + 1, new int[1]));
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void otherElementTypesAppendAndSet(long seed) {
        Random r = new Random(seed);
        FloatArrayList f = new FloatArrayList();
        LongArrayList g = new LongArrayList();
        ByteArrayList b = new ByteArrayList();
        assertTrue(f.isEmpty() && g.isEmpty() && b.isEmpty());
        int n = 1 + r.nextInt(1000);
        float[] fw = new float[n];
        long[] gw = new long[n];
        byte[] bw = new byte[n];
        for (int i = 0; i < n; i++) {
            fw[i] = r.nextFloat();
            gw[i] = r.nextLong();
            bw[i] = (byte) r.nextInt();
            f.add(fw[i]);
            g.add(gw[i]);
            b.add(bw[i]);
        }
        int at = r.nextInt(n);
        f.set(at, -1f);
        fw[at] = -1f;
        b.addElements(b.size(), new byte[] {1, 2});
        assertArrayEquals(fw, f.toFloatArray());
        assertArrayEquals(gw, g.toLongArray());
        assertEquals(n + 2, b.size());
        assertEquals(2, b.getByte(n + 1));
        assertEquals(gw[at], g.getLong(at));
        assertEquals(fw[at], f.getFloat(at));
    }
}
