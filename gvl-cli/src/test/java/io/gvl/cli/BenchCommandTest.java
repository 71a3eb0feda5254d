package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code gvl bench --quick} prints the JSON summary and leaves the CSV and plot. */
class BenchCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void quickHaplotypesPrintsJsonLinesWithTheArraycopyRatio() {
        assertEquals(0, run("bench", "haplotypes", "--quick", "--threads", "1", "--out", dir.toString()), err.toString());
        List<String> json = out.toString().lines().filter(l -> l.startsWith("{")).toList();
        assertTrue(json.stream().anyMatch(l -> l.startsWith("{\"suite\":\"haplotypes\",\"cell\":\"len=1024,batch=8,"
                + "mode=serial\",\"impl\":\"gvl\",\"gb_per_s\":") && l.contains("\"arraycopy_gb_per_s\":")
                && l.contains("\"ratio\":")), out.toString());
        assertTrue(err.toString().contains("# cpu: ") && err.toString().contains("# vector_species: "), err.toString());
        assertTrue(Files.isRegularFile(dir.resolve("haplotypes.csv")));
        assertTrue(Files.isRegularFile(dir.resolve("haplotypes.png")));
    }

    @Test
    void unknownSuiteIsAUsageError() {
        assertEquals(2, run("bench", "nope"));
        assertTrue(err.toString().contains("unknown suite 'nope'"), err.toString());
    }
}
