package io.gvl.io.internal.bcf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gvl.testkit.Seeds;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The vector and the eight-bytes-a-step scans of BCF REF calls give the same run, and the run a byte-by-byte check
 * gives, on seeded GT vectors: REF runs broken by ALT, missing and end-of-vector bytes, ranges ending mid-block and
 * starts that are not on a call.
 */
class RefCallScan8Test {
    private static final RefCallScan8 VECTOR = new VectorRefCallScan8();
    private static final RefCallScan8 SWAR = new SwarRefCallScan8(VECTOR.block());

    static Stream<Long> seeds() {
        return Seeds.range(1, 9);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void vectorEqualsSwarEqualsByteByByte(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] odd = {0, 1, 4, 5, (byte) 0x81, 6, 7, (byte) 0xff, (byte) 0x82, (byte) 0x83};
        for (int trial = 0; trial < 1_000; trial++) {
            byte[] buf = new byte[r.nextInt(1, 1_200)];
            int breakOneIn = 1 + r.nextInt(r.nextBoolean() ? 16 : 2_000);
            for (int i = 0; i < buf.length; i++) {
                buf[i] = r.nextInt(breakOneIn) == 0 ? odd[r.nextInt(odd.length)] : (byte) (2 + r.nextInt(2));
            }
            int from = r.nextInt(buf.length);
            int to = from + r.nextInt(buf.length - from + 1);
            int expected = from;
            int block = VECTOR.block();
            while (expected + block <= to) {
                boolean ref = true;
                for (int k = expected; ref && k < expected + block; k++) {
                    ref = buf[k] == 2 || buf[k] == 3;
                }
                if (!ref) {
                    break;
                }
                expected += block;
            }
            String where = "seed " + seed + " trial " + trial + " [" + from + ", " + to + ")";
            assertEquals(expected - from, SWAR.refRun(buf, from, to), "swar " + where);
            assertEquals(expected - from, VECTOR.refRun(buf, from, to), "vector " + where);
        }
    }

    @Test
    void blocksAreWholeWords() {
        assertThrows(IllegalArgumentException.class, () -> new SwarRefCallScan8(4));
        assertEquals(0, VECTOR.block() % 2);
    }
}
