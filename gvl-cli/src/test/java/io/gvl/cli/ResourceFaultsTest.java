package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resources a user runs out of, on the demo data: a full device for every command that writes (the dataset of
 * {@code update} on it, the destination of the others), a read-only destination, a memory budget of one byte.
 * Each gives exit code 1 and one line naming what was written and the operating system's reason, and leaves
 * nothing behind: no destination, no temporary sibling, an updated dataset unchanged. The devices are tmpfs mounts
 * of this class (root or CAP_SYS_ADMIN); where mounting is refused the tests are skipped with the reason, except
 * under {@code CI=true}, where a missing capability fails. {@code WriteFaultsTest} covers {@code write},
 * {@code fetch} and {@code predict} on a full device.
 */
class ResourceFaultsTest {
    private static final Path DEMO = Path.of("").toAbsolutePath().getParent().resolve("demo-data");
    private static final String FASTA = DEMO.resolve("z.fa").toString();
    private static final String VCF = DEMO.resolve("z_synth16.norm.vcf.gz").toString();
    private static final String BED = DEMO.resolve("regions.bed").toString();
    /** Free bytes left on the full device: room for directories and small files, not for a whole output. */
    private static final long LEFT_FREE = 8 * 1024;

    @TempDir
    static Path shared;

    private static final List<Path> mounts = new ArrayList<>();
    private static String refused;
    private static Path full;
    private static Path readOnly;
    private static Path ds;
    private static Path roDataset;
    private static Path table;
    /** The demo dataset with its regions renamed, to join with {@link #ds} along regions. */
    private static Path renamed;
    private static String previousCache;

    @TempDir
    Path tmp;

    @BeforeAll
    static void mountDevices() throws Exception {
        previousCache = System.getProperty("gvl.cache.dir");
        System.setProperty("gvl.cache.dir", shared.resolve("cache").toString());
        ds = shared.resolve("ds.gvl");
        CliRun w = CliRun.of("write", ds.toString(), "--bed", BED, "--vcf", VCF);
        assertEquals(0, w.exitCode(), w.err());
        table = intervalTable(shared.resolve("cov.tsv"));
        renamed = shared.resolve("renamed.gvl");
        Path bed = Files.writeString(shared.resolve("renamed.bed"), Files.readString(Path.of(BED)).replace("\tr", "\tq"));
        assertEquals(0, CliRun.of("write", renamed.toString(), "--bed", bed.toString(), "--vcf", VCF).exitCode());
        full = mount("full", "size=8m");
        readOnly = mount("ro", "size=8m");
        if (readOnly != null) {
            roDataset = readOnly.resolve("ds.gvl");
            assertEquals(0, CliRun.of("write", roDataset.toString(), "--bed", BED, "--vcf", VCF).exitCode());
            String remount = Shell.run("mount", "-o", "remount,ro", readOnly.toString());
            assertEquals("", remount, "remount read-only");
        }
    }

    /** Mounts a tmpfs at a new directory {@code name} of the shared directory, or records why it cannot. */
    private static Path mount(String name, String options) throws Exception {
        Path dir = Files.createDirectory(shared.resolve(name));
        String failure = Shell.run("mount", "-t", "tmpfs", "-o", options, "tmpfs", dir.toString());
        if (failure.isEmpty()) {
            mounts.add(dir);
            return dir;
        }
        refused = "mount -t tmpfs was refused here (" + failure.strip() + "); a full or read-only device cannot be"
                + " simulated without root or CAP_SYS_ADMIN";
        if ("true".equals(System.getenv("CI"))) {
            throw new AssertionError(refused + " (CI=true: a missing capability fails rather than skips)");
        }
        return null;
    }

    @AfterAll
    static void unmount() throws Exception {
        for (Path m : mounts) {
            // A mapping or channel of a failed command that nothing references any more is released by the
            // collector, not at once; until then the mount is busy.
            String out = Shell.run("umount", m.toString());
            for (int attempt = 0; !out.isEmpty() && attempt < 20; attempt++) {
                System.gc();
                Thread.sleep(250);
                out = Shell.run("umount", m.toString());
            }
            assertEquals("", out, "umount " + m);
        }
        if (previousCache == null) {
            System.clearProperty("gvl.cache.dir");
        } else {
            System.setProperty("gvl.cache.dir", previousCache);
        }
    }

    @AfterEach
    void emptyTheFullDevice() throws IOException {
        if (full != null) {
            try (Stream<Path> s = Files.list(full)) {
                for (Path p : s.toList()) {
                    deleteTree(p);
                }
            }
        }
    }

    /** A per-sample interval table of every sample, many rows per region, so the track outgrows the free space. */
    private static Path intervalTable(Path file) throws IOException {
        StringBuilder sb = new StringBuilder("sample_id\tchrom\tstart\tend\tvalue\n");
        for (int s = 0; s < 16; s++) {
            for (int i = 0; i < 4000; i++) {
                int start = 6000 + i * 20;
                sb.append(String.format("S%02d\tz\t%d\t%d\t%d.5%n", s, start, start + 10, i % 7));
            }
        }
        return Files.writeString(file, sb.toString());
    }

    // ----- a full device ------------------------------------------------------------------------------------------

    /** Fills {@link #full} but for {@link #LEFT_FREE} bytes. */
    private static void fill() throws IOException {
        Assumptions.assumeTrue(full != null, () -> refused);
        long free = Files.getFileStore(full).getUsableSpace();
        try (var ch = java.nio.channels.FileChannel.open(full.resolve("filler"),
                java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer chunk = java.nio.ByteBuffer.allocate(1 << 16);
            for (long left = free - LEFT_FREE; left > 0; left -= chunk.capacity()) {
                chunk.clear().limit((int) Math.min(chunk.capacity(), left));
                ch.write(chunk);
            }
        }
    }

    @Test
    void concatOntoAFullDevice() throws IOException {
        fill();
        Path out = full.resolve("OUT");
        CliRun r = run("concat", out.toString(), ds.toString(), renamed.toString(), "--axis", "regions");
        assertOneLine(r, "gvl concat: " + out + ": cannot write the dataset (No space left on device",
                "nothing was left at " + out);
        assertEquals(List.of("OUT.lock", "filler"), names(full));
    }

    @Test
    void convertOntoAFullDevice() throws IOException {
        fill();
        Path out = full.resolve("z.svar2");
        CliRun r = run("convert", VCF, "--reference", FASTA, "--out", out.toString());
        assertOneLine(r, "gvl convert: " + out, "No space left on device");
        assertEquals(List.of("filler"), names(full).stream().filter(n -> !n.endsWith(".lock")).toList());
    }

    @Test
    void exportOntoAFullDevice() throws IOException {
        fill();
        Path out = full.resolve("x.h5");
        CliRun r = run("export", ds.toString(), "--reference", FASTA, "--hdf5", out.toString(), "--length", "2000");
        assertOneLine(r, "gvl export: " + out + ": cannot write the output (No space left on device); nothing was left"
                + " there");
        assertEquals(List.of("filler"), names(full));
    }

    @Test
    void updateOnAFullDeviceLeavesTheDatasetAsItWas() throws IOException {
        Assumptions.assumeTrue(full != null, () -> refused);
        Path onDevice = full.resolve("ds.gvl");
        copyTree(ds, onDevice);
        Map<String, byte[]> before = contents(onDevice);
        fill();
        CliRun r = run("update", onDevice.toString(), "--table", "cov=" + table);
        assertOneLine(r, "gvl update: " + onDevice, "No space left on device");
        assertSameContents(before, contents(onDevice));
    }

    // ----- a read-only destination --------------------------------------------------------------------------------

    private static void requireReadOnly() {
        Assumptions.assumeTrue(readOnly != null, () -> refused);
    }

    @Test
    void writeToAReadOnlyDestination() throws IOException {
        requireReadOnly();
        Path out = readOnly.resolve("OUT");
        CliRun r = run("write", out.toString(), "--bed", BED, "--vcf", VCF);
        assertOneLine(r, "gvl write: ", out.toString(), "Read-only file system");
        assertEquals(List.of("ds.gvl", "ds.gvl.lock"), names(readOnly));
    }

    @Test
    void updateOfADatasetOnAReadOnlyDevice() throws IOException {
        requireReadOnly();
        Map<String, byte[]> before = contents(roDataset);
        CliRun r = run("update", roDataset.toString(), "--table", "cov=" + table);
        assertOneLine(r, "gvl update: ", roDataset.toString(), "Read-only file system");
        assertSameContents(before, contents(roDataset));
    }

    @Test
    void exportToAReadOnlyDestination() throws IOException {
        requireReadOnly();
        Path out = readOnly.resolve("x.h5");
        CliRun r = run("export", ds.toString(), "--reference", FASTA, "--hdf5", out.toString(), "--length", "100");
        assertOneLine(r, "gvl export: " + out + ": cannot write the output (Read-only file system); nothing was left"
                + " there");
        assertEquals(List.of("ds.gvl", "ds.gvl.lock"), names(readOnly));
    }

    @Test
    void fetchToAReadOnlyDestination() throws IOException {
        requireReadOnly();
        Path out = readOnly.resolve("h.fa");
        CliRun r = run("fetch", ds.toString(), "--reference", FASTA, "--out", out.toString());
        assertOneLine(r, "gvl fetch: ", out.toString(), "Read-only file system");
        assertEquals(List.of("ds.gvl", "ds.gvl.lock"), names(readOnly));
    }

    @Test
    void convertToAReadOnlyDestination() throws IOException {
        requireReadOnly();
        Path out = readOnly.resolve("z.svar2");
        CliRun r = run("convert", VCF, "--reference", FASTA, "--out", out.toString());
        assertOneLine(r, "gvl convert: ", out.toString(), "Read-only file system");
        assertEquals(List.of("ds.gvl", "ds.gvl.lock"), names(readOnly));
    }

    // ----- too little memory --------------------------------------------------------------------------------------

    @Test
    void writeWithAOneByteBudgetIsRefusedAndLeavesNothing() throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("mem"));
        Path out = dir.resolve("OUT");
        CliRun r = run("write", out.toString(), "--bed", BED, "--vcf", VCF, "--max-mem", "1");
        assertOneLine(r, "gvl write: max_mem (1 bytes) is too small", "Fix: ");
        assertEquals(List.of("OUT.lock"), names(dir));
    }

    @Test
    void updateWithAOneByteBudgetIsRefusedAndLeavesTheDatasetAsItWas() throws IOException {
        Path copy = tmp.resolve("ds.gvl");
        copyTree(ds, copy);
        Map<String, byte[]> before = contents(copy);
        CliRun r = run("update", copy.toString(), "--table", "cov=" + table, "--max-mem", "1");
        assertOneLine(r, "gvl update: track 'cov': the intervals of region z:6384-12381", "more than max_mem (1). Fix: ");
        assertSameContents(before, contents(copy));
    }

    // ----- helpers ------------------------------------------------------------------------------------------------

    /** Runs the CLI in-process with standard error (where the library logs) captured as well. */
    private static CliRun run(String... args) {
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

    /** Exit code 1, one line on standard error starting with {@code start} and holding every {@code part}. */
    static void assertOneLine(CliRun r, String start, String... parts) {
        assertEquals(1, r.exitCode(), r.err());
        List<String> lines = r.err().lines().filter(l -> !l.isBlank()).toList();
        assertEquals(1, lines.size(), r.err());
        assertTrue(lines.getFirst().startsWith(start), r.err());
        for (String p : parts) {
            assertTrue(lines.getFirst().contains(p), "missing '" + p + "' in " + r.err());
        }
    }

    static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Every file under {@code root} by relative path, with its bytes (directories as empty entries). */
    static Map<String, byte[]> contents(Path root) throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.toList()) {
                out.put(root.relativize(p) + (Files.isDirectory(p) ? "/" : ""),
                        Files.isDirectory(p) ? new byte[0] : Files.readAllBytes(p));
            }
        }
        return out;
    }

    static void assertSameContents(Map<String, byte[]> expected, Map<String, byte[]> actual) {
        assertEquals(expected.keySet(), actual.keySet());
        expected.forEach((k, v) -> assertArrayEquals(v, actual.get(k), k));
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Files.copy(p, to.resolve(from.relativize(p).toString()));
            }
        }
    }

    static void deleteTree(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** A short system command: its combined output when it fails, else the empty string. */
    private static final class Shell {
        static String run(String... command) throws InterruptedException {
            try {
                Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                int code = p.waitFor();
                return code == 0 ? "" : "exit " + code + ": " + out;
            } catch (IOException e) {
                return e.getMessage();
            }
        }
    }
}
