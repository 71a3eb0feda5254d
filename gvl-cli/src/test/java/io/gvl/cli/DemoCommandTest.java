package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code gvl demo} end to end on the bundled demo-data/ folder. */
class DemoCommandTest {
    @Test
    void printsEverySection() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        assertEquals(0, cli.execute("demo"), err.toString());
        String text = out.toString();
        for (String section : new String[] {"== Inputs ==", "== Dataset ==", "== Haplotypes", "== Realigned tracks",
            "== Throughput =="}) {
            assertTrue(text.contains(section), section + " missing:\n" + text);
        }
        assertTrue(text.contains("24 regions x 16 samples, tracks [coverage]"), text);
        assertTrue(text.contains("variant #"), text);
        assertTrue(text.contains("  hap0  ") && text.contains("  hap1  "), text);
        assertTrue(text.contains("MB/s"), text);
    }
}
