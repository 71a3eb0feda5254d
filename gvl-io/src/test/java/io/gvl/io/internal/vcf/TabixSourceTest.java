package io.gvl.io.internal.vcf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.InputFormatException;
import io.gvl.io.TestData;
import io.gvl.io.internal.csi.TbiIndex;
import io.gvl.testkit.Oracle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Region queries through a .tbi index return exactly the lines the {@code tabix} tool returns. */
class TabixSourceTest {
    // Tabix-indexed reads through IndexedTextSource with our own .tbi reader, checked against the tabix tool.
    @TempDir
    Path tmp;

    static Stream<String> files() {
        return Stream.of("bioc-variantannotation/chr22.vcf.gz", "bioc-variantannotation/hapmap_exome_chr22.vcf.gz",
                "jbrowse-volvox/volvox.filtered.vcf.gz");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void seededRegionsMatchTheTabixTool(String name) throws Exception {
        Oracle.TABIX.require();
        Path vcf = TestData.real(name);
        Path tbi = vcf.resolveSibling(vcf.getFileName() + ".tbi");
        try (IndexedTextSource source = new IndexedTextSource(vcf, tbi, TbiIndex.read(tbi), "tabix -f -p vcf " + vcf)) {
            List<String> contigs = source.contigs();
            assertFalse(contigs.isEmpty());
            Random r = new Random(name.hashCode());
            for (int q = 0; q < 25; q++) {
                String contig = contigs.get(r.nextInt(contigs.size()));
                List<String> all = Oracle.TABIX.run(vcf.toString(), contig).lines().toList();
                int maxPos = all.stream().mapToInt(l -> Integer.parseInt(l.split("\t")[1])).max().orElse(1000);
                int start = r.nextInt(maxPos + 10);
                int end = start + 1 + r.nextInt(q % 5 == 0 ? maxPos + 1 : 20_000);
                List<String> got = new ArrayList<>();
                source.query(contig, start, end, got::add);
                List<String> want = Oracle.TABIX.run(vcf.toString(),
                        contig + ":" + (start + 1) + "-" + end).lines().toList();
                assertEquals(want, got, contig + ":" + start + "-" + end);
            }
        }
    }

    @Test
    void aDamagedIndexNamesTheFixCommand() throws Exception {
        Path vcf = TestData.real("jbrowse-volvox/volvox.filtered.vcf.gz");
        Path bad = Files.write(tmp.resolve("x.vcf.gz.tbi"), new byte[] {31, (byte) 139, 8, 0, 0, 0, 0, 0, 0, 3});
        InputFormatException e = assertThrows(InputFormatException.class,
                () -> new IndexedTextSource(vcf, bad, TbiIndex.read(bad), "tabix -f -p vcf " + vcf));
        assertTrue(e.getMessage().contains("x.vcf.gz.tbi") && e.getMessage().contains("tabix -f -p vcf"),
                e.getMessage());
    }
}
