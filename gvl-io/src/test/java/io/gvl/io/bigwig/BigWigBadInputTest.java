package io.gvl.io.bigwig;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.InputFormatException;
import io.gvl.io.TestData;
import io.gvl.io.internal.bigwig.BbiHeader;
import io.gvl.io.internal.bigwig.PositionalFile;
import io.gvl.io.internal.bigwig.RTreeIndex;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BigWigBadInputTest {
    @TempDir
    Path tmp;

    private Path copy() {
        return TestData.copy(tmp, TestData.fixture("bigwig_small/sample_0.bw"));
    }

    /** Offset and size of the first data block, read with the reader's own index code. */
    private static long[] firstBlock(Path bw) throws IOException {
        try (FileChannel ch = FileChannel.open(bw, StandardOpenOption.READ)) {
            PositionalFile f = new PositionalFile(bw, ch);
            RTreeIndex index = RTreeIndex.read(f, BbiHeader.read(f).fullIndexOffset());
            return new long[] {index.offset(0), index.size(0)};
        }
    }

    /** Replaces the first block's decoded bytes with {@code edit(decoded)}, recompressed in place. */
    private static void rewriteFirstBlock(Path bw, java.util.function.UnaryOperator<byte[]> edit) throws Exception {
        long[] block = firstBlock(bw);
        byte[] all = Files.readAllBytes(bw);
        Inflater inf = new Inflater();
        inf.setInput(all, (int) block[0], (int) block[1]);
        byte[] out = new byte[1 << 16];
        int n = inf.inflate(out);
        inf.end();
        byte[] edited = edit.apply(Arrays.copyOf(out, n));
        Deflater def = new Deflater(9);
        def.setInput(edited);
        def.finish();
        byte[] packed = new byte[(int) block[1]];
        int m = def.deflate(packed);
        assertTrue(def.finished(), "recompressed block fits its slot");
        def.end();
        System.arraycopy(packed, 0, all, (int) block[0], m);
        Files.write(bw, all);
    }

    private static void assertNames(InputFormatException e, String file, String problem) {
        assertTrue(e.getMessage().contains(file) && e.getMessage().contains(problem), e.getMessage());
    }

    @Test
    void badMagic() throws IOException {
        Path bw = copy();
        byte[] all = Files.readAllBytes(bw);
        all[0] = 0x12;
        Files.write(bw, all);
        assertNames(assertThrows(InputFormatException.class, () -> BigWigReader.open(bw)), "sample_0.bw",
                "not a bigWig");
    }

    @Test
    void truncatedFile() throws IOException {
        Path bw = copy();
        byte[] all = Files.readAllBytes(bw);
        Files.write(bw, Arrays.copyOf(all, all.length / 2));
        assertNames(assertThrows(InputFormatException.class, () -> BigWigReader.open(bw)), "sample_0.bw",
                "truncated");
    }

    @Test
    void truncatedBlock() throws Exception {
        Path bw = copy();
        rewriteFirstBlock(bw, d -> Arrays.copyOf(d, d.length - 5));
        try (BigWigReader r = BigWigReader.open(bw)) {
            InputFormatException e = assertThrows(InputFormatException.class, () -> r.intervals("chr1", 0, 2000));
            assertNames(e, "sample_0.bw", "truncated block");
            assertTrue(e.location().startsWith("data block at offset"), e.location());
        }
    }

    @Test
    void corruptZlibBlock() throws Exception {
        Path bw = copy();
        long[] block = firstBlock(bw);
        byte[] all = Files.readAllBytes(bw);
        Arrays.fill(all, (int) block[0], (int) (block[0] + block[1]), (byte) 0x55);
        Files.write(bw, all);
        try (BigWigReader r = BigWigReader.open(bw)) {
            assertNames(assertThrows(InputFormatException.class, () -> r.intervals("chr1", 0, 2000)), "sample_0.bw",
                    "zlib");
        }
    }

    @Test
    void unknownSectionType() throws Exception {
        Path bw = copy();
        rewriteFirstBlock(bw, d -> {
            d[20] = 9;
            return d;
        });
        try (BigWigReader r = BigWigReader.open(bw)) {
            assertNames(assertThrows(InputFormatException.class, () -> r.intervals("chr1", 0, 2000)), "sample_0.bw",
                    "unknown section type 9");
        }
    }

    @Test
    void absentContigAndClosedReader() {
        BigWigReader r = BigWigReader.open(TestData.fixture("bigwig_small/sample_0.bw"));
        assertNames(assertThrows(InputFormatException.class, () -> r.intervals("chr9", 0, 10)), "sample_0.bw",
                "no such chromosome");
        r.close();
        r.close();
        assertThrows(IllegalStateException.class, () -> r.intervals("chr1", 0, 10));
    }

    @Test
    void eightThreadsSeeTheSameIntervalsAsOne() throws Exception {
        try (BigWigReader bw = BigWigReader.open(TestData.real("jbrowse-volvox/volvox-sorted.bam.coverage.bw"))) {
            Random rnd = new Random(11);
            int n = 1500;
            long[] st = new long[n];
            long[] en = new long[n];
            List<BigWigIntervals> serial = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                st[i] = rnd.nextInt(50_001);
                en[i] = st[i] + 1 + rnd.nextInt(2000);
                serial.add(bw.intervals("ctgA", st[i], en[i]));
            }
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<Integer>> futures = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    int shift = t * 97;
                    futures.add(pool.submit(() -> {
                        int checked = 0;
                        for (int k = 0; k < n; k++) {
                            int i = (k + shift) % n;
                            BigWigIntervals got = bw.intervals("ctgA", st[i], en[i]);
                            assertArrayEquals(serial.get(i).starts(), got.starts());
                            assertArrayEquals(serial.get(i).ends(), got.ends());
                            assertArrayEquals(serial.get(i).values(), got.values());
                            checked++;
                        }
                        return checked;
                    }));
                }
                for (Future<Integer> f : futures) {
                    assertEquals(n, f.get());
                }
            } finally {
                pool.shutdown();
            }
        }
    }
}
