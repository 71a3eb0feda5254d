package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class MigrateCommandTest {
    @TempDir
    Path tmp;

    @Test
    void missingDatasetIsAClearErrorWithExitCodeOne() {
        CommandLine cli = Main.commandLine();
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err, true));
        cli.setOut(new PrintWriter(new StringWriter(), true));
        int code = cli.execute("migrate", tmp.resolve("absent").toString());
        assertEquals(1, code);
        assertTrue(err.toString().startsWith("gvl migrate: "), err.toString());
        assertTrue(err.toString().contains("absent"), err.toString());
    }

    @Test
    void helpListsMigrate() {
        CommandLine cli = Main.commandLine();
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        assertEquals(0, cli.execute("--help"));
        assertTrue(out.toString().contains("migrate"), out.toString());
    }
}
