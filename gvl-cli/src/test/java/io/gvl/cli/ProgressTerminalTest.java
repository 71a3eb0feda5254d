package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testkit.OracleEnvironment;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The progress bar is drawn only when standard error itself is a terminal. {@code gvl write} runs in a child JVM
 * under util-linux's {@code script}, which gives it a pseudo-terminal: with standard error redirected to a file
 * (standard input and output still the terminal, so {@code System.console()} is not null, the check gvl used to
 * make) the file gets no bar and no carriage return; with standard error at the terminal the bar is drawn. Where
 * util-linux's {@code script} is missing the tests are skipped with that reason, except under {@code CI=true},
 * where a missing tool fails, as every oracle does.
 */
class ProgressTerminalTest {
    private static final Path DEMO = Path.of("").toAbsolutePath().getParent().resolve("demo-data");

    @TempDir
    Path tmp;

    @BeforeAll
    static void requireScript() throws InterruptedException {
        String version;
        try {
            Process p = new ProcessBuilder("script", "--version").redirectErrorStream(true).start();
            version = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
        } catch (IOException e) {
            version = e.getMessage();
        }
        String found = version;
        Supplier<String> why = () -> "util-linux's script(1) gives the child a terminal here and is missing ("
                + found.strip() + "); apt-get install bsdutils";
        if (OracleEnvironment.current().ci()) {
            assertTrue(found.contains("util-linux"), why);
        } else {
            Assumptions.assumeTrue(found.contains("util-linux"), why);
        }
    }

    /** Runs {@code gvl write} at a pseudo-terminal; {@code redirect} is appended to its shell command line. */
    private String writeAtTerminal(String redirect, String... jvmArgs) throws IOException, InterruptedException {
        List<String> flags = new ArrayList<>(List.of("-Dgvl.cache.dir=" + tmp.resolve("cache")));
        flags.addAll(List.of(jvmArgs));
        List<String> cmd = new ChildCli(flags, List.of())
                .command("write", tmp.resolve("ds.gvl").toString(), "--overwrite", "--bed",
                        DEMO.resolve("regions.bed").toString(), "--vcf",
                        DEMO.resolve("z_synth16.norm.vcf.gz").toString());
        String line = cmd.stream().map(a -> "'" + a.replace("'", "'\\''") + "'").collect(Collectors.joining(" "))
                + redirect;
        Process p = new ProcessBuilder("script", "-qec", line, "/dev/null").redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        String terminal = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), terminal);
        return terminal;
    }

    @Test
    void noBarIntoStandardErrorRedirectedToAFile() throws Exception {
        Path log = tmp.resolve("err.log");
        String terminal = writeAtTerminal(" 2>'" + log + "'");
        String err = Files.readString(log);
        assertFalse(err.contains("\r"), err);
        assertEquals(List.of(), err.lines().filter(l -> !l.equals(ChildCli.JDK_INCUBATOR_LINE)).toList());
        assertTrue(terminal.contains(tmp.resolve("ds.gvl") + ": written"), terminal);
    }

    @Test
    void aBarOnATerminal() throws Exception {
        String terminal = writeAtTerminal("");
        assertTrue(terminal.contains("\r[##############################] genotypes 24/24 regions"), terminal);
        assertTrue(terminal.contains(tmp.resolve("ds.gvl") + ": written"), terminal);
    }

    /**
     * The launcher's word wins over {@code isatty(2)}: {@code ./gvl} filters standard error through a pipe and says
     * whether its own standard error is a terminal in {@code gvl.stderr.terminal}.
     */
    @Test
    void theLauncherSaysWhetherStandardErrorIsATerminal() throws Exception {
        Path log = tmp.resolve("err.log");
        writeAtTerminal(" 2>'" + log + "'", "-D" + Terminal.PROPERTY + "=true");
        assertTrue(Files.readString(log).contains("\r[##############################] genotypes 24/24 regions"),
                Files.readString(log));
        String terminal = writeAtTerminal("", "-D" + Terminal.PROPERTY + "=false");
        assertFalse(terminal.contains("\r["), terminal);
    }
}
