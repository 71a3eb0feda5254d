package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Too many open files: {@code gvl write} and {@code gvl export} in a child JVM that may open only a few more files
 * ({@link FdLimitedMain}) fail with exit code 1 and one line naming the file they could not open and the
 * operating system's reason, and leave nothing at the destination.
 */
class OpenFilesLimitTest {
    private static final Path DEMO = Path.of("").toAbsolutePath().getParent().resolve("demo-data");

    @TempDir
    static Path shared;

    private static Path ds;

    @TempDir
    Path tmp;

    @BeforeAll
    static void writeTheDemoDataset() {
        ds = shared.resolve("ds.gvl");
        CliRun w = CliRun.of("write", ds.toString(), "--bed", DEMO.resolve("regions.bed").toString(), "--vcf",
                DEMO.resolve("z_synth16.norm.vcf.gz").toString());
        assertEquals(0, w.exitCode(), w.err());
    }

    /** Runs {@code args} with {@code headroom} more descriptors allowed than the started JVM holds. */
    private ChildCli.Result run(int headroom, String... args) throws Exception {
        ChildCli child = new ChildCli(List.of("-Dgvl.cache.dir=" + shared.resolve("cache")), List.of());
        List<String> cmd = new ArrayList<>(child.command(args));
        int main = cmd.indexOf(Main.class.getName());
        cmd.set(main, FdLimitedMain.class.getName());
        cmd.add(main + 1, String.valueOf(headroom));
        Path dir = Files.createTempDirectory(tmp, "run");
        Process p = new ProcessBuilder(cmd).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
        p.waitFor();
        return ChildCli.Result.of(p.exitValue(), dir);
    }

    private static void assertTooManyOpenFiles(ChildCli.Result r, String command) {
        assertEquals(1, r.exitCode(), r.err());
        List<String> lines = r.errLines().stream().filter(l -> !l.isBlank()).toList();
        assertEquals(1, lines.size(), r.err());
        assertTrue(lines.getFirst().startsWith("gvl " + command + ": "), r.err());
        assertTrue(lines.getFirst().contains("Too many open files"), r.err());
    }

    @Test
    void writeWithoutDescriptorsNamesTheFileAndLeavesNothing() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("w"));
        Path out = dir.resolve("OUT");
        ChildCli.Result r = run(2, "write", out.toString(), "--bed", DEMO.resolve("regions.bed").toString(),
                "--vcf", DEMO.resolve("z_synth16.norm.vcf.gz").toString(), "--threads", "1");
        assertTooManyOpenFiles(r, "write");
        assertTrue(r.err().contains("nothing was left at " + out + ". Fix: raise the limit of open files (ulimit -n)"),
                r.err());
        assertEquals(List.of(), ResourceFaultsTest.names(dir).stream().filter(n -> !n.equals("OUT.lock")).toList());
    }

    @Test
    void exportWithoutDescriptorsNamesTheFileAndLeavesNothing() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("e"));
        Path out = dir.resolve("x.h5");
        ChildCli.Result r = run(0, "export", ds.toString(), "--reference", DEMO.resolve("z.fa").toString(),
                "--hdf5", out.toString(), "--length", "100");
        assertTooManyOpenFiles(r, "export");
        assertTrue(r.err().contains("cannot read " + DEMO.resolve("z.fa") + " (Too many open files)"), r.err());
        assertEquals(List.of(), ResourceFaultsTest.names(dir));
    }
}
