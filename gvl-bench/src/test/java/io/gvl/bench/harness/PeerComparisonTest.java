package io.gvl.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class PeerComparisonTest {
    @Test
    void fasterCellsGetMoreRepetitionsWithinTheBounds() {
        assertEquals(PeerComparison.MAX_REPS, PeerComparison.repetitions(0.001, 3), "a 1 ms cell is capped");
        assertEquals(4, PeerComparison.repetitions(0.010, 3), "40 ms of a 10 ms cell");
        assertEquals(3, PeerComparison.repetitions(0.5, 3), "a slow cell keeps the minimum");
        assertEquals(1, PeerComparison.repetitions(0.001, 1), "the quick suite keeps one repetition");
    }

    @Test
    void cellsAreSelectedByTheirIds() {
        List<PeerComparison.PeerCell> all = PeerComparison.cells(false);
        assertSame(all, PeerComparison.selected(all, null), "no pattern: every cell");
        List<String> ids = PeerComparison.selected(all, Pattern.compile("^(annotated|haplotypes\\+tracks) len=16384"))
                .stream().map(PeerComparison.PeerCell::id).toList();
        assertEquals(List.of("annotated len=16384 batch=64", "haplotypes+tracks len=16384 batch=64"), ids);
        assertEquals(4, PeerComparison.selected(all, Pattern.compile("^epoch buffered")).size(),
                "buffered and buffered copy=false at both lengths");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PeerComparison.selected(all, Pattern.compile("no such cell")));
        assertTrue(e.getMessage().contains("annotated len=1024 batch=128"), e.getMessage());
    }

    @Test
    void aBadCellPatternIsAUsageError() {
        StringWriter err = new StringWriter();
        int code = new HarnessTool().run(new PrintWriter(new StringWriter()), new PrintWriter(err), "peer",
                "--cells", "([unclosed");
        assertEquals(2, code);
        assertTrue(err.toString().contains("--cells '([unclosed' is not a regular expression"), err.toString());
    }

    @Test
    void aCellPatternFindingNothingOrAnotherSuiteIsAUsageError() {
        StringWriter err = new StringWriter();
        assertEquals(2, new HarnessTool().run(new PrintWriter(new StringWriter()), new PrintWriter(err), "peer",
                "--cells", "no such cell"));
        assertTrue(err.toString().contains("matches none of the cells"), err.toString());
        StringWriter err2 = new StringWriter();
        assertEquals(2, new HarnessTool().run(new PrintWriter(new StringWriter()), new PrintWriter(err2),
                "haplotypes", "--cells", "annotated"));
        assertTrue(err2.toString().contains("peer suite only"), err2.toString());
    }
}
