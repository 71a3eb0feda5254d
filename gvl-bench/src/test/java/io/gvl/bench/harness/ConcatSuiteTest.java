package io.gvl.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The concat suite's grid, and a quick run's rows: the join and the file-copy peer (sizes, never wall-clock limits). */
class ConcatSuiteTest {
    @TempDir
    Path dir;

    @Test
    void aQuickRunJoinsThePartsAndCopiesTheSameFiles() throws Exception {
        assertEquals(List.of("regions", "samples"), new ConcatSuite(null).cells(false).stream().map(Cell::mode)
                .toList());
        StringWriter out = new StringWriter();
        List<CellResult> rows = Harness.run("concat", new Harness.Options(2, dir, true), new PrintWriter(out),
                new PrintWriter(new StringWriter()));
        CellResult gvl = rows.stream().filter(r -> r.impl().equals("gvl")).findFirst().orElseThrow();
        CellResult copy = rows.stream().filter(r -> r.impl().equals("file copy")).findFirst().orElseThrow();
        long joined = gvl.measured().bytesPerRep();
        long copied = copy.measured().bytesPerRep();
        assertTrue(joined > 0 && copied > 0, rows.toString());
        // The join writes the parts' data once, plus one table each; it cannot be much smaller or larger.
        assertTrue(joined > copied / 2 && joined < copied * 2, joined + " vs " + copied);
        assertTrue(Files.readAllLines(dir.resolve("concat.csv")).stream().anyMatch(l -> l.startsWith("concat,gvl,")));
    }
}
