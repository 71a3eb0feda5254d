package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class MainTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void versionNamesTheProjectVersionAndJdk() {
        assertEquals(0, run("--version"));
        String text = out.toString();
        assertTrue(text.startsWith("gvl 0.") || text.startsWith("gvl 1."), text);
        assertTrue(text.contains("JDK " + Runtime.version().feature()), text);
    }

    @Test
    void helpDescribesTheTool() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString().contains("Usage: gvl"), out.toString());
    }

    @Test
    void unknownOptionIsAUsageErrorNotACrash() {
        assertEquals(2, run("--no-such-option"));
        assertTrue(err.toString().contains("Unknown option"), err.toString());
    }
}
