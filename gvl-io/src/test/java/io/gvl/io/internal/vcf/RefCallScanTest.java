package io.gvl.io.internal.vcf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gvl.testkit.Seeds;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The vector and the eight-bytes-a-step REF-run scans give the same run, and the run a call-by-call check gives, on
 * seeded sample columns: long REF runs broken by ALT and missing calls, separators mixed within a block, stray bytes,
 * ranges that end mid-block and starts that are not on a call.
 */
class RefCallScanTest {
    private static final RefCallScan VECTOR = new VectorRefCallScan();
    private static final RefCallScan SWAR = new SwarRefCallScan(VECTOR.block());

    static Stream<Long> seeds() {
        return Seeds.range(1, 9);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void vectorEqualsSwarEqualsCallByCall(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int trial = 0; trial < 1_000; trial++) {
            int calls = r.nextInt(1, 400);
            byte[] line = new byte[calls * 4 + r.nextInt(5)];
            char sep = r.nextBoolean() ? '|' : '/';
            int breakOneIn = 1 + r.nextInt(r.nextBoolean() ? 8 : 200);
            for (int c = 0; c < calls; c++) {
                byte[] call = {'0', (byte) sep, '0', '\t'};
                if (r.nextInt(breakOneIn) == 0) {
                    switch (r.nextInt(5)) {
                        case 0 -> call[0] = '1';
                        case 1 -> call[2] = '.';
                        case 2 -> call[1] = (byte) (sep == '|' ? '/' : '|');
                        case 3 -> call[3] = ':';
                        default -> call[r.nextInt(4)] = (byte) r.nextInt(256);
                    }
                }
                System.arraycopy(call, 0, line, c * 4, 4);
            }
            int from = r.nextInt(4) == 0 ? r.nextInt(line.length) : 4 * r.nextInt(calls);
            int to = from + r.nextInt(line.length - from + 1);
            int expected = callByCall(line, from, to, VECTOR.block());
            String where = "seed " + seed + " trial " + trial + " [" + from + ", " + to + ")";
            assertEquals(expected, SWAR.refRun(line, from, to), "swar " + where);
            assertEquals(expected, VECTOR.refRun(line, from, to), "vector " + where);
        }
    }

    /** Whole blocks from {@code from}, each of one separator, every four bytes {@code 0 sep 0 tab}. */
    private static int callByCall(byte[] line, int from, int to, int block) {
        int i = from;
        while (i + block <= to) {
            byte sep = line[i + 1];
            boolean ref = sep == '|' || sep == '/';
            for (int k = i; ref && k < i + block; k += 4) {
                ref = line[k] == '0' && line[k + 1] == sep && line[k + 2] == '0' && line[k + 3] == '\t';
            }
            if (!ref) {
                break;
            }
            i += block;
        }
        return i - from;
    }

    @Test
    void blocksAreWholeWords() {
        assertThrows(IllegalArgumentException.class, () -> new SwarRefCallScan(12));
        assertEquals(0, VECTOR.block() % 4);
    }
}
