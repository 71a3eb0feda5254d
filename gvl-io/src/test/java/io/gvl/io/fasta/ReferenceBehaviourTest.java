package io.gvl.io.fasta;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.InputFormatException;
import io.gvl.io.TestData;
import io.gvl.io.internal.fasta.ContentKey;
import io.gvl.io.internal.fasta.ReferenceCacheFile;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReferenceBehaviourTest {
    @TempDir
    Path tmp;

    private Path write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text, StandardCharsets.US_ASCII);
        return p;
    }

    private static String s(byte[] b) {
        return new String(b, StandardCharsets.US_ASCII);
    }

    @Test
    void padsBeyondEitherEndLikeGvl() throws IOException {
        Path fa = write("t.fa", ">chr1 desc\nacgtA\nCGT\n>2\nGG\n");
        try (Reference ref = Reference.open(fa, tmp.resolve("cache"))) {
            assertEquals(List.of("chr1", "2"), ref.contigs());
            assertEquals("ACGTACGT", s(ref.fetch("chr1", 0, 8)));
            assertEquals("NNACG", s(ref.fetch("chr1", -2, 3)));
            assertEquals("TNNN", s(ref.fetch("chr1", 7, 11)));
            assertEquals("NACGTACGTN", s(ref.fetch("chr1", -1, 9)));
            assertEquals("", s(ref.fetch("chr1", 5, 5)));
            assertEquals("", s(ref.fetch("chr1", 6, 2)));
            assertEquals("NNN", s(ref.fetch("chr1", -5, -2)));
            assertEquals("NN", s(ref.fetch("chr1", 8, 10)));
            assertEquals("NNN", s(ref.fetch("chr1", 20, 23)));
            assertEquals("GG", s(ref.fetch("chr2", 0, 2)), "chr prefix added");
            assertEquals("ACG", s(ref.fetch("1", 0, 3)), "chr prefix removed");
            assertEquals('N', ref.base(0, -1));
            assertEquals('T', ref.base(0, 3));
            assertThrows(IllegalArgumentException.class, () -> ref.fetch("chr3", 0, 1));
        }
    }

    @Test
    void segmentInsideContigIsZeroCopySliceOfMapping() throws IOException {
        Path fa = write("t.fa", ">a\nACGT\nAC\n");
        try (Reference ref = Reference.open(fa, tmp.resolve("cache"))) {
            MemorySegment inside = ref.segment(0, 1, 5);
            assertTrue(inside.isMapped() && inside.isReadOnly());
            assertEquals("CGTA", new String(inside.toArray(ValueLayout.JAVA_BYTE), StandardCharsets.US_ASCII));
            assertFalse(ref.segment(0, 4, 8).isMapped(), "padded fetches are copies");
            assertEquals("ACNN", new String(ref.segment(0, 4, 8).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.US_ASCII));
        }
    }

    @Test
    void missingFaiIsBuiltInCacheDirEqualToSamtools() throws IOException {
        Path src = TestData.real("jbrowse-volvox/volvox.fa");
        Path fa = TestData.copy(tmp, src);
        Path cacheDir = tmp.resolve("cache");
        Path entry;
        try (Reference ref = Reference.open(fa, cacheDir)) {
            assertEquals(List.of("ctgA", "ctgB"), ref.contigs());
            entry = ref.cacheFile().orElseThrow();
        }
        assertFalse(Files.exists(tmp.resolve("volvox.fa.fai")), "nothing written beside the input");
        String stem = entry.getFileName().toString().replace(ReferenceCacheFile.SUFFIX, "");
        assertEquals(Files.readString(src.resolveSibling("volvox.fa.fai")),
                Files.readString(cacheDir.resolve(stem + ".fai")));
    }

    @Test
    void inconsistentLineLengthNamesFileAndLine() throws IOException {
        Path fa = write("bad.fa", ">a\nACGT\nAC\nACGT\n");
        InputFormatException e = assertThrows(InputFormatException.class, () -> Reference.open(fa, tmp.resolve("c")));
        assertTrue(e.getMessage().contains("bad.fa") && e.getMessage().contains("line 3"), e.getMessage());
        Path longer = write("long.fa", ">a\nACG\nACGT\n");
        e = assertThrows(InputFormatException.class, () -> Reference.open(longer, tmp.resolve("c")));
        assertTrue(e.getMessage().contains("line 3") && e.getMessage().contains("inconsistent"), e.getMessage());
    }

    @Test
    void lastLineWithoutNewlineIsAccepted() throws IOException {
        Path src = TestData.real("htslib-test/ce.fa");
        byte[] all = Files.readAllBytes(src);
        assertEquals('\n', all[all.length - 1]);
        Path fa = tmp.resolve("ce.fa");
        Files.write(fa, java.util.Arrays.copyOf(all, all.length - 1));
        Files.copy(src.resolveSibling("ce.fa.fai"), tmp.resolve("ce.fa.fai"));
        try (Reference cut = Reference.open(fa, tmp.resolve("c")); Reference whole = Reference.open(src, tmp.resolve("w"))) {
            int last = whole.contigs().size() - 1;
            assertEquals(whole.contigs(), cut.contigs());
            assertEquals(whole.length(last), cut.length(last));
            assertArrayEquals(whole.fetch(whole.contigs().get(last), 0, whole.length(last)),
                    cut.fetch(cut.contigs().get(last), 0, cut.length(last)));
        }
        Path shortLast = write("short.fa", ">a\nACGT\nAC\n>b\nACGTACGT\nACG");
        try (Reference ref = Reference.open(shortLast, tmp.resolve("s"))) {
            assertEquals("ACG", s(ref.fetch("b", 8, 11)));
        }
        assertEquals("a\t6\t3\t4\t5\nb\t11\t14\t8\t9\n",
                Files.readString(ReferenceCacheFile.builtFai(tmp.resolve("s"),
                        ContentKey.of(shortLast, tmp.resolve("s"), false))), "as samtools faidx");
        Path oneLine = write("one.fa", ">a\nACGTA");
        try (Reference ref = Reference.open(oneLine, tmp.resolve("o"))) {
            assertEquals("ACGTA", s(ref.fetch("a", 0, 5)));
        }
        assertEquals("a\t5\t3\t5\t6\n", Files.readString(ReferenceCacheFile.builtFai(tmp.resolve("o"),
                ContentKey.of(oneLine, tmp.resolve("o"), false))));
    }

    @Test
    void truncatedFastaWithFaiIsCalledTruncatedNotRewrapped() throws IOException {
        Path src = TestData.real("htslib-test/ce.fa");
        byte[] all = Files.readAllBytes(src);
        Path fa = tmp.resolve("ce.fa");
        Files.write(fa, java.util.Arrays.copyOf(all, all.length - 1234));
        Files.copy(src.resolveSibling("ce.fa.fai"), tmp.resolve("ce.fa.fai"));
        InputFormatException e = assertThrows(InputFormatException.class, () -> Reference.open(fa, tmp.resolve("c")));
        assertTrue(e.getMessage().contains("ce.fa.fai") && e.getMessage().contains("truncated")
                && e.getMessage().contains("MtDNA"), e.getMessage());
        assertFalse(e.getMessage().contains("rewrap"), e.getMessage());
    }

    @Test
    void staleFaiIsRejected() throws IOException {
        Path fa = write("s.fa", ">a\nACGT\n");
        write("s.fa.fai", "a\t9\t3\t4\t5\n");
        InputFormatException e = assertThrows(InputFormatException.class, () -> Reference.open(fa, tmp.resolve("c")));
        assertTrue(e.getMessage().contains("s.fa.fai") && e.getMessage().contains("samtools faidx"), e.getMessage());
    }

    @Test
    void truncatedBgzipBlockIsTypedError() throws IOException {
        Path src = TestData.fixture("synthetic/ref.fa.bgz");
        byte[] all = Files.readAllBytes(src);
        Path fa = tmp.resolve("ref.fa.bgz");
        Files.write(fa, java.util.Arrays.copyOf(all, all.length / 2));
        InputFormatException e = assertThrows(InputFormatException.class, () -> Reference.open(fa, tmp.resolve("c")));
        assertTrue(e.getMessage().contains("ref.fa.bgz") && e.getMessage().contains("truncated"), e.getMessage());
    }

    @Test
    void missingFastaIsTypedError() {
        assertThrows(InputFormatException.class, () -> Reference.open(tmp.resolve("nope.fa"), tmp));
    }

    @Test
    void closeIsIdempotentAndUseAfterCloseFails() throws IOException {
        Path fa = write("t.fa", ">a\nACGT\n");
        Reference ref = Reference.open(fa, tmp.resolve("cache"));
        ref.close();
        ref.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ref.fetch("a", 0, 2));
        assertTrue(e.getMessage().contains("closed"));
    }

    @Test
    void eightThreadsSeeTheSameBytesAsOne() throws Exception {
        Path fa = TestData.real("htslib-test/ce.fa");
        try (Reference ref = Reference.open(fa, tmp.resolve("cache"))) {
            Random rnd = new Random(7);
            int n = 4000;
            int[] c = new int[n];
            long[] st = new long[n];
            long[] en = new long[n];
            List<byte[]> serial = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                c[i] = rnd.nextInt(ref.contigs().size());
                st[i] = rnd.nextLong(ref.length(c[i]) + 200) - 100;
                en[i] = st[i] + rnd.nextInt(500);
                serial.add(ref.fetch(ref.contigs().get(c[i]), st[i], en[i]));
            }
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<Boolean>> results = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    int offset = t;
                    results.add(pool.submit(() -> {
                        for (int k = 0; k < n; k++) {
                            int i = (k * 7 + offset * 131) % n;
                            if (!java.util.Arrays.equals(serial.get(i), ref.fetch(ref.contigs().get(c[i]), st[i], en[i]))) {
                                return false;
                            }
                        }
                        return true;
                    }));
                }
                for (Future<Boolean> f : results) {
                    assertTrue(f.get());
                }
            } finally {
                pool.shutdown();
            }
            assertArrayEquals(serial.get(0), ref.fetch(ref.contigs().get(c[0]), st[0], en[0]));
            assertNotEquals(0, serial.stream().mapToInt(b -> b.length).sum());
        }
    }
}
