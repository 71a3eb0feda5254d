package io.gvl.cli;

import io.gvl.format.ConcatAxis;
import io.gvl.format.GvlException;
import io.gvl.write.Gvl;
import io.gvl.write.MemorySize;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gvl concat OUT DS... --axis regions|samples}: joins datasets written in pieces with {@link Gvl#concat}.
 * A thin shell: every failure the user can fix (inputs that cannot be joined, an existing destination) ends with
 * exit code 1 and one line naming the input and the fix.
 */
@Command(name = "concat", mixinStandardHelpOptions = true,
        description = "Join datasets written separately into one, as GenVarLoader's concat does: along regions"
                + " (same samples, regions added) or along samples (same regions, disjoint samples added). All"
                + " inputs must share one variant table, ploidy, max jitter, contigs and track names.")
public final class ConcatCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "OUT", description = "Dataset directory to create.")
    Path out;

    @Parameters(index = "1..*", arity = "2..*", paramLabel = "DS", description = "Datasets to join, two or more.")
    List<Path> inputs;

    @Option(names = "--axis", required = true, paramLabel = "regions|samples",
            description = "Axis to join along: regions or samples.")
    String axis;

    @Option(names = "--overwrite", description = "Replace an existing dataset at OUT.")
    boolean overwrite;

    @Option(names = "--max-mem", defaultValue = "4g", paramLabel = "SIZE",
            description = "Memory budget, e.g. 4g, 512m (default ${DEFAULT-VALUE}); the join streams and needs"
                    + " only small buffers.")
    String maxMem;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        try (TempSiblings _ = TempSiblings.beside(out)) {
            Gvl.concat(out, inputs, ConcatAxis.parse(axis), overwrite, MemorySize.parse(maxMem));
            spec.commandLine().getOut().println(out + ": joined " + inputs.size() + " datasets along "
                    + axis.toLowerCase(java.util.Locale.ROOT));
            return 0;
        } catch (GvlException | IllegalArgumentException | UncheckedIOException e) {
            spec.commandLine().getErr().println("gvl concat: " + e.getMessage());
            return 1;
        }
    }
}
