package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gvl bench --quick} prints the JSON summary and leaves the CSV and plot; the command line finds the harness
 * as a tool and does not depend on it: without gvl-bench on the class path it says how to get it.
 */
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

    @Test
    void theCommandLineDoesNotRequireTheHarnessModule() throws Exception {
        Path descriptor = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("module-info.class");
        ModuleDescriptor d;
        try (var in = Files.newInputStream(descriptor)) {
            d = ModuleDescriptor.read(in);
        }
        assertTrue(d.requires().stream().noneMatch(r -> r.name().equals("io.gvl.bench")), d.requires().toString());
        assertTrue(d.uses().contains("java.util.spi.ToolProvider"), d.uses().toString());
    }

    @Test
    void withoutTheHarnessOnTheClassPathItSaysHowToGetIt() throws Exception {
        String cp = Arrays.stream(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"))
                .split(File.pathSeparator)).filter(e -> !e.contains("gvl-bench")).collect(Collectors.joining(
                        File.pathSeparator));
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin",
                "java").toString()));
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.addAll(List.of("-cp", cp, Main.class.getName(), "bench", "haplotypes", "--quick"));
        Path log = dir.resolve("child.log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child JVM did not finish");
        String text = Files.readString(log);
        assertEquals(1, p.exitValue(), text);
        assertTrue(text.contains("the benchmark harness (module gvl-bench) is not on the class path"), text);
    }
}
