package io.gvl.io.internal.vcf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gvl.testkit.Seeds;
import java.io.ByteArrayOutputStream;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The VCF batch builder's byte column against a plain definition (a byte stream), on random appends and sets. */
class ByteColumnTest {

    static Stream<Long> seeds() {
        return Seeds.range(1, 21);
    }

    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void appendsAndSetsLikeAByteStream(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ByteColumn column = new ByteColumn();
        ByteArrayOutputStream want = new ByteArrayOutputStream();
        for (int op = 0; op < 400; op++) {
            switch (rnd.nextInt(3)) {
                case 0 -> {
                    byte[] src = new byte[rnd.nextInt(0, 300)];
                    rnd.nextBytes(src);
                    int from = src.length == 0 ? 0 : rnd.nextInt(src.length);
                    int len = rnd.nextInt(src.length - from + 1);
                    column.append(src, from, len);
                    want.write(src, from, len);
                }
                case 1 -> {
                    String allele = "ACGTNACGTN".substring(0, rnd.nextInt(1, 11));
                    column.appendAscii(allele);
                    want.writeBytes(allele.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                }
                default -> {
                    if (want.size() > 0) {
                        int i = rnd.nextInt(want.size());
                        byte[] now = want.toByteArray();
                        now[i] = (byte) rnd.nextInt(256);
                        column.set(i, now[i]);
                        want.reset();
                        want.writeBytes(now);
                    }
                }
            }
            assertEquals(want.size(), column.size());
        }
        assertArrayEquals(want.toByteArray(), column.toByteArray());
        assertThrows(IndexOutOfBoundsException.class, () -> column.set(column.size(), (byte) 1));
    }
}
