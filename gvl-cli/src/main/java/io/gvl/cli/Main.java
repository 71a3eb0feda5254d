package io.gvl.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** Entry point of {@code ./gvl}: dispatches to the subcommands. */
@Command(name = "gvl",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        subcommands = {WriteCommand.class, ConvertCommand.class, UpdateCommand.class, FetchCommand.class, InspectCommand.class,
            MigrateCommand.class, ConcatCommand.class, ExportCommand.class, PredictCommand.class, CacheCommand.class,
            HandoffCommand.class, BenchCommand.class, DemoCommand.class},
        description = "Personalized genomic training data (haplotypes, realigned tracks) from FASTA, BED, VCF "
                + "and bigWig; GenVarLoader-compatible datasets.")
public final class Main implements Runnable {

    /** {@code -v} once or twice, before or after the subcommand: gvl's INFO, then also DEBUG, log lines. */
    @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT,
            description = "Show gvl's log lines on standard error: INFO with -v, also DEBUG with -vv (default: only"
                    + " warnings and errors).")
    boolean[] verbose = new boolean[0];

    /**
     * Runs the command line and exits with its exit code.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        ArrowAllocationManager.select();
        System.exit(run(args));
    }

    /**
     * Runs the CLI and returns its exit code.
     *
     * @param args the command line
     * @return the command's exit code (0 on success; docs/cli.md lists the others)
     */
    public static int run(String... args) {
        return commandLine().execute(args);
    }

    /** The configured command line with every subcommand; tests redirect its output. */
    static CommandLine commandLine() {
        // No @argument-file expansion: "--samples @names.txt" must reach the option as a file reference, not be
        // split into one argument per line.
        // The log levels are set from -v after parsing and before the command makes its first logger.
        Main main = new Main();
        return new CommandLine(main).setExpandAtFiles(false).setParameterExceptionHandler(Main::usageError)
                .setExecutionStrategy(parsed -> {
                    LogLevels.apply(main.verbose.length);
                    return new CommandLine.RunLast().execute(parsed);
                });
    }

    /** A mistyped command line gets the error and one hint, not the whole usage text; exit code 2. */
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        String name = cmd.getCommandSpec().qualifiedName();
        cmd.getErr().println(name + ": " + e.getMessage());
        cmd.getErr().println("Run '" + name + " --help' for the options.");
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    /** Build properties written by Maven resource filtering. */
    static Properties buildProperties() {
        Properties p = new Properties();
        try (InputStream in = Main.class.getResourceAsStream("/gvl-cli.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    /** Version string: the Maven project version, the JDK and the vector path in use. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {
                "gvl " + buildProperties().getProperty("version", "unknown"),
                "JDK " + Runtime.version() + " (" + System.getProperty("java.vm.vendor") + ")",
            };
        }
    }
}
