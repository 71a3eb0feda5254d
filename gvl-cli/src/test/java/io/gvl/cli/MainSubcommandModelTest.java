package io.gvl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command line built for the subcommand the arguments name ({@link Main#commandLine(String...)}) behaves as the
 * one with every subcommand: same exit codes, same output and error text.
 */
class MainSubcommandModelTest {

    private static String name(Class<?> c) {
        return c.getAnnotation(Command.class).name();
    }

    @Test
    void subcommandNamesAreUnique() {
        Set<String> names = new HashSet<>();
        Main.SUBCOMMANDS.forEach(c -> assertTrue(names.add(name(c)), name(c)));
        assertEquals(Main.commandLine().getSubcommands().keySet(), names);
    }

    @Test
    void theNamedSubcommandIsFoundAfterVerboseOptionsOnly() {
        assertEquals(Optional.of(WriteCommand.class), Main.named("write", "out", "--bed", "x.bed"));
        assertEquals(Optional.of(WriteCommand.class), Main.named("-v", "write", "out"));
        assertEquals(Optional.of(InspectCommand.class), Main.named("-vv", "--verbose", "inspect", "ds"));
        assertEquals(Optional.empty(), Main.named());
        assertEquals(Optional.empty(), Main.named("-v"));
        assertEquals(Optional.empty(), Main.named("--help"));
        assertEquals(Optional.empty(), Main.named("--version", "write"));
        assertEquals(Optional.empty(), Main.named("-x", "write"));
        assertEquals(Optional.empty(), Main.named("wirte", "out"));
        assertEquals(Optional.empty(), Main.named("-vx", "write"));
    }

    @Test
    void aNamedSubcommandGetsAModelOfItselfOnly() {
        assertEquals(Set.of("write"), Main.commandLine("-v", "write", "out").getSubcommands().keySet());
        assertEquals(Set.of("cache"), Main.commandLine("cache", "list").getSubcommands().keySet());
        assertEquals(Main.SUBCOMMANDS.size(), Main.commandLine("--help").getSubcommands().size());
        assertEquals(Main.SUBCOMMANDS.size(), Main.commandLine("wirte").getSubcommands().size());
        assertEquals(Main.SUBCOMMANDS.size(), Main.commandLine().getSubcommands().size());
    }

    static Stream<Arguments> commandLines() {
        Stream<List<String>> helps = Main.SUBCOMMANDS.stream().map(c -> List.of(name(c), "--help"));
        Stream<List<String>> others = Stream.of(
                List.of(),
                List.of("--help"),
                List.of("-v"),
                List.of("--version"),
                List.of("wirte", "out"),
                List.of("-v", "write", "--help"),
                List.of("write", "--bed", "x.bed", "--no-such-option", "out"),
                List.of("write", "out", "-v", "--threads", "zero"),
                List.of("-vv", "inspect"),
                List.of("cache", "--help"),
                List.of("cache", "list", "--help"),
                List.of("cache", "frobnicate"),
                List.of("inspect", "--no-such-option"));
        return Stream.concat(helps, others).map(a -> Arguments.of(String.join(" ", a), a));
    }

    @ParameterizedTest(name = "gvl {0}")
    @MethodSource("commandLines")
    void sameExitCodeAndTextAsTheFullModel(String label, List<String> args) {
        String[] a = args.toArray(String[]::new);
        assertEquals(run(Main.commandLine(), a), run(Main.commandLine(a), a), label);
    }

    /** picocli writes a description it cannot format (a lone {@code %}) raw, with a warning on standard error. */
    @Test
    void everyUsageTextFormatsWithoutWarnings() {
        PrintStream saved = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        String handoff;
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try {
            for (Class<?> c : Main.SUBCOMMANDS) {
                assertEquals(0, run(Main.commandLine(), new String[] {name(c), "--help"}).get(0), name(c));
            }
            run(Main.commandLine(), new String[] {"cache", "list", "--help"});
            run(Main.commandLine(), new String[] {"cache", "clear", "--help"});
            handoff = (String) run(Main.commandLine(), new String[] {"handoff", "--help"}).get(1);
        } finally {
            System.setErr(saved);
        }
        assertEquals("", warnings.toString(StandardCharsets.UTF_8));
        assertTrue(handoff.contains("batches b with b % N == I of each epoch"), handoff);
    }

    private static List<Object> run(CommandLine cli, String[] args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return List.of(code, out.toString(), err.toString());
    }
}
