package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults a user cannot prevent: the writing process killed with SIGKILL half way through (nothing appears at OUT,
 * and the next write sweeps the leftover and produces exactly what a clean write does) or stopped with SIGTERM
 * (nothing is left but the lock file), and a device that fills up
 * (the message gives the operating system's reason and names what was being written, and nothing is left). The
 * full device is a 96 KiB tmpfs mounted for this class; where mounting is not allowed those tests are skipped
 * with the reason.
 */
class WriteFaultsTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path Z = DATA.resolve("real-derived/vg-z-synth16");
    static final Path Z_FASTA = DATA.resolve("real/vg-1mb1kgp/z.fa");

    @TempDir
    static Path shared;

    private static Path full;
    private static String mountRefused;
    private static String previousCache;

    @TempDir
    Path tmp;

    @BeforeAll
    static void mountSmallDevice() throws Exception {
        previousCache = System.getProperty("gvl.cache.dir");
        System.setProperty("gvl.cache.dir", shared.resolve("cache").toString());
        full = Files.createDirectory(shared.resolve("full"));
        ProcessResult r = ProcessResult.run(List.of("mount", "-t", "tmpfs", "-o", "size=96k", "tmpfs",
                full.toString()));
        if (r.code != 0) {
            mountRefused = "mount -t tmpfs -o size=96k was refused here (exit " + r.code + ": " + r.output.strip()
                    + "); a full device cannot be simulated without it (needs root or CAP_SYS_ADMIN)";
            full = null;
        }
    }

    @AfterAll
    static void unmount() throws Exception {
        if (full != null) {
            ProcessResult r = ProcessResult.run(List.of("umount", full.toString()));
            assertEquals(0, r.code, "umount " + full + ": " + r.output);
        }
        if (previousCache == null) {
            System.clearProperty("gvl.cache.dir");
        } else {
            System.setProperty("gvl.cache.dir", previousCache);
        }
    }

    /** 40,000 overlapping 2 kb windows tiling the real contig z, so a write runs long enough to be killed. */
    private Path manyRegions() throws IOException {
        long length = Long.parseLong(Files.readAllLines(Path.of(Z_FASTA + ".fai")).getFirst().split("\t")[1]);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 40_000; i++) {
            long s = (i * 24L) % (length - 2000);
            sb.append("z\t").append(s).append('\t').append(s + 2000).append('\n');
        }
        return Files.writeString(tmp.resolve("many.bed"), sb.toString());
    }

    private static String[] writeArgs(Path out, Path bed) {
        return new String[] {"write", out.toString(), "--bed", bed.toString(), "--vcf",
            Z.resolve("z_synth16.norm.vcf.gz").toString(), "--threads", "1"};
    }

    @Test
    void killedMidWriteLeavesNoDatasetAndTheRerunEqualsACleanWrite() throws Exception {
        Path bed = manyRegions();
        Path dir = Files.createDirectory(tmp.resolve("killed"));
        Path out = dir.resolve("OUT");
        Process p = startWrite(out, bed);
        Path tmpDir = awaitBuildDirectory(dir, p);
        assertTrue(p.isAlive(), "the write ended before it could be killed:\n" + log());
        p.destroyForcibly(); // SIGKILL on Linux: no shutdown hooks, no cleanup
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(137, p.exitValue(), "killed by SIGKILL");

        assertFalse(Files.exists(out), "a killed write must not leave OUT");
        assertTrue(Files.isDirectory(tmpDir), "the killed write's temporary directory is the leftover to sweep");

        CliRun rerun = CliRun.of(writeArgs(out, bed));
        assertEquals(0, rerun.exitCode(), rerun.err());
        assertEquals(List.of("OUT", "OUT.lock"), names(dir), "the rerun sweeps the stale " + tmpDir.getFileName());

        Path clean = Files.createDirectory(tmp.resolve("clean")).resolve("OUT");
        CliRun cleanRun = CliRun.of(writeArgs(clean, bed));
        assertEquals(0, cleanRun.exitCode(), cleanRun.err());
        assertSameTree(clean, out);
    }

    /**
     * SIGTERM (a user's kill, a scheduler's time limit) half way through a write: the JVM's shutdown hook removes the
     * build directory, so nothing but the lock file is left, and nothing needs sweeping.
     */
    @Test
    void terminatedMidWriteLeavesOnlyTheLock() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("terminated"));
        Process p = startWrite(dir.resolve("OUT"), manyRegions());
        awaitBuildDirectory(dir, p);
        assertTrue(p.isAlive(), "the write ended before it could be stopped:\n" + log());
        p.destroy(); // SIGTERM on Linux: the JVM runs its shutdown hooks
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(143, p.exitValue(), "ended by SIGTERM:\n" + log());
        assertEquals(List.of("OUT.lock"), names(dir), log());
    }

    /** Starts a write of {@code out} in a child JVM with this JVM's flags; its output goes to child.log. */
    private Process startWrite(Path out, Path bed) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin",
                "java").toString()));
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.addAll(List.of("-cp", System.getProperty("surefire.test.class.path",
                System.getProperty("java.class.path")), Main.class.getName()));
        cmd.addAll(List.of(writeArgs(out, bed)));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("child.log").toFile())
                .start();
    }

    /** Waits until the child has a populated {@code OUT.tmp.*} build directory; returns it. */
    private Path awaitBuildDirectory(Path dir, Process p) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (System.nanoTime() < deadline && p.isAlive()) {
            try (Stream<Path> s = Files.list(dir)) {
                for (Path c : s.toList()) {
                    if (c.getFileName().toString().startsWith("OUT.tmp.") && Files.exists(c.resolve("genotypes"))) {
                        return c;
                    }
                }
            }
            Thread.sleep(2);
        }
        throw new AssertionError("no OUT.tmp.* build directory appeared (alive: " + p.isAlive() + ")\n" + log());
    }

    private String log() throws IOException {
        Path log = tmp.resolve("child.log");
        return Files.exists(log) ? Files.readString(log) : "";
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void assertSameTree(Path expected, Path actual) throws IOException {
        List<Path> want = files(expected);
        List<Path> got = files(actual);
        assertEquals(want.stream().map(expected::relativize).toList(), got.stream().map(actual::relativize).toList());
        for (Path f : want) {
            Path rel = expected.relativize(f);
            assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(actual.resolve(rel)), rel + " differs");
        }
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }

    // ----- a full device -----------------------------------------------------------------------------------------

    private static void requireSmallDevice() {
        Assumptions.assumeTrue(full != null, () -> mountRefused);
    }

    /** Runs the CLI in-process with standard error (where the library logs) captured as well. */
    private static CliRun runCapturingLog(String... args) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
        try {
            CliRun r = CliRun.of(args);
            return new CliRun(r.exitCode(), r.out(), r.err() + log.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(saved);
        }
    }

    private static void assertNoStackTrace(String err) {
        assertFalse(err.contains("\tat ") || err.contains("Exception in thread"), err);
    }

    @Test
    void fullDeviceDuringWriteNamesTheDatasetAndTheReason() throws IOException {
        requireSmallDevice();
        Path out = full.resolve("OUT");
        CliRun r = runCapturingLog("write", out.toString(), "--bed", Z.resolve("regions.bed").toString(), "--vcf",
                Z.resolve("z_synth16.norm.vcf.gz").toString());
        assertEquals(1, r.exitCode(), r.err());
        String line = r.err().lines().filter(l -> l.startsWith("gvl write:")).findFirst().orElse(r.err());
        assertTrue(line.contains("No space left on device"), line);
        assertTrue(line.contains(out + ": cannot write the dataset"), line);
        assertTrue(line.contains("nothing was left at " + out), line);
        assertNoStackTrace(r.err());
        assertEquals(List.of("OUT.lock"), names(full), "only the lock file may stay");
        Files.delete(full.resolve("OUT.lock"));
    }

    /**
     * gvl predict writes Parquet directly (through a temporary sibling): with every amount of free space from none
     * to more than the table needs, the run either writes the whole table or fails naming OUT and the reason,
     * leaving nothing (neither OUT nor a hidden temporary file).
     */
    @Test
    void fullDeviceDuringPredictToParquetLeavesNothing() throws IOException {
        requireSmallDevice();
        Path ds = tmp.resolve("z.gvl");
        assertEquals(0, CliRun.of("write", ds.toString(), "--bed", Z.resolve("regions.bed").toString(), "--vcf",
                Z.resolve("z_synth16.norm.vcf.gz").toString()).exitCode());
        Path model = tmp.resolve("tiny-cnn.onnx");
        try (var in = WriteFaultsTest.class.getResourceAsStream("/onnx/tiny-cnn.onnx")) {
            Files.copy(in, model);
        }
        Path reference = tmp.resolve("preds.parquet");
        String[] predict = {"predict", ds.toString(), "--reference", Z_FASTA.toString(), "--model", model.toString(),
            "--threads", "1", "--out"};
        assertEquals(0, CliRun.of(concat(predict, reference.toString())).exitCode());
        byte[] expected = Files.readAllBytes(reference);
        int page = 4096;
        int pages = 96 * 1024 / page;
        int enough = (expected.length + page - 1) / page;
        assertTrue(enough + 2 <= pages, "the device holds the table");
        List<Boolean> written = new ArrayList<>();
        for (int free = 0; free <= enough + 2; free++) {
            Path filler = Files.write(full.resolve("filler"), new byte[(pages - free) * page]);
            Path out = full.resolve("preds.parquet");
            CliRun r = runCapturingLog(concat(predict, out.toString()));
            String where = free + " free pages: " + r.err();
            written.add(r.exitCode() == 0);
            if (r.exitCode() == 0) {
                assertArrayEquals(expected, Files.readAllBytes(out), where);
                Files.delete(out);
            } else {
                assertEquals(1, r.exitCode(), where);
                String line = r.err().lines().filter(l -> l.startsWith("gvl predict:")).findFirst().orElse(where);
                assertTrue(line.startsWith("gvl predict: " + out + ": cannot write the output (No space left on"
                        + " device); nothing was left there"), where);
                assertNoStackTrace(r.err());
            }
            assertEquals(List.of("filler"), names(full), where);
            Files.delete(filler);
        }
        assertFalse(written.getFirst(), "no room: the write fails " + written);
        assertTrue(written.getLast(), "room for the table (written directly, no Arrow file first) " + written);
    }

    private static String[] concat(String[] head, String last) {
        String[] all = java.util.Arrays.copyOf(head, head.length + 1);
        all[head.length] = last;
        return all;
    }

    @Test
    void fullDeviceDuringFetchNamesTheOutput() throws IOException {
        requireSmallDevice();
        Path ds = tmp.resolve("z.gvl");
        CliRun w = CliRun.of("write", ds.toString(), "--bed", Z.resolve("regions.bed").toString(), "--vcf",
                Z.resolve("z_synth16.norm.vcf.gz").toString());
        assertEquals(0, w.exitCode(), w.err());
        Path fa = full.resolve("haps.fa");
        CliRun r = runCapturingLog("fetch", ds.toString(), "--reference", Z_FASTA.toString(), "--out", fa.toString());
        assertEquals(1, r.exitCode(), r.err());
        String line = r.err().lines().filter(l -> l.startsWith("gvl fetch:")).findFirst().orElse(r.err());
        assertTrue(line.contains("No space left on device") && line.contains(fa.toString()), line);
        assertNoStackTrace(r.err());
        assertEquals(List.of(), names(full), "a failed fetch leaves no partial FASTA");
    }

    @Test
    void fullCacheDirectoryFallsBackToMemoryAndSaysWhy() throws IOException {
        requireSmallDevice();
        Path ds = tmp.resolve("z.gvl");
        assertEquals(0, CliRun.of("write", ds.toString(), "--bed", Z.resolve("regions.bed").toString(), "--vcf",
                Z.resolve("z_synth16.norm.vcf.gz").toString()).exitCode());
        Path cache = full.resolve("cache");
        String saved = System.getProperty("gvl.cache.dir");
        System.setProperty("gvl.cache.dir", cache.toString());
        CliRun r;
        try {
            r = runCapturingLog("fetch", ds.toString(), "--reference", Z_FASTA.toString(), "--regions", "0",
                    "--samples", "S00", "--out", tmp.resolve("h.fa").toString());
        } finally {
            System.setProperty("gvl.cache.dir", saved);
        }
        assertEquals(0, r.exitCode(), r.err());
        String warn = r.err().lines().filter(l -> l.contains("reference cache") && l.contains("unusable"))
                .findFirst().orElse(r.err());
        assertTrue(warn.contains(cache.toString()) && warn.contains(Z_FASTA.toString())
                && warn.contains("No space left on device") && warn.contains("GVL_CACHE_DIR"), warn);
        assertTrue(Files.readString(tmp.resolve("h.fa")).startsWith(">"), "the fetch still succeeded from memory");
        try (Stream<Path> s = Files.walk(cache)) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().endsWith(".gvlref")).toList());
        }
        deleteTree(cache);
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** A short system command's exit code and combined output. */
    private record ProcessResult(int code, String output) {
        static ProcessResult run(List<String> command) throws InterruptedException {
            try {
                Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                return new ProcessResult(p.waitFor(), out);
            } catch (IOException e) {
                return new ProcessResult(-1, e.getMessage());
            }
        }
    }
}
