package io.gvl.io.internal.vcf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The common GT shapes are decoded without the text parser; the odd ones go to it and decode the same. */
class GenotypeLineDecoderTest {
    private static final Path FILE = Path.of("t.vcf");
    private static final List<String> SAMPLES = List.of("A", "B", "C", "D", "E", "F", "G", "H");
    private static final int[] ALL = {0, 1, 2, 3, 4, 5, 6, 7};

    private static byte[] decode(GenotypeLineDecoder d, String line) {
        byte[] out = new byte[ALL.length * 2];
        byte[] b = line.getBytes(StandardCharsets.US_ASCII);
        d.decode(b, b.length, out, pos -> 0);
        return out;
    }

    @Test
    void commonShapesNeedNoFallback() {
        GenotypeLineDecoder d = new GenotypeLineDecoder(FILE, SAMPLES, ALL, false);
        assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0},
                decode(d, "c\t5\t.\tA\tC\t.\t.\t.\tGT\t0|0\t0/0\t0|1\t1/1\t.\t./.\t0|.\t1"));
        assertArrayEquals(new byte[] {0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0},
                decode(d, "c\t6\t.\tA\tC\t.\t.\t.\tDS:GT:AD\t0:0|0:1,2\t1:1|0\t0\t.:.\t1:.|1:3,4\t::\t:0|0\t:"));
        assertEquals(0, d.fallbacks());
    }

    @Test
    void oddShapesFallBackAndDecodeAlike() {
        GenotypeLineDecoder d = new GenotypeLineDecoder(FILE, SAMPLES, ALL, false);
        assertArrayEquals(new byte[] {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                decode(d, "c\t5\t.\tA\tC\t.\t.\t.\tGT\t00|01\t0|0\t0|0\t0|0\t0|0\t0|0\t0|0\t0|0"));
        assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
                decode(d, "c\t+7\t.\tA\tC\t.\t.\t.\tGT\t0|0\t0|0\t0|0\t0|0\t0|0\t0|0\t0|0\t0|1"));
        assertEquals(2, d.fallbacks());
    }
}
