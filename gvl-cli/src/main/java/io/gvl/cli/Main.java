package io.gvl.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code ./gvl}: dispatches to the subcommands. */
@Command(name = "gvl",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        subcommands = {WriteCommand.class, UpdateCommand.class, FetchCommand.class, InspectCommand.class,
            MigrateCommand.class, ConcatCommand.class, ExportCommand.class, PredictCommand.class, CacheCommand.class, BenchCommand.class, DemoCommand.class},
        description = "Personalized genomic training data (haplotypes, realigned tracks) from FASTA, BED, VCF "
                + "and bigWig; GenVarLoader-compatible datasets.")
public final class Main implements Runnable {

    public static void main(String[] args) {
        LibraryLogging.quiet();
        System.exit(run(args));
    }

    /** Runs the CLI and returns its exit code. */
    public static int run(String... args) {
        return commandLine().execute(args);
    }

    /** The configured command line with every subcommand; tests redirect its output. */
    static CommandLine commandLine() {
        // No @argument-file expansion: "--samples @names.txt" must reach the option as a file reference, not be
        // split into one argument per line.
        return new CommandLine(new Main()).setExpandAtFiles(false).setParameterExceptionHandler(Main::usageError);
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
