package io.gvl.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testkit.Oracle;
import io.gvl.testkit.Oracles;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The write-sources suite's grid, and a quick harness run's rows (counts and files, never wall-clock limits). */
class WriteSourcesSuiteTest {
    @TempDir
    Path dir;

    @Test
    void cellsAreOnePerSourceOverTheRegionGrid() {
        WriteSourcesSuite suite = new WriteSourcesSuite(null, true);
        List<Cell> full = suite.cells(false);
        assertEquals(List.of("vcf", "bcf", "pgen"), full.stream().map(Cell::mode).toList());
        assertTrue(full.stream().allMatch(c -> c.batch() == 1000 && c.length() == 1000
                && c.suite().equals("write-sources")), full.toString());
        assertTrue(suite.cells(true).stream().allMatch(c -> c.batch() == WriteSourcesSuite.QUICK_REGIONS),
                suite.cells(true).toString());
        assertTrue(Harness.SUITES.contains("write-sources"));
    }

    @Test
    void aQuickRunReportsEverySourceAndThePgenRatios() throws Exception {
        Oracles.require(Oracle.BCFTOOLS, Oracle.PLINK2);
        StringWriter out = new StringWriter();
        StringWriter log = new StringWriter();
        List<CellResult> rows = Harness.run("write-sources", new Harness.Options(2, dir, true), new PrintWriter(out),
                new PrintWriter(log));

        assertEquals(List.of("vcf", "bcf", "pgen"), rows.stream().map(r -> r.cell().mode()).toList());
        long bytes = rows.get(0).measured().bytesPerRep();
        assertTrue(bytes > 0, "a dataset has bytes on disk");
        // The three files hold the same calls, so the three writes give datasets of the same size.
        assertTrue(rows.stream().allMatch(r -> r.measured().bytesPerRep() == bytes), rows.toString());
        List<String> json = out.toString().lines().toList();
        assertEquals(3, json.stream().filter(l -> l.contains("\"records_per_s\"")).count(), out.toString());
        assertEquals(3, json.stream().filter(l -> l.contains("\"peak_rss_mib\"") && l.contains("\"source\"")).count());
        assertTrue(json.stream().anyMatch(l -> l.contains("\"pgen_over_vcf\"") && l.contains("\"pgen_over_bcf\"")),
                out.toString());
        assertTrue(json.stream().anyMatch(l -> l.contains("\"cohort_samples\":" + WriteSourcesSuite.QUICK_SAMPLES)
                && l.contains("\"seed\":" + Cohort.SEED)), out.toString());
        assertTrue(log.toString().contains("seed " + Cohort.SEED), log.toString());
        for (long maxMem : WriteSourcesSuite.PART_MAX_MEM) {
            for (int cap : WriteSourcesSuite.PART_HEAP_CAP_MIB) {
                assertEquals(1, json.stream().filter(l -> l.contains("\"part\":\"genotypes-r0-s0\"")
                        && l.contains("\"max_mem_mib\":" + (maxMem >> 20) + ",")
                        && l.contains("\"heap_cap_mib\":" + cap + ",")
                        && l.matches(".*\"part_peak_rss_mib\":[1-9].*")
                        && l.matches(".*\"part_peak_heap_mib\":[1-9].*")).count(), out.toString());
            }
        }
        List<String> csv = Files.readAllLines(dir.resolve("write-sources.csv"));
        assertEquals(3, csv.stream().filter(l -> l.startsWith("write-sources,gvl,")).count(), csv.toString());
    }
}
