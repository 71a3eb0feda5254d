package io.gvl.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The test command {@code dev/test} decides what to install from what is on {@code PATH}. Here it runs with a
 * {@code PATH} of stand-ins only ({@code id}, {@code apt-get}, {@code mvn}, oracle programs, and the S3 server's and
 * Python tests' set-up steps, all recording their calls) and a stand-in library folder ({@code GVL_LIBRARY_DIRS},
 * where {@code libdeflate.so.0} is or is not), so its install and refusal paths are checked without installing or
 * removing anything.
 */
class DevTestScriptTest {
    private static final Path SCRIPT = Path.of("").toAbsolutePath().getParent().resolve("dev/test");
    private static final String ALL_PACKAGES = "bcftools samtools tabix hdf5-tools plink2 libdeflate0";

    @TempDir
    Path tmp;
    Path bin;
    Path lib;
    Path calls;

    @BeforeEach
    void standIns() throws IOException {
        assertTrue(Files.isExecutable(SCRIPT), SCRIPT + " is the test command");
        bin = Files.createDirectory(tmp.resolve("bin"));
        lib = Files.createDirectory(tmp.resolve("lib"));
        calls = tmp.resolve("calls.txt");
        Files.createFile(calls);
        recorder("mvn");
        recorder("python-test");
        recorder("s3-server");
    }

    @Test
    void asRootItInstallsTheMissingPackagesThenRunsTheBuildWithTheArguments() throws Exception {
        uid(0);
        recorder("apt-get");
        Result r = run("-pl", "gvl-io", "-am");
        assertEquals(0, r.rc, r.err);
        assertEquals(List.of("apt-get update", "apt-get install -y --no-install-recommends " + ALL_PACKAGES,
                "s3-server", "mvn -B -ntp verify -pl gvl-io -am"), r.calls);
    }

    @Test
    void onlyWhatIsMissingIsInstalled() throws Exception {
        uid(0);
        recorder("apt-get");
        for (String tool : List.of("bcftools", "samtools", "tabix", "plink2")) {
            recorder(tool);
        }
        libdeflate();
        Result r = run();
        assertEquals(0, r.rc, r.err);
        assertEquals(List.of("apt-get update", "apt-get install -y --no-install-recommends tabix hdf5-tools",
                "s3-server", "mvn -B -ntp verify", "python-test"), r.calls);
    }

    @Test
    void withEverythingPresentNothingIsInstalledEvenWithoutRoot() throws Exception {
        uid(1000);
        allTools();
        libdeflate();
        Result r = run();
        assertEquals(0, r.rc, r.err);
        assertEquals(List.of("s3-server", "mvn -B -ntp verify", "python-test"), r.calls,
                "the S3 server's venv, a full build, then the Python tests");
    }

    @Test
    void libdeflateIsInstalledExplicitlyWhenItIsMissing() throws Exception {
        uid(0);
        recorder("apt-get");
        allTools();
        Result r = run();
        assertEquals(0, r.rc, r.err);
        assertEquals(List.of("apt-get update", "apt-get install -y --no-install-recommends libdeflate0",
                "s3-server", "mvn -B -ntp verify", "python-test"), r.calls);
    }

    @Test
    void withoutRootAMissingLibdeflateIsNamed() throws Exception {
        uid(1000);
        allTools();
        Result r = run();
        assertEquals(1, r.rc);
        assertEquals(List.of(), r.calls);
        assertEquals("dev/test: missing libdeflate.so.0; install with: apt-get update &&"
                + " apt-get install -y --no-install-recommends libdeflate0 (as root), then rerun dev/test\n", r.err);
    }

    private void allTools() throws IOException {
        for (String tool : List.of("bcftools", "samtools", "tabix", "bgzip", "h5dump", "plink2")) {
            recorder(tool);
        }
    }

    private void libdeflate() throws IOException {
        Files.createFile(lib.resolve("libdeflate.so.0"));
    }

    @Test
    void withoutRootItStopsAtOnceWithOneMessage() throws Exception {
        uid(1000);
        recorder("apt-get");
        recorder("samtools");
        libdeflate();
        Result r = run();
        assertEquals(1, r.rc);
        assertEquals(List.of(), r.calls, "nothing installed, no build");
        assertEquals("dev/test: missing bcftools tabix bgzip h5dump plink2; install with: apt-get update &&"
                + " apt-get install -y --no-install-recommends bcftools tabix hdf5-tools plink2 (as root),"
                + " then rerun dev/test\n", r.err);
    }

    @Test
    void withoutAptGetItStopsAtOnceWithOneMessage() throws Exception {
        uid(0);
        Result r = run();
        assertEquals(1, r.rc);
        assertEquals(List.of(), r.calls);
        assertEquals(1, r.err.lines().count(), r.err);
        assertTrue(r.err.contains("apt-get install -y --no-install-recommends " + ALL_PACKAGES), r.err);
    }

    private void uid(int uid) throws IOException {
        script("id", "echo " + uid);
    }

    /** A stand-in that appends its name and arguments to {@code calls.txt}. */
    private void recorder(String name) throws IOException {
        script(name, "echo \"" + name + "${*:+ $*}\" >> '" + calls + "'");
    }

    private void script(String name, String body) throws IOException {
        Path p = bin.resolve(name);
        Files.writeString(p, "#!/bin/bash\n" + body + "\n", StandardCharsets.US_ASCII);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private Result run(String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("/bin/bash", SCRIPT.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(tmp.resolve("out.txt").toFile())
                .redirectError(tmp.resolve("err.txt").toFile());
        pb.environment().clear();
        pb.environment().put("PATH", bin.toString());
        pb.environment().put("GVL_PYTHON_TEST", bin.resolve("python-test").toString());
        pb.environment().put("GVL_S3_SETUP", bin.resolve("s3-server").toString());
        pb.environment().put("GVL_LIBRARY_DIRS", lib.toString());
        int rc = pb.start().waitFor();
        return new Result(rc, Files.readAllLines(calls), Files.readString(tmp.resolve("err.txt")));
    }

    private record Result(int rc, List<String> calls, String err) {}
}
