package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The temporary files and directories of the commands, on the demo data: none is left after a failure, none after
 * SIGTERM (a child JVM that pauses right after creating its temporary entry, {@link TempSiblings#PAUSE_PROPERTY},
 * is sent SIGTERM there), and one left by a run killed with SIGKILL is removed by the next run of the same command
 * for the same destination when its process is gone, but kept while its process lives (a concurrent writer).
 * {@code WriteFaultsTest} kills dataset writes half way on real data.
 */
class TempFilesTest {
    private static final Path DEMO = Path.of("").toAbsolutePath().getParent().resolve("demo-data");
    private static final String FASTA = DEMO.resolve("z.fa").toString();

    @TempDir
    static Path shared;

    private static String ds;
    private static String model;

    @TempDir
    Path tmp;

    @BeforeAll
    static void writeTheDemoDataset() throws IOException {
        ds = shared.resolve("ds.gvl").toString();
        CliRun w = CliRun.of("write", ds, "--bed", DEMO.resolve("regions.bed").toString(), "--vcf",
                DEMO.resolve("z_synth16.norm.vcf.gz").toString());
        assertEquals(0, w.exitCode(), w.err());
        Path m = shared.resolve("tiny-cnn.onnx");
        try (InputStream in = TempFilesTest.class.getResourceAsStream("/onnx/tiny-cnn.onnx")) {
            Files.copy(in, m);
        }
        model = m.toString();
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    // ----- a failure -----------------------------------------------------------------------------------------------

    @Test
    void aFetchThatFailsAfterCreatingItsTemporaryFileLeavesNothing() throws IOException {
        Path out = Files.createDirectory(tmp.resolve("out"));
        // --annotations without --seqs annotated is refused once the FASTA's temporary file exists.
        CliRun r = CliRun.of("fetch", ds, "--reference", FASTA, "--out", out.resolve("h.fa").toString(),
                "--annotations", out.resolve("a.tsv").toString());
        assertEquals(1, r.exitCode(), r.err());
        assertEquals("gvl fetch: --annotations needs --seqs annotated", r.err().strip());
        assertEquals(List.of(), names(out));
    }

    // ----- SIGTERM -------------------------------------------------------------------------------------------------

    /** Starts {@code args} in a child JVM that pauses after creating its temporary entry; waits for that entry. */
    private Process startPaused(Path watched, String prefix, List<String> jvmArgs, String... args) throws Exception {
        ChildCli child = new ChildCli(Stream.concat(Stream.of("-D" + TempSiblings.PAUSE_PROPERTY + "=600000",
                "-Dgvl.cache.dir=" + shared.resolve("cache")), jvmArgs.stream()).toList(), List.of());
        Process p = child.start(Files.createDirectory(tmp.resolve("logs")), args);
        String mine = prefix + p.pid() + "-";
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline && p.isAlive()) {
            if (names(watched).stream().anyMatch(n -> n.startsWith(mine))) {
                return p;
            }
            Thread.sleep(5);
        }
        p.destroyForcibly().waitFor();
        throw new AssertionError("no " + mine + "* appeared in " + watched + ": "
                + Files.readString(tmp.resolve("logs/err.txt")));
    }

    /** Sends SIGTERM and waits for the JVM to run its shutdown hooks and end. */
    private static void terminate(Process p) throws InterruptedException {
        assertTrue(p.isAlive(), "the command ended before it could be interrupted");
        p.destroy(); // SIGTERM on Linux: the JVM runs its shutdown hooks
        assertTrue(p.waitFor(1, TimeUnit.MINUTES), "the command did not end after SIGTERM");
        assertEquals(143, p.exitValue(), "ended by SIGTERM");
    }

    @Test
    void sigtermWhileFetchWritesLeavesNoTemporaryFile() throws Exception {
        Path out = Files.createDirectory(tmp.resolve("out"));
        Process p = startPaused(out, ".h.fa.tmp.", List.of(), "fetch", ds, "--reference", FASTA, "--out",
                out.resolve("h.fa").toString());
        terminate(p);
        assertEquals(List.of(), names(out));
    }

    @Test
    void sigtermDuringTheDemoLeavesNoTemporaryDirectory() throws Exception {
        Path javaTmp = Files.createDirectory(tmp.resolve("java-tmp"));
        Process p = startPaused(javaTmp, "gvl-demo.tmp.", List.of("-Djava.io.tmpdir=" + javaTmp), "demo", "--data",
                DEMO.toString());
        terminate(p);
        assertEquals(List.of(), names(javaTmp));
    }

    // ----- after SIGKILL: the next run sweeps the dead, keeps the living -------------------------------------------

    /**
     * Leaves {@code entry} (a name with {@code %d} for the process id) in {@code dir} as a killed run and as a live
     * writer would, runs {@code args} in-process, and checks that the first is gone and the second kept.
     */
    private static void assertNextRunSweeps(Path dir, String entry, String... args) throws Exception {
        Path dead = dir.resolve(entry.formatted(TempSiblingsTest.deadPid()));
        Path live = dir.resolve(entry.formatted(TempSiblingsTest.livePid()));
        Files.writeString(dead, "left by a run killed with SIGKILL");
        Files.writeString(live, "being written by another process");
        CliRun r = CliRun.of(args);
        assertEquals(0, r.exitCode(), r.err());
        assertFalse(Files.exists(dead), dead + " is swept");
        assertTrue(Files.exists(live), live + " is kept");
        Files.delete(live);
    }

    @Test
    void predictSweepsAKilledPredictsTemporaryFile() throws Exception {
        Path out = tmp.resolve("p.parquet");
        assertNextRunSweeps(tmp, ".p.parquet.tmp.%d-0badc0de", "predict", ds, "--reference", FASTA, "--model",
                model, "--threads", "1", "--out", out.toString());
        assertEquals(List.of("p.parquet"), names(tmp));
    }

    @Test
    void exportSweepsAKilledExportsTemporaryFile() throws Exception {
        assertNextRunSweeps(tmp, ".e.h5.tmp.%d-0badc0de", "export", ds, "--reference", FASTA, "--hdf5",
                tmp.resolve("e.h5").toString(), "--length", "500");
        assertEquals(List.of("e.h5"), names(tmp));
    }

    @Test
    void fetchSweepsAKilledFetchsTemporaryFile() throws Exception {
        assertNextRunSweeps(tmp, ".h.fa.tmp.%d-0badc0de", "fetch", ds, "--reference", FASTA, "--regions", "0",
                "--out", tmp.resolve("h.fa").toString());
        assertEquals(List.of("h.fa"), names(tmp));
    }

    @Test
    void updateSweepsAKilledUpdatesStagingDirectory() throws Exception {
        Path u = tmp.resolve("u.gvl");
        assertEquals(0, CliRun.of("write", u.toString(), "--bed", DEMO.resolve("regions.bed").toString(), "--vcf",
                DEMO.resolve("z_synth16.norm.vcf.gz").toString(), "--samples", "S00,S01").exitCode());
        Path bed = Files.writeString(tmp.resolve("score.bed"), "z\t0\t1000000\tall\t1.5\n");
        assertNextRunSweeps(u, "update.tmp.%d-0badc0de", "update", u.toString(), "--annot", "score=" + bed);
        assertTrue(names(u).stream().noneMatch(n -> n.contains(".tmp.")), names(u).toString());
    }
}
