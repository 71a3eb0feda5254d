package io.gvl.cli;

import io.gvl.format.GvlException;
import io.gvl.write.Gvl;
import io.gvl.write.MemorySize;
import io.gvl.write.spec.UpdateOptions;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gvl update DIR [--bigwig NAME=TABLE]... [--hdf5-track NAME=TABLE|FILE]... [--table NAME=FILE]...
 * [--annot NAME=FILE]... [--table-column CANONICAL=ACTUAL]...}: adds
 * tracks to an existing dataset with {@link Gvl#update}; the dataset is unchanged if anything fails. Exit code 1 and
 * one line on a fixable error.
 */
@Command(name = "update", mixinStandardHelpOptions = true,
        description = {"Add per-sample bigWig, HDF5 or interval-table tracks or annotation tracks to an existing"
                + " dataset.", "Without tracks: roll back an update that was killed while it installed its tracks."})
public final class UpdateCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "Dataset directory.")
    Path dir;

    @Mixin
    TrackArgs tracks = new TrackArgs();

    @Option(names = "--overwrite", description = "Replace tracks of the same name.")
    boolean overwrite;

    @Option(names = "--max-mem", defaultValue = "4g", paramLabel = "SIZE",
            description = "Soft memory budget (default ${DEFAULT-VALUE}).")
    String maxMem;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: GVL_NUM_THREADS or cores).")
    Integer threads;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        WriteCommand.ProgressPrinter progress = new WriteCommand.ProgressPrinter(spec.commandLine().getErr(),
                Terminal.stderr());
        try {
            UpdateOptions.Builder b = UpdateOptions.builder().overwrite(overwrite).maxMem(MemorySize.parse(maxMem))
                    .progress(progress);
            if (threads != null) {
                b.threads(threads);
            }
            tracks.addTo(b::track, b::annotation);
            // The new tracks are staged inside the dataset, in update.tmp.<pid>-<hex> (TrackUpdater).
            UpdateOptions options = b.build();
            try (TempSiblings _ = TempSiblings.in(dir, "update")) {
                Gvl.update(dir, options);
            }
            progress.finish();
            boolean recoveryOnly = options.tracks().isEmpty() && options.annotations().isEmpty();
            spec.commandLine().getOut().println(dir + (recoveryOnly ? ": interrupted update rolled back" : ": updated"));
            return 0;
        } catch (GvlException | UncheckedIOException e) {
            return progress.fail("gvl update", e);
        }
    }
}
