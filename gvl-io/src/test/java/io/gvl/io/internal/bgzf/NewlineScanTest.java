package io.gvl.io.internal.bgzf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.gvl.testkit.Seeds;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The vector and the eight-bytes-a-step newline scans give the same index, and both the index a byte-by-byte loop
 * gives, on seeded ranges of odd sizes and offsets, with newlines rare, dense, at the edges or absent.
 */
class NewlineScanTest {
    private static final NewlineScan SWAR = new SwarNewlineScan();
    private static final NewlineScan VECTOR = new VectorNewlineScan();

    static Stream<Long> seeds() {
        return Seeds.range(1, 9);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void vectorEqualsSwarEqualsLoop(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int trial = 0; trial < 2_000; trial++) {
            int size = r.nextInt(4) == 0 ? r.nextInt(300) : r.nextInt(5_000);
            byte[] b = new byte[size];
            int density = r.nextInt(5);
            for (int i = 0; i < size; i++) {
                b[i] = (byte) (density > 0 && r.nextInt(density * 97) == 0 ? '\n' : 'A' + r.nextInt(40));
                if (r.nextInt(500) == 0) {
                    b[i] = (byte) ('\n' ^ (1 << r.nextInt(8))); // one bit away from a newline: not one
                }
            }
            int from = size == 0 ? 0 : r.nextInt(size + 1);
            int to = from + r.nextInt(size - from + 1);
            if (r.nextInt(6) == 0 && to > from) {
                b[to - 1] = '\n'; // the last byte of the range
            }
            int expected = from;
            while (expected < to && b[expected] != '\n') {
                expected++;
            }
            String where = "seed " + seed + " trial " + trial + " [" + from + ", " + to + ") of " + size;
            assertEquals(expected, SWAR.find(b, from, to), "swar " + where);
            assertEquals(expected, VECTOR.find(b, from, to), "vector " + where);
        }
    }

    /** Entry point of the child JVM (a class of its own: this test's fields touch the Vector API). */
    public static final class Child {
        private Child() {
        }

        public static void main(String[] args) {
            byte[] b = "chr1\t12\tA\tC\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            System.out.println(NewlineScan.best().getClass().getSimpleName() + " "
                    + BgzfInputStream.newline(b, 0, b.length));
        }
    }

    @Test
    void aJvmWithoutTheIncubatorModuleScansEightBytesAStep() throws Exception {
        java.util.List<String> cmd = java.util.List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Child.class.getName());
        Process p = new ProcessBuilder(cmd).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        org.junit.jupiter.api.Assertions.assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), () -> "child JVM failed: " + out + err);
        assertEquals("SwarNewlineScan 11", out.strip());
    }

    @Test
    void aJvmWithTheVectorApiUsesTheVectorScan() {
        // the test JVM runs with --add-modules=jdk.incubator.vector on a machine with wide vectors
        if (io.gvl.io.internal.simd.VectorProbe.usable()) {
            assertInstanceOf(VectorNewlineScan.class, NewlineScan.best());
        } else {
            assertInstanceOf(SwarNewlineScan.class, NewlineScan.best());
        }
    }
}
