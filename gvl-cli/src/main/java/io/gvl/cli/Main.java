package io.gvl.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * Entry point of {@code ./gvl}: dispatches to the subcommands.
 *
 * <p>picocli builds a command's model from its annotations by reflection: in a fresh JVM, all thirteen subcommands
 * took 0.23–0.33 s and 0.39–0.53 CPU-seconds before any work started, {@code write} alone 0.18–0.20 s. A command
 * line that names its subcommand therefore gets a model of that subcommand only; every other one (no subcommand,
 * {@code --help}, an unknown name) gets all of them, so usage texts and errors are as before.
 */
@Command(name = "gvl",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Personalized genomic training data (haplotypes, realigned tracks) from FASTA, BED, VCF "
                + "and bigWig; GenVarLoader-compatible datasets.")
public final class Main implements Runnable {

    /** The subcommands, in the order the usage text lists them. */
    static final List<Class<?>> SUBCOMMANDS = List.of(WriteCommand.class, ConvertCommand.class, UpdateCommand.class,
            FetchCommand.class, InspectCommand.class, MigrateCommand.class, ConcatCommand.class, ExportCommand.class,
            PredictCommand.class, CacheCommand.class, HandoffCommand.class, BenchCommand.class, DemoCommand.class);

    /** The top-level options that may come before the subcommand's name without it needing the whole model. */
    private static final Pattern LEADING_OPTION = Pattern.compile("-v+|--verbose");

    @Spec
    CommandSpec spec;

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
        return commandLine(args).execute(args);
    }

    /** The configured command line with every subcommand; tests redirect its output. */
    static CommandLine commandLine() {
        return configured(SUBCOMMANDS);
    }

    /**
     * The configured command line for {@code args}: with only the subcommand they name when {@link #named} finds
     * one, else with every subcommand.
     */
    static CommandLine commandLine(String... args) {
        return named(args).map(c -> configured(List.of(c))).orElseGet(Main::commandLine);
    }

    /**
     * The subcommand {@code args} run: their first argument that is not {@code -v}, {@code -vv}, ... or
     * {@code --verbose}, when it is a subcommand's name. Empty for anything else (no argument left, another option
     * first, an unknown name), which the full model handles.
     */
    static Optional<Class<?>> named(String... args) {
        for (String arg : args) {
            if (!LEADING_OPTION.matcher(arg).matches()) {
                return SUBCOMMANDS.stream().filter(c -> c.getAnnotation(Command.class).name().equals(arg))
                        .findFirst();
            }
        }
        return Optional.empty();
    }

    private static CommandLine configured(List<Class<?>> subcommands) {
        Main main = new Main();
        CommandLine cli = new CommandLine(main);
        subcommands.forEach(cli::addSubcommand);
        // Set after the subcommands are added, so that these apply to them too.
        // No @argument-file expansion: "--samples @names.txt" must reach the option as a file reference, not be
        // split into one argument per line.
        // The log levels are set from -v after parsing and before the command makes its first logger.
        return cli.setExpandAtFiles(false).setParameterExceptionHandler(Main::usageError)
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
        spec.commandLine().usage(spec.commandLine().getOut());
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
