package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gvl bench --quick} prints the JSON summary and leaves the CSV and plot. */
class BenchCommandTest {
    @TempDir
    Path dir;

    @Test
    void quickHaplotypesPrintsJsonLinesWithTheArraycopyRatio() {
        CliRun run = CliRun.of("bench", "haplotypes", "--quick", "--threads", "1", "--out", dir.toString());
        assertEquals(0, run.exitCode(), run.err());
        List<String> json = run.out().lines().filter(l -> l.startsWith("{")).toList();
        assertTrue(json.stream().anyMatch(l -> l.startsWith("{\"suite\":\"haplotypes\",\"cell\":\"len=1024,batch=8,"
                + "mode=serial\",\"impl\":\"gvl\",\"gb_per_s\":") && l.contains("\"arraycopy_gb_per_s\":")
                && l.contains("\"ratio\":")), run.out());
        assertTrue(run.err().contains("# cpu: ") && run.err().contains("# vector_species: "), run.err());
        assertTrue(Files.isRegularFile(dir.resolve("haplotypes.csv")));
        assertTrue(Files.isRegularFile(dir.resolve("haplotypes.png")));
    }

    @Test
    void unknownSuiteIsAUsageError() {
        CliRun run = CliRun.of("bench", "nope");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("unknown suite 'nope'"), run.err());
    }
}
