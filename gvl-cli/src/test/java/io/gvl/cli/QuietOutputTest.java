package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a user sees from every command run normally on the bundled demo data, in a child JVM started as
 * {@code ./gvl} starts it with standard output and error redirected to files: the result on standard output and
 * nothing at all on standard error (bar the JDK's own incubator-module line) - no log line of gvl or of a library,
 * no SLF4J notice, no Arrow allocation message, no progress and no carriage return. The class path holds Arrow's
 * allocation manager jar twice, as {@code ./gvl}'s did when the benchmark harness's jars joined it: Arrow then warned
 * "More than one DefaultAllocationManager on classpath" on every command that touched an Arrow table. {@code -v}
 * brings gvl's INFO lines (and progress lines, standard error not being a terminal) back, {@code -vv} its DEBUG lines.
 */
class QuietOutputTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Path DEMO = ROOT.resolve("demo-data");
    private static final Path FASTA = DEMO.resolve("z.fa");
    /** A line a logger, SLF4J or Arrow's allocator check would print. */
    private static final Pattern NOISE = Pattern.compile(
            "^(TRACE|DEBUG|INFO|WARN|WARNING|ERROR|SLF4J)\\b|DefaultAllocationManager|Exception|\\tat ");

    @TempDir
    static Path tmp;

    private static ChildCli cli;
    private static ChildCli.Result written;

    @BeforeAll
    static void writeTheDemoDataset() throws Exception {
        Path arrowJar = Stream.of(System.getProperty("surefire.test.class.path",
                System.getProperty("java.class.path")).split(java.io.File.pathSeparator)).map(Path::of)
                .filter(p -> p.getFileName().toString().startsWith("arrow-memory-unsafe-")).findFirst().orElseThrow();
        Path second = Files.createDirectories(tmp.resolve("second-copy")).resolve(arrowJar.getFileName());
        Files.copy(arrowJar, second);
        cli = new ChildCli(List.of("-Dgvl.cache.dir=" + tmp.resolve("cache")), List.of(second));
        written = cli.run(tmp, "write", tmp.resolve("ds.gvl").toString(), "--bed",
                DEMO.resolve("regions.bed").toString(), "--vcf", DEMO.resolve("z_synth16.norm.vcf.gz").toString(),
                "--reference", FASTA.toString());
        for (String part : List.of("a", "b", "u")) {
            String samples = part.equals("b") ? "S03,S04" : "S00,S01,S02";
            CliRun r = CliRun.of("write", tmp.resolve(part + ".gvl").toString(), "--bed",
                    DEMO.resolve("regions.bed").toString(), "--vcf", DEMO.resolve("z_synth16.norm.vcf.gz").toString(),
                    "--samples", samples);
            assertEquals(0, r.exitCode(), r.err());
        }
        try (InputStream model = QuietOutputTest.class.getResourceAsStream("/onnx/tiny-cnn.onnx")) {
            Files.copy(model, tmp.resolve("tiny-cnn.onnx"));
        }
        Files.writeString(tmp.resolve("score.bed"), "z\t0\t400000\tfirst\t1.5\nz\t400000\t1000000\tsecond\t2.5\n");
    }

    static void assertQuiet(ChildCli.Result r, String what) {
        assertEquals(0, r.exitCode(), what + ":\n" + r.err());
        assertEquals(List.of(), r.errLines(), what + ": standard error of a normal run");
        assertFalse(r.out().contains("\r"), what + ": a carriage return on standard output");
        assertEquals(List.of(), r.out().lines().filter(l -> NOISE.matcher(l).find()).toList(),
                what + ": log lines on standard output");
    }

    @Test
    void writeIsQuiet() {
        assertQuiet(written, "write");
        assertEquals(tmp.resolve("ds.gvl") + ": written", written.out().strip());
    }

    static Stream<Arguments> commands() {
        String ds = tmp.resolve("ds.gvl").toString();
        String fa = FASTA.toString();
        String model = tmp.resolve("tiny-cnn.onnx").toString();
        return Stream.of(
                List.of("inspect", ds),
                List.of("fetch", ds, "--reference", fa, "--out", tmp.resolve("haps.fa").toString()),
                List.of("fetch", ds, "--reference", fa, "--regions", "0", "--samples", "S00"),
                List.of("export", ds, "--reference", fa, "--hdf5", tmp.resolve("e.h5").toString(), "--length", "1000"),
                List.of("predict", ds, "--reference", fa, "--model", model, "--out", tmp.resolve("p.arrow").toString(),
                        "--threads", "1"),
                List.of("predict", ds, "--reference", fa, "--model", model, "--out",
                        tmp.resolve("p.parquet").toString(), "--threads", "1"),
                List.of("concat", tmp.resolve("c.gvl").toString(), tmp.resolve("a.gvl").toString(),
                        tmp.resolve("b.gvl").toString(), "--axis", "samples"),
                List.of("update", tmp.resolve("u.gvl").toString(), "--annot",
                        "score=" + tmp.resolve("score.bed")),
                List.of("migrate", ds),
                List.of("convert", DEMO.resolve("z_synth16.norm.vcf.gz").toString(), "--reference", fa, "--out",
                        tmp.resolve("z.svar2").toString(), "--info", "AF,DP"),
                // 384 instances in 3 batches fill the 3 slots: no release is needed (standard input is /dev/null).
                List.of("handoff", ds, "--reference", fa, "--length", "100", "--batch-size", "128"),
                List.of("cache", "list"),
                List.of("demo", "--data", DEMO.toString()),
                List.of("--version"),
                List.of("--help")).map(a -> Arguments.of(String.join(" ", a.subList(0, Math.min(2, a.size()))), a));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyCommandIsQuiet(String name, List<String> args) throws Exception {
        assertQuiet(cli.run(tmp, args.toArray(String[]::new)), String.join(" ", args));
    }

    @Test
    void verboseShowsGvlsInfoAndProgressLinesButNoCarriageReturn() throws Exception {
        ChildCli.Result r = cli.run(tmp, "-v", "write", tmp.resolve("v.gvl").toString(), "--bed",
                DEMO.resolve("regions.bed").toString(), "--vcf", DEMO.resolve("z_synth16.norm.vcf.gz").toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.errLines().stream().anyMatch(l -> l.startsWith("INFO DatasetWriter - write ")), r.err());
        assertTrue(r.errLines().stream().anyMatch(l -> l.contains("genotypes: 24/24 regions")), r.err());
        assertFalse(r.err().contains("\r"), r.err());
        assertFalse(r.err().contains("DefaultAllocationManager"), r.err());
    }

    @Test
    void verboseAfterTheSubcommandToo() throws Exception {
        ChildCli.Result r = cli.run(tmp, "fetch", tmp.resolve("ds.gvl").toString(), "--reference", FASTA.toString(),
                "--regions", "0", "--samples", "S00", "-v");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.errLines().stream().anyMatch(l -> l.startsWith("INFO ")), r.err());
        assertFalse(r.errLines().stream().anyMatch(l -> l.startsWith("DEBUG ")), r.err());
    }

    @Test
    void twiceVerboseShowsDebugLines() throws Exception {
        String[] fetch = {"fetch", tmp.resolve("ds.gvl").toString(), "--reference", FASTA.toString(), "--regions",
            "0", "--samples", "S00", "-vv"};
        cli.run(tmp, fetch); // builds the reference cache entry, if no earlier test did
        ChildCli.Result r = cli.run(tmp, fetch);
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.errLines().stream().anyMatch(l -> l.startsWith("DEBUG Reference - ") && l.contains("cache hit")),
                r.err());
    }

    /** An unreadable input is still one line on standard error, not a stack trace or a log line. */
    @Test
    void aFailureIsOneLine() throws IOException, InterruptedException {
        ChildCli.Result r = cli.run(tmp, "inspect", tmp.resolve("missing.gvl").toString());
        assertEquals(1, r.exitCode(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.errLines().getFirst().startsWith("gvl inspect: "), r.err());
    }
}
