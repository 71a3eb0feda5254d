package io.gvl.io.internal.bgzf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.testkit.Seeds;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link BlockCrc} against the JDK's CRC32: seeded blocks of 258-byte pattern runs (distances 1, 2, 4 and 8) between
 * stretches of other bytes give the same CRC, stepped over as the decoder steps over them; a block with too many
 * other bytes is left to the stream (-1), and one not tracked too.
 */
class BlockCrcTest {
    static Stream<Long> seeds() {
        return Seeds.range(1, 13);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void runsAndOtherBytesGiveTheCrcOfTheBlock(long seed) {
        Random r = new Random(seed);
        BlockCrc crc = new BlockCrc();
        for (int block = 0; block < 50; block++) {
            byte[] out = new byte[1 << 16];
            int size = 0;
            int otherBytes = 0;
            crc.start(true);
            while (size < out.length - 300) {
                if (size >= 8 && r.nextInt(3) != 0) { // a run repeating the 1, 2, 4 or 8 bytes before it
                    int distance = 1 << r.nextInt(4);
                    long pattern = JavaBlockInflater.pattern(out, size - distance, distance);
                    JavaBlockInflater.fill(out, size, BlockCrc.RUN, pattern);
                    crc.run(out, size, pattern);
                    size += BlockCrc.RUN;
                } else {
                    int n = r.nextInt(r.nextBoolean() ? 9 : 200);
                    n = Math.min(n, Math.max(0, BlockCrc.MAX_OTHER_BYTES - otherBytes));
                    for (int i = 0; i < n; i++) {
                        out[size + i] = (byte) r.nextInt(256);
                    }
                    size += n;
                    otherBytes += n;
                    if (n == 0 && size < 8) {
                        out[size++] = (byte) r.nextInt(256);
                        otherBytes++;
                    }
                }
            }
            CRC32 jdk = new CRC32();
            jdk.update(out, 0, size);
            assertEquals(jdk.getValue(), crc.finish(out, size), "seed " + seed + " block " + block);
        }
    }

    @Test
    void tooManyOtherBytesLeaveTheCrcToTheStream() {
        byte[] out = new byte[1 << 16];
        new Random(7).nextBytes(out);
        BlockCrc crc = new BlockCrc();
        crc.start(true);
        long pattern = JavaBlockInflater.pattern(out, BlockCrc.MAX_OTHER_BYTES, 2);
        JavaBlockInflater.fill(out, BlockCrc.MAX_OTHER_BYTES + 2, BlockCrc.RUN, pattern);
        crc.run(out, BlockCrc.MAX_OTHER_BYTES + 2, pattern);
        assertEquals(-1, crc.finish(out, out.length));
        crc.start(false);
        assertEquals(-1, crc.finish(out, 10));
    }

    @Test
    void eightBytesAStepEqualsTheJdk() {
        Random r = new Random(20261207);
        for (int trial = 0; trial < 500; trial++) {
            byte[] b = new byte[r.nextInt(3000)];
            r.nextBytes(b);
            int from = b.length == 0 ? 0 : r.nextInt(b.length);
            int to = from + r.nextInt(b.length - from + 1);
            CRC32 jdk = new CRC32();
            jdk.update(b, from, to - from);
            assertEquals(jdk.getValue(), ~BlockCrc.update(0xFFFFFFFF, b, from, to) & 0xFFFFFFFFL, "trial " + trial);
        }
    }
}
