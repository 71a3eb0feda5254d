package io.gvl.io.bed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.InputFormatException;
import io.gvl.io.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BedReaderTest {
    @TempDir
    Path tmp;

    @Test
    void refseqExonsGzip() {
        BedFile bed = BedReader.read(TestData.real("bedtools-data/refseq.chr1.exons.bed.gz"));
        assertEquals(43_424, bed.size());
        assertEquals(List.of("chr1"), bed.contigs());
        BedRegion first = bed.get(0);
        assertEquals(11_873, first.start());
        assertTrue(bed.regions().stream().anyMatch(r -> r.strand() == -1));
        assertEquals("strand", bed.columns().get(5));
    }

    @Test
    void knownGeneBed12Blocks() {
        BedFile bed = BedReader.read(TestData.real("bedtools-data/knownGene.hg18.chr21.bed"));
        assertTrue(bed.hasBlocks());
        for (int i = 0; i < bed.size(); i++) {
            BedBlocks b = bed.blocks(i);
            BedRegion r = bed.get(i);
            assertEquals(Integer.parseInt(bed.value(i, "blockCount")), b.count());
            assertEquals(r.start(), b.starts()[0], "first block starts at chromStart");
            assertEquals(r.end(), b.ends()[b.count() - 1], "last block ends at chromEnd");
        }
    }

    @Test
    void volvoxRemarkAndFixtureRegions() {
        BedFile remark = BedReader.read(TestData.real("jbrowse-volvox/volvox-remark.bed"));
        assertEquals("f07", remark.value(0, "name"));
        assertEquals(-1, remark.get(2).strand());
        BedFile regions = BedReader.read(TestData.fixture("synthetic/regions.bed"));
        assertEquals(10, regions.size(), "the file holds 10 rows");
        assertNull(regions.value(0, "name"), "'.' reads as null");
    }

    @Test
    void headerTrackLinesStrandDotAndInputOrder() throws IOException {
        Path p = tmp.resolve("h.bed");
        Files.writeString(p, "track name=x\nbrowser position chr1\n#chrom\tstart\tend\tgene\tstrand\n"
                + "chr2\t10\t20\tB\t.\nchr1\t5\t6\tA\t-\n");
        BedFile bed = BedReader.read(p);
        assertEquals(List.of("chrom", "chromStart", "chromEnd", "gene", "strand"), bed.columns());
        assertEquals("chr2", bed.get(0).chrom());
        assertEquals(1, bed.get(0).strand());
        assertEquals(-1, bed.get(1).strand());
        assertEquals("A", bed.value(1, "gene"));
        assertEquals(3, bed.get(0).line() - 1);
    }

    @Test
    void threeColumnsDefaultPlusStrand() throws IOException {
        Path p = tmp.resolve("t.bed");
        Files.writeString(p, "1\t0\t5\n");
        BedRegion r = BedReader.read(p).get(0);
        assertEquals(1, r.strand());
        assertEquals(5, r.length());
    }

    @Test
    void badBlocksNameLine() throws IOException {
        Path p = tmp.resolve("b12.bed");
        Files.writeString(p, "chr1\t0\t100\tx\t0\t+\t0\t100\t0\t2\t10,10,\t0,95,\n");
        BedFile bed = BedReader.read(p);
        InputFormatException e = assertThrows(InputFormatException.class, () -> bed.blocks(0));
        assertTrue(e.getMessage().contains("line 1"), e.getMessage());
        assertArrayEquals(new int[] {0}, new int[] {bed.get(0).start()});
    }

    static Stream<Arguments> badRows() {
        return Stream.of(
                Arguments.of("chr1\t10\t5\n", "chromEnd 5 <= chromStart 10"),
                Arguments.of("chr1\t10\t10\n", "chromEnd 10 <= chromStart 10"),
                Arguments.of("chr1\t-1\t5\n", "negative"),
                Arguments.of("chr1\t1.5\t5\n", "not an integer"),
                Arguments.of("chr1\tabc\t5\n", "not an integer"),
                Arguments.of("chr1\t1\n", "at least chrom"),
                Arguments.of("chr1\t1\t2\tn\t0\t*\n", "strand '*'"),
                Arguments.of("chr1\t1\t2\nchr1\t1\t2\tx\n", "earlier rows have 3"));
    }

    @ParameterizedTest
    @MethodSource("badRows")
    void badRowsNameFileAndLine(String text, String problem) throws IOException {
        Path p = tmp.resolve("bad.bed");
        Files.writeString(p, "track x\n" + text);
        InputFormatException e = assertThrows(InputFormatException.class, () -> BedReader.read(p));
        assertTrue(e.getMessage().contains("bad.bed") && e.getMessage().contains(problem), e.getMessage());
        assertTrue(e.location().startsWith("line "), e.location());
    }
}
