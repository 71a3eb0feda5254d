package io.gvl.dataset.splice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.dataset.settings.SpliceMap;
import io.gvl.io.bed.BedFile;
import io.gvl.io.bed.BedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpliceBedsTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"), "real");
    static final Path GTF = DATA.resolve("jbrowse-volvox/volvox.gtf");
    static final Path GFF3 = DATA.resolve("jbrowse-volvox/volvox.gff3");
    static final Path BED12 = DATA.resolve("bedtools-data/knownGene.hg18.chr21.bed");
    static final SpliceBedOptions ANY_LEVEL = SpliceBedOptions.gvlDefaults().withTranscriptSupportLevel(null);

    @TempDir
    Path tmp;

    private static List<String> key(SpliceBed bed) {
        return bed.rows().stream().map(r -> r.chrom() + ":" + r.start() + "-" + r.end() + r.strand() + " "
                + r.transcriptId() + "#" + r.exonNumber()).toList();
    }

    @Test
    void volvoxGtfCdsRowsAreZeroBasedFilteredAndSorted() {
        SpliceBed bed = SpliceBeds.fromGeneModel(GTF, ANY_LEVEL);
        // Apple1 (1501 bp) and cds-Apple2 (1303 bp) are not a multiple of 3
        assertEquals(Set.of("EDEN.1", "EDEN.2", "EDEN.3", "rna-Apple3"),
                bed.rows().stream().map(SpliceBedRow::transcriptId).collect(Collectors.toSet()));
        assertEquals(13, bed.size());
        SpliceBedRow first = bed.rows().getFirst();
        assertEquals(new SpliceBedRow("ctgA", 1200, 1500, '+', "EDEN", "EDEN.1", 1), first);
        for (int i = 1; i < bed.size(); i++) {
            assertTrue(bed.rows().get(i - 1).start() <= bed.rows().get(i).start(), "sorted by start");
        }
        Map<String, Long> length = new HashMap<>();
        bed.rows().forEach(r -> length.merge(r.transcriptId(), (long) r.end() - r.start(), Long::sum));
        length.values().forEach(l -> assertEquals(0, l % 3));
        assertEquals(17, SpliceBeds.fromGeneModel(GTF, ANY_LEVEL.withRequireMultipleOf3(false)).size());
    }

    @Test
    void gff3GivesTheSameElementsAsGtf() {
        List<String> gtf = key(SpliceBeds.fromGeneModel(GTF, ANY_LEVEL));
        assertEquals(gtf, key(SpliceBeds.fromGeneModel(GFF3, ANY_LEVEL)));
    }

    @Test
    void gvlDefaultsRequireSupportLevelOneAndVolvoxHasNone() {
        assertEquals(0, SpliceBeds.fromGeneModel(GTF).size());
    }

    @Test
    void supportLevelAndContigFilters() throws IOException {
        Path gtf = tmp.resolve("tsl.gtf");
        Files.writeString(gtf, String.join("\n",
                "2\tx\tCDS\t11\t13\t.\t-\t0\ttranscript_id \"B\"; exon_number \"2\"; transcript_support_level \"1\";",
                "2\tx\tCDS\t21\t23\t.\t-\t0\ttranscript_id \"B\"; exon_number \"1\"; transcript_support_level \"1\";",
                "10\tx\tCDS\t1\t3\t.\t+\t0\ttranscript_id \"C\"; exon_number \"1\"; transcript_support_level \"2\";",
                "1\tx\tCDS\t5\t7\t.\t+\t0\ttranscript_id \"A\"; gene_name \"G\"; exon_number \"1\";"
                        + " transcript_support_level \"1\";", ""));
        SpliceBed bed = SpliceBeds.fromGeneModel(gtf);
        assertEquals(List.of("1:4-7+ A#1", "2:10-13- B#2", "2:20-23- B#1"), key(bed));
        assertEquals(List.of("2:10-13- B#2", "2:20-23- B#1"),
                key(SpliceBeds.fromGeneModel(gtf, SpliceBedOptions.gvlDefaults().withContigs(Set.of("2")))));
        assertEquals(List.of("1:4-7+ A#1", "2:10-13- B#2", "2:20-23- B#1", "10:0-3+ C#1"),
                key(SpliceBeds.fromGeneModel(gtf, ANY_LEVEL)), "natural contig order");
        SpliceMap map = bed.spliceMap();
        assertEquals(List.of("A", "B"), map.keys());
        assertEquals(List.of(2, 1), java.util.Arrays.stream(map.rows(1)).boxed().toList(), "B's exon 1 first");
    }

    @Test
    void writtenBedReadsBackWithNamedColumns() {
        SpliceBed bed = SpliceBeds.fromGeneModel(GTF, ANY_LEVEL);
        Path file = tmp.resolve("splice.bed");
        bed.write(file);
        BedFile back = BedReader.read(file);
        assertEquals(List.of("chrom", "chromStart", "chromEnd", "strand", "gene_name", "transcript_id", "exon_number"),
                back.columns());
        assertEquals(bed.size(), back.size());
        for (int i = 0; i < bed.size(); i++) {
            assertEquals(bed.rows().get(i).transcriptId(), back.value(i, "transcript_id"));
            assertEquals(bed.rows().get(i).start(), back.get(i).start());
        }
    }

    @Test
    void bed12BlocksBecomeExonsNumberedAlongTheTranscript() throws IOException {
        SpliceBed bed = SpliceBeds.fromBed12(BED12, false, false);
        BedFile src = BedReader.read(BED12);
        long blocks = 0;
        for (int i = 0; i < src.size(); i++) {
            blocks += src.blocks(i).count();
        }
        assertEquals(blocks, bed.size());
        Map<String, List<SpliceBedRow>> byId = bed.rows().stream().collect(
                Collectors.groupingBy(SpliceBedRow::transcriptId));
        List<SpliceBedRow> minus = byId.get("uc002yip.1");
        assertEquals(24, minus.size());
        assertEquals(new SpliceBedRow("chr21", 9928613, 9928613 + 298, '-', null, "uc002yip.1", 24), minus.getFirst());
        assertEquals(1, minus.getLast().exonNumber(), "the most 3' genomic block is exon 1 on the minus strand");
        for (List<SpliceBedRow> t : byId.values()) {
            if (t.getFirst().strand() == '+') {
                for (int k = 0; k < t.size(); k++) {
                    assertEquals(k + 1, t.get(k).exonNumber());
                }
            }
        }
        SpliceBed coding = SpliceBeds.fromBed12(BED12, true, true);
        for (SpliceBedRow r : coding.rows()) {
            assertTrue(r.end() > r.start());
        }
        Map<String, Long> length = new HashMap<>();
        coding.rows().forEach(r -> length.merge(r.transcriptId(), (long) r.end() - r.start(), Long::sum));
        length.values().forEach(l -> assertEquals(0, l % 3));
        assertEquals(9928775, coding.rows().stream().filter(r -> r.transcriptId().equals("uc002yip.1"))
                .mapToInt(SpliceBedRow::start).min().orElseThrow(), "clipped to thickStart");
    }

    @Test
    void plainBedIsRejected() throws IOException {
        Path bed = tmp.resolve("plain.bed");
        Files.writeString(bed, "chr1\t0\t10\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SpliceBeds.fromBed12(bed, false, false));
        assertTrue(e.getMessage().contains("not a BED12"), e.getMessage());
    }
}
