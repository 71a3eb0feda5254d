package io.gvl.io.gtf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.InputFormatException;
import io.gvl.io.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneModelReaderTest {
    @TempDir
    Path tmp;

    @Test
    void volvoxGtfExons() {
        List<GeneFeature> exons = GeneModelReader.exons(TestData.real("jbrowse-volvox/volvox.gtf"));
        List<GeneFeature> eden1 = exons.stream().filter(e -> e.transcriptId().equals("EDEN.1")).toList();
        assertEquals(4, eden1.size());
        assertEquals(1049, eden1.get(0).start(), "GTF 1-based start becomes 0-based");
        assertEquals(1500, eden1.get(0).end());
        assertEquals("EDEN", eden1.get(0).geneName());
        assertEquals(List.of(1, 2, 3, 4), eden1.stream().map(GeneFeature::exonNumber).toList());
        assertTrue(exons.stream().allMatch(e -> e.strand() == 1 || e.strand() == -1));
    }

    @Test
    void volvoxGff3CdsByParent() {
        List<GeneFeature> cds = GeneModelReader.read(TestData.real("jbrowse-volvox/volvox.gff3"), Set.of("CDS"));
        assertEquals(17, cds.size());
        GeneFeature apple3 = cds.stream().filter(c -> c.transcriptId().equals("rna-Apple3")).findFirst().orElseThrow();
        assertEquals(17_999, apple3.start());
        assertEquals("Apple3", apple3.geneName());
        assertEquals(1, apple3.exonNumber());
        assertTrue(cds.stream().anyMatch(c -> c.transcriptId().equals("Apple1")), "parentless CDS is its own transcript");
    }

    @Test
    void minusStrandRankCountsFromTheThreePrimeEnd() throws IOException {
        Path gtf = tmp.resolve("m.gtf");
        Files.writeString(gtf, "c\ts\texon\t1\t10\t.\t-\t.\ttranscript_id \"T\";\n"
                + "c\ts\texon\t21\t30\t.\t-\t.\ttranscript_id \"T\";\n");
        List<GeneFeature> exons = GeneModelReader.exons(gtf);
        assertEquals(List.of(2, 1), exons.stream().map(GeneFeature::exonNumber).toList());
    }

    @Test
    void badRowsNameTheLine() throws IOException {
        Path gtf = tmp.resolve("bad.gtf");
        Files.writeString(gtf, "#c\nc\ts\texon\tten\t10\t.\t+\t.\ttranscript_id \"T\";\n");
        InputFormatException e = assertThrows(InputFormatException.class, () -> GeneModelReader.exons(gtf));
        assertTrue(e.getMessage().contains("bad.gtf: line 2"), e.getMessage());
        Files.writeString(gtf, "c\ts\texon\t5\t10\t.\t+\t.\tgene_id \"G\";\n");
        e = assertThrows(InputFormatException.class, () -> GeneModelReader.exons(gtf));
        assertTrue(e.getMessage().contains("transcript_id"), e.getMessage());
    }
}
