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

/** The predict suite's grid, and a quick run's bytes and summary line (sizes and shares, never wall-clock limits). */
class PredictSuiteTest {
    @TempDir
    Path dir;

    @Test
    void theGridRunsEveryModelAtOneAndTwoThreads() {
        List<String> modes = new PredictSuite(null).cells(false).stream().map(Cell::mode).toList();
        assertEquals(List.of("tiny-cnn/threads=1", "tiny-cnn/threads=2", "byte-sum/threads=1", "byte-sum/threads=2",
                "conv-net/threads=1", "conv-net/threads=2"), modes);
    }

    @Test
    void aQuickRunFeedsEveryHaplotypeOnceAndSplitsTheTime() throws Exception {
        StringWriter out = new StringWriter();
        List<CellResult> rows = Harness.run("predict", new Harness.Options(1, dir, true), new PrintWriter(out),
                new PrintWriter(new StringWriter()));
        assertEquals(1, rows.size(), rows.toString());
        // 256 regions x 16 samples x 2 haplotypes, 16 bytes each.
        assertEquals(PredictSuite.REGIONS * 16L * 2 * 16, rows.get(0).measured().bytesPerRep());
        String summary = out.toString().lines().filter(l -> l.contains("\"instances_per_s\"")).findFirst()
                .orElseThrow(() -> new AssertionError(out.toString()));
        assertTrue(summary.contains("\"instances_per_run\":" + PredictSuite.REGIONS * 16), summary);
        for (String share : List.of("gvl_share", "onnxruntime_share", "write_share", "other_share")) {
            double v = Double.parseDouble(summary.replaceAll(".*\"" + share + "\":([0-9.]+).*", "$1"));
            assertTrue(v >= 0 && v <= 1, share + " in " + summary);
        }
        assertTrue(Files.readAllLines(dir.resolve("predict.csv")).stream().anyMatch(l -> l.startsWith("predict,gvl,")));
    }
}
