package io.gvl.cli;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.build.DatasetMigration;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gvl migrate DIR}: upgrades a format 1.x dataset to format 2.0 in place. A thin shell over
 * {@link DatasetMigration}, which does the crash-safe work; this class only reports the outcome and maps failures to
 * an exit code (1 for a bad or unreadable dataset).
 */
@Command(name = "migrate",
        mixinStandardHelpOptions = true,
        description = "Upgrade a format 1.x dataset (GenVarLoader < 0.36) to format 2.0 in place: array-of-structs "
                + "tracks become struct-of-arrays, a legacy genotypes/link.svar symlink becomes svar_link, and "
                + "format_version is set. Safe to interrupt and re-run; a 2.0 dataset is left as is.")
public final class MigrateCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "Dataset directory to migrate.")
    Path dir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            DatasetMigration.Result r = DatasetMigration.migrate(dir);
            String from = r.fromFormatVersion() == null ? "1.x (no format_version)" : r.fromFormatVersion();
            if (r.convertedTracks().isEmpty() && !r.svarLinkMigrated() && r.fromFormatVersion() != null
                    && r.fromFormatVersion().startsWith("2.")) {
                out.println(dir + ": already format " + r.fromFormatVersion() + "; nothing to migrate");
            } else {
                out.println(dir + ": migrated from format " + from + " to 2.0.0");
                r.convertedTracks().forEach(t -> out.println("  converted track " + t));
                if (r.svarLinkMigrated()) {
                    out.println("  replaced genotypes/link.svar by svar_link in metadata.json");
                }
            }
            return 0;
        } catch (DatasetFormatException | UncheckedIOException e) {
            err.println("gvl migrate: " + e.getMessage());
            return 1;
        }
    }
}
