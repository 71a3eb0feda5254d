package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.gvl.io.InputFormatException;
import io.gvl.io.table.IntervalTable;
import io.gvl.testing.Stored;
import io.gvl.testing.TestFiles;
import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.TableTrack;
import io.gvl.write.spec.WriteException;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Table tracks: every format reads the same rows, and bad tables fail with typed errors naming file and row. */
class TableTrackErrorsTest {
    static final Path SYN = TableTrackGoldenTest.SYN;

    @TempDir
    Path tmp;

    private static WriteOptions.Builder synthetic() {
        return WriteOptions.builder(SYN.resolve("regions.bed")).variants(SYN.resolve("filtered.vcf.gz"));
    }

    @Test
    void everyFormatReadsTheSameRows() throws URISyntaxException {
        Path res = TestFiles.gvl043("tables");
        IntervalTable tsv = IntervalTable.read(res.resolve("table.tsv"), TableTrackGoldenTest.COLUMNS, true);
        assertTrue(tsv.size() > 100, "rows: " + tsv.size());
        for (String f : List.of("table.csv", "table.parquet", "table.snappy.parquet", "table.arrow",
                "table.zstd.arrow")) {
            IntervalTable t = IntervalTable.read(res.resolve(f), TableTrackGoldenTest.COLUMNS, true);
            assertEquals(tsv.size(), t.size(), f);
            for (int i = 0; i < t.size(); i++) {
                assertEquals(tsv.sample(i), t.sample(i), f + " " + t.location(i));
                assertEquals(tsv.chrom(i), t.chrom(i), f + " " + t.location(i));
                assertArrayEquals(new int[] {tsv.start(i), tsv.end(i)}, new int[] {t.start(i), t.end(i)}, f);
                assertEquals(Float.floatToIntBits(tsv.value(i)), Float.floatToIntBits(t.value(i)), f);
            }
        }
    }

    @Test
    void annotationTableWithSeveralSamplesNamesTheRow() throws IOException {
        Path annot = tmp.resolve("a.tsv");
        Files.writeString(annot, "sample_id\tchrom\tstart\tend\tvalue\ns0\tchr1\t1\t5\t1\ns1\tchr1\t2\t6\t1\n");
        Path out = tmp.resolve("d.gvl");
        InputFormatException e = assertThrows(InputFormatException.class, () -> Gvl.write(out, synthetic()
                .annotation(new AnnotationTrack("a", annot)).build()));
        assertEquals("line 3", e.location());
        assertTrue(e.getMessage().contains("several samples"), e.getMessage());
        assertTrue(Files.notExists(out), "nothing published");
    }

    @Test
    void annotationTableWithOneSampleIsAccepted() throws IOException {
        Path annot = tmp.resolve("one.csv");
        Files.writeString(annot, "sample_id,chrom,start,end,value\ns0,chr1,100,110,2.5\n");
        Path out = tmp.resolve("one.gvl");
        Gvl.write(out, synthetic().annotation(new AnnotationTrack("a", annot)).build());
        Stored.Track t = Stored.track(out, io.gvl.format.TrackScope.ANNOTATION, "a");
        assertArrayEquals(new int[] {100}, t.starts(0), "unclipped, as GVL stores table intervals");
    }

    @Test
    void tableWithoutSamplesOrRowsIsRefused() throws IOException {
        Path noSample = tmp.resolve("n.tsv");
        Files.writeString(noSample, "chrom\tstart\tend\tvalue\nchr1\t1\t2\t3\n");
        InputFormatException missing = assertThrows(InputFormatException.class,
                () -> TableTrack.read("t", noSample, Map.of()));
        assertTrue(missing.getMessage().contains("sample_id"), missing.getMessage());
        Path empty = tmp.resolve("e.tsv");
        Files.writeString(empty, "sample_id\tchrom\tstart\tend\tvalue\n");
        WriteException none = assertThrows(WriteException.class, () -> TableTrack.read("t", empty, Map.of()));
        assertTrue(none.getMessage().contains("no rows"), none.getMessage());
    }

    @Test
    void requestedSampleMissingFromTheTableIsRefused() throws IOException {
        Path table = tmp.resolve("t.tsv");
        Files.writeString(table, "sample_id\tchrom\tstart\tend\tvalue\ns0\tchr1\t1\t200\t1\n");
        WriteException e = assertThrows(WriteException.class, () -> Gvl.write(tmp.resolve("s.gvl"), synthetic()
                .track(TableTrack.read("t", table, Map.of())).samples(List.of("s0", "s1")).build()));
        assertTrue(e.getMessage().contains("[s1]"), e.getMessage());
    }
}
