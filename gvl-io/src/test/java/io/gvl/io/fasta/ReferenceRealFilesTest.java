package io.gvl.io.fasta;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.io.TestData;
import io.gvl.io.internal.fasta.FaiEntry;
import io.gvl.io.internal.fasta.FaiFile;
import io.gvl.testkit.Oracle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every real FASTA decodes to the contigs of its .fai and to the bases samtools returns. */
class ReferenceRealFilesTest {
    @TempDir
    Path cache;

    static Stream<Path> fastas() {
        return Stream.of(TestData.real("vg-1mb1kgp/z.fa"), TestData.real("jbrowse-volvox/volvox.fa"),
                TestData.real("htslib-test/ce.fa"), TestData.fixture("synthetic/ref.fa.bgz"));
    }

    @ParameterizedTest
    @MethodSource("fastas")
    void contigsMatchFai(Path fasta) {
        List<FaiEntry> fai = FaiFile.read(fasta.resolveSibling(fasta.getFileName() + ".fai"));
        try (Reference ref = Reference.open(fasta, cache)) {
            assertEquals(fai.stream().map(FaiEntry::name).toList(), ref.contigs());
            for (int i = 0; i < fai.size(); i++) {
                assertEquals(fai.get(i).length(), ref.length(i), fai.get(i).name());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("fastas")
    void slicesMatchSamtools(Path fasta) {
        Oracle.SAMTOOLS.require();
        Random rnd = new Random(20261202L);
        try (Reference ref = Reference.open(fasta, cache)) {
            List<String> cmd = new ArrayList<>(List.of("faidx", fasta.toString()));
            List<byte[]> expected = new ArrayList<>();
            for (int k = 0; k < 25; k++) {
                int c = rnd.nextInt(ref.contigs().size());
                long n = ref.length(c);
                long s = rnd.nextLong(n);
                long e = Math.min(n, s + 1 + rnd.nextInt(3000));
                cmd.add(ref.contigs().get(c) + ":" + (s + 1) + "-" + e);
                expected.add(ref.fetch(ref.contigs().get(c), s, e));
            }
            String[] records = Oracle.SAMTOOLS.run(cmd).split(">");
            for (int k = 0; k < expected.size(); k++) {
                String rec = records[k + 1];
                String seq = rec.substring(rec.indexOf('\n') + 1).replace("\n", "").toUpperCase();
                assertArrayEquals(seq.getBytes(StandardCharsets.US_ASCII), expected.get(k), cmd.get(k + 2));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("fastas")
    void sequenceIsUppercase(Path fasta) {
        try (Reference ref = Reference.open(fasta, cache)) {
            for (int c = 0; c < ref.contigs().size(); c++) {
                byte[] all = ref.fetch(ref.contigs().get(c), 0, ref.length(c));
                for (byte b : all) {
                    if (b >= 'a' && b <= 'z') {
                        throw new AssertionError("lower-case base in " + ref.contigs().get(c));
                    }
                }
            }
        }
    }
}
