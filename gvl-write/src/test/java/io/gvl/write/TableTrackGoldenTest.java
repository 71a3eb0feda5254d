package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.gvl.format.io.MetadataFile;
import io.gvl.io.InputFormatException;
import io.gvl.testing.TestFiles;
import io.gvl.write.spec.AnnotationTrack;
import io.gvl.write.spec.TableTrack;
import io.gvl.write.spec.UpdateOptions;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Table tracks and table annotations against GenVarLoader 0.43.1's write of the same tables
 * ({@code tools/goldens/gvl043/gen_tables.py}): the stored arrays are identical byte for byte, from every table
 * format, through write and update.
 */
class TableTrackGoldenTest {
    static final Path SYN = Path.of(System.getProperty("gvl.shared.data")).resolve("gvl-fixtures/synthetic");
    static final Map<String, String> COLUMNS = Map.of("sample_id", "sample", "chrom", "chr", "start", "from",
            "end", "to", "value", "signal");
    static final List<String> ARRAYS = List.of("offsets.npy", "starts.npy", "ends.npy", "values.npy");
    static Path res;

    @TempDir
    Path tmp;

    @BeforeAll
    static void resources() throws URISyntaxException {
        res = TestFiles.gvl043("tables");
    }

    private static WriteOptions.Builder synthetic() {
        return WriteOptions.builder(SYN.resolve("regions.bed")).variants(SYN.resolve("filtered.vcf.gz")).maxJitter(4);
    }

    private static void assertSameArrays(Path golden, Path written) throws IOException {
        for (String f : ARRAYS) {
            Path w = written.resolve(f);
            byte[] got = Files.exists(w) ? Files.readAllBytes(w) : new byte[0];
            assertArrayEquals(Files.readAllBytes(golden.resolve(f)), got, written + "/" + f);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"table.tsv", "table.csv", "table.parquet", "table.snappy.parquet", "table.arrow",
        "table.zstd.arrow"})
    void writeStoresGvlArrays(String table) throws IOException {
        Path out = tmp.resolve("t.gvl");
        Gvl.write(out, synthetic().track(TableTrack.read("tbl", res.resolve(table), COLUMNS))
                .annotation(new AnnotationTrack("annot", res.resolve("annot.tsv"))).build());
        assertEquals(List.of("s0", "s1", "s2"), MetadataFile.read(out.resolve("metadata.json")).samples(),
                "sx is not in the VCF, so the intersection drops it");
        assertSameArrays(res.resolve("intervals/tbl"), out.resolve("intervals/tbl"));
        assertSameArrays(res.resolve("annot_intervals/annot"), out.resolve("annot_intervals/annot"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"annot.tsv", "annot.parquet", "annot.arrow"})
    void annotationTablesStoreGvlArrays(String annot) throws IOException {
        Path out = tmp.resolve("a.gvl");
        Gvl.write(out, synthetic().build());
        Gvl.update(out, UpdateOptions.builder().annotation(new AnnotationTrack("annot", res.resolve(annot))).build());
        assertSameArrays(res.resolve("annot_intervals/annot"), out.resolve("annot_intervals/annot"));
    }

    @Test
    void updateWithExactSamplesStoresGvlArrays() throws IOException {
        Path out = tmp.resolve("u.gvl");
        Gvl.write(out, synthetic().build());
        Gvl.update(out, UpdateOptions.builder().track(TableTrack.read("tbl", res.resolve("exact.arrow"), COLUMNS))
                .build());
        assertSameArrays(res.resolve("intervals/tbl"), out.resolve("intervals/tbl"));
    }

    @Test
    void updateNamesTheRowOfASampleTheDatasetLacks() throws IOException {
        Path out = tmp.resolve("x.gvl");
        Gvl.write(out, synthetic().build());
        TableTrack t = TableTrack.read("tbl", res.resolve("table.tsv"), COLUMNS);
        InputFormatException e = assertThrows(InputFormatException.class,
                () -> Gvl.update(out, UpdateOptions.builder().track(t).build()));
        int first = t.table().firstRowOf("sx");
        assertEquals("line " + (first + 2), e.location(), "the header is line 1, no blank lines");
        assertTrue(e.getMessage().contains("table.tsv") && e.getMessage().contains("[sx]"), e.getMessage());
        assertTrue(Files.notExists(out.resolve("intervals/tbl")), "nothing written on failure");
    }
}
