package io.gvl.io.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.ArrowTable.ColumnType;
import io.gvl.format.ArrowTable;
import io.gvl.format.io.ArrowTableFile;
import io.gvl.io.InputFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading long-form interval tables: types as GVL casts them, column maps, and typed errors naming file and row. */
class IntervalTableTest {
    static final String HEADER = "sample_id\tchrom\tstart\tend\tvalue\n";

    @TempDir
    Path tmp;

    private Path file(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private InputFormatException bad(String name, String text) throws IOException {
        Path p = file(name, text);
        return assertThrows(InputFormatException.class, () -> IntervalTable.read(p, Map.of(), true));
    }

    @Test
    void readsRowsInFileOrderWithGvlTypes() throws IOException {
        IntervalTable t = IntervalTable.read(file("t.tsv", HEADER + "b\tchr1\t150\t160\t1.5\n\r\n"
                + "a\tchr2\t0\t0\tNaN\r\na\tchr1\t90\t130\t0.1\n"), Map.of(), true);
        assertEquals(3, t.size());
        assertEquals(List.of("b", "a"), t.samples());
        assertEquals(List.of("chr1", "chr2"), t.contigs());
        assertEquals("a", t.sample(2));
        assertEquals(90, t.start(2));
        assertEquals(130, t.end(2));
        assertEquals((float) 0.1d, t.value(2));
        assertTrue(Float.isNaN(t.value(1)));
        assertEquals(0, t.end(1), "zero-length intervals are kept");
        assertEquals("line 5", t.location(2), "blank lines count as lines");
        assertEquals(TableFormat.TSV, t.format());
    }

    @Test
    void numericLookingNamesAreKeptAsWritten() throws IOException {
        IntervalTable t = IntervalTable.read(file("n.tsv", HEADER + "007\t01\t5\t9\t1\n"), Map.of(), true);
        assertEquals("007", t.sample(0), "polars would infer an integer and give 7");
        assertEquals("01", t.chrom(0));
    }

    @Test
    void csvQuotesAndColumnMapsAsPolarsReads() throws IOException {
        Path p = file("t.csv", "extra,chr,s,from,to,signal\n\"x,y\",\"chr\"\"1\",\"S 1\",5,9,-2e-3\n");
        IntervalTable t = IntervalTable.read(p, Map.of("chrom", "chr", "sample_id", "s", "start", "from",
                "end", "to", "value", "signal", "unused", "nothing"), true);
        assertEquals("chr\"1", t.chrom(0));
        assertEquals("S 1", t.sample(0));
        assertEquals(5, t.start(0));
        assertEquals((float) -2e-3, t.value(0));
    }

    @Test
    void sampleColumnIsOptionalForAnnotations() throws IOException {
        IntervalTable t = IntervalTable.read(file("a.txt", "chrom\tstart\tend\tvalue\nchr1\t1\t2\t3\n"), Map.of(),
                false);
        assertFalse(t.hasSamples());
        assertEquals(List.of(), t.samples());
        assertThrows(IllegalStateException.class, () -> t.sample(0));
    }

    @Test
    void missingColumnNamesTheHeaderAndTheMap() throws IOException {
        Path p = file("m.tsv", "sample\tchrom\tstart\tend\tvalue\na\tchr1\t1\t2\t3\n");
        InputFormatException e = assertThrows(InputFormatException.class,
                () -> IntervalTable.read(p, Map.of("sample_id", "sample_name"), true));
        assertEquals("header", e.location());
        assertTrue(e.getMessage().contains("m.tsv") && e.getMessage().contains("sample_id (mapped to 'sample_name')"),
                e.getMessage());
        assertTrue(e.getMessage().contains("column map"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "start is text     | a\tchr1\tx\t2\t3        | line 3 | start 'x' is not an integer",
        "end before start  | a\tchr1\t5\t2\t3        | line 3 | end 2 is before start 5",
        "negative start    | a\tchr1\t-1\t2\t3       | line 3 | start -1 is negative",
        "value not number  | a\tchr1\t1\t2\tabc      | line 3 | value 'abc' is not a number",
        "empty value       | 'a\tchr1\t1\t2\t'       | line 3 | the value is empty",
        "empty sample      | '\tchr1\t1\t2\t1'       | line 3 | the sample_id cell is empty",
        "too few fields    | a\tchr1\t1\t2           | line 3 | found 4 fields but the header has 5",
        "beyond int32      | a\tchr1\t1\t3000000000\t1 | line 3 | does not fit a 32-bit integer",
        "unclosed quote    | \"a\tchr1\t1\t2\t1      | line 3 | a quoted field is not closed"})
    void badRowsNameFileAndLine(String what, String row, String where, String problem) throws IOException {
        InputFormatException e = bad("b.tsv", HEADER + "a\tchr1\t0\t1\t1\n" + row + "\n");
        assertEquals(where, e.location(), what);
        assertTrue(e.getMessage().contains(problem) && e.getMessage().contains("b.tsv"), e.getMessage());
    }

    @Test
    void emptyFileUnknownSuffixMissingFile() throws IOException {
        assertTrue(bad("e.tsv", "").getMessage().contains("the table is empty"));
        assertTrue(bad("t.xlsx", HEADER).getMessage().contains(".parquet"));
        InputFormatException missing = assertThrows(InputFormatException.class,
                () -> IntervalTable.read(tmp.resolve("none.parquet"), Map.of(), true));
        assertTrue(missing.getMessage().contains("file not found"), missing.getMessage());
    }

    @Test
    void notParquetIsATypedError() throws IOException {
        InputFormatException e = bad("x.parquet", "not a parquet file at all");
        assertTrue(e.getMessage().contains("not a readable Parquet file"), e.getMessage());
        InputFormatException a = bad("x.arrow", "not an arrow file");
        assertTrue(a.getMessage().contains("not a readable Arrow IPC file"), a.getMessage());
    }

    private Path arrow(String name, ArrowTable.Column... cols) {
        Path p = tmp.resolve(name);
        ArrowTableFile.write(new ArrowTable(List.of(cols)), p);
        return p;
    }

    private static ArrowTable.Column col(String name, ColumnType type, Object... values) {
        return new ArrowTable.Column(name, type, Arrays.asList(values));
    }

    @Test
    void arrowTypesAreCastAsGvlCasts() {
        Path p = arrow("t.arrow", col("sample_id", ColumnType.STRING, "a", "b"),
                col("chrom", ColumnType.INT64, 1L, 2L), col("start", ColumnType.INT64, 10L, 20L),
                col("end", ColumnType.INT32, 15, 25), col("value", ColumnType.FLOAT64, 0.1d, 2d));
        IntervalTable t = IntervalTable.read(p, Map.of(), true);
        assertEquals("1", t.chrom(0), "integer contigs become text, as polars casts them");
        assertEquals(20, t.start(1));
        assertEquals((float) 0.1d, t.value(0));
    }

    @Test
    void arrowNullsAndFloatCoordinatesNameTheRow() {
        Path nulls = arrow("n.arrow", col("sample_id", ColumnType.STRING, "a", "b"),
                col("chrom", ColumnType.STRING, "chr1", "chr1"), col("start", ColumnType.INT64, 10L, 20L),
                col("end", ColumnType.INT64, 15L, 25L), col("value", ColumnType.FLOAT32, 1f, null));
        InputFormatException e = assertThrows(InputFormatException.class, () -> IntervalTable.read(nulls, Map.of(),
                true));
        assertEquals("row 2", e.location());
        assertTrue(e.getMessage().contains("the value is missing"), e.getMessage());
        Path floats = arrow("f.arrow", col("sample_id", ColumnType.STRING, "a"),
                col("chrom", ColumnType.STRING, "chr1"), col("start", ColumnType.FLOAT64, 1.5d),
                col("end", ColumnType.INT64, 15L), col("value", ColumnType.FLOAT32, 1f));
        InputFormatException f = assertThrows(InputFormatException.class, () -> IntervalTable.read(floats, Map.of(),
                true));
        assertEquals("row 1", f.location());
        assertTrue(f.getMessage().contains("not an integer"), f.getMessage());
    }
}
