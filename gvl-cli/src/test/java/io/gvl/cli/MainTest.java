package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MainTest {

    @Test
    void versionNamesTheProjectVersionAndJdk() {
        CliRun run = CliRun.of("--version");
        assertEquals(0, run.exitCode());
        String text = run.out();
        assertTrue(text.startsWith("gvl 0.") || text.startsWith("gvl 1."), text);
        assertTrue(text.contains("JDK " + Runtime.version().feature()), text);
    }

    @Test
    void helpDescribesTheTool() {
        CliRun run = CliRun.of("--help");
        assertEquals(0, run.exitCode());
        assertTrue(run.out().contains("Usage: gvl"), run.out());
    }

    @Test
    void unknownOptionIsAUsageErrorNotACrash() {
        CliRun run = CliRun.of("--no-such-option");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("Unknown option"), run.err());
    }

    @Test
    void unknownSubcommandOptionPrintsTheErrorAndOneHint() {
        CliRun run = CliRun.of("write", "--bed", "x.bed", "--no-such-option", "out");
        assertEquals(2, run.exitCode());
        java.util.List<String> lines = run.err().lines().toList();
        assertEquals(2, lines.size(), run.err());
        assertTrue(lines.get(0).contains("Unknown option") && lines.get(0).contains("--no-such-option"), run.err());
        assertEquals("Run 'gvl write --help' for the options.", lines.get(1));
    }
}
