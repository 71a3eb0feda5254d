package io.gvl.cli;

import io.gvl.format.GvlException;
import io.gvl.write.Gvl;
import io.gvl.write.MemorySize;
import io.gvl.write.spec.WriteOptions;
import io.gvl.write.spec.WriteProgress;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gvl write OUT --bed BED [--variants FILE] [--bigwig NAME=TABLE]... [--hdf5-track NAME=TABLE|FILE]...
 * [--table NAME=FILE]... [--annot NAME=FILE]... [--table-column CANONICAL=ACTUAL]...}: builds a GenVarLoader-format
 * dataset with {@link Gvl#write}. Every failure the user can fix (a bad input, a clash, an existing destination)
 * ends with exit code 1 and one line naming the file, record and fix.
 */
@Command(name = "write", mixinStandardHelpOptions = true,
        description = "Write a dataset (GenVarLoader format 2.0) from BED regions, phased variants (VCF, BCF or"
                + " PLINK 2 PGEN, or a genoray .svar2/.svar store the dataset links to) and bigWig, HDF5 or"
                + " interval-table tracks.")
public final class WriteCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "OUT", description = "Dataset directory to create.")
    Path out;

    @Option(names = "--bed", required = true, paramLabel = "BED", description = "Regions (BED or BED-like).")
    Path bed;

    @Option(names = {"--variants", "--vcf"}, paramLabel = "FILE",
            description = "Phased, normalized, bi-allelic variants: a VCF/BCF (bgzipped and indexed) or a PLINK 2"
                    + " fileset (PREFIX.pgen, or PREFIX, with PREFIX.pvar and PREFIX.psam), or a genoray store directory"
                    + " (.svar2 or .svar) that the dataset links to without copying. --vcf is an alias.")
    Path vcf;

    @Option(names = "--reference", paramLabel = "FASTA",
            description = "Reference FASTA; when given every BED contig must be in it and every REF must match it.")
    Path reference;

    @Mixin
    TrackArgs tracks = new TrackArgs();

    @Option(names = "--samples", paramLabel = "S1,S2|@FILE",
            description = "Samples to keep (comma-separated, or @file with one per line); default: all in common.")
    String samples;

    @Option(names = "--max-jitter", defaultValue = "0", paramLabel = "N",
            description = "Padding stored on both sides of each region (default ${DEFAULT-VALUE}).")
    int maxJitter;

    @Option(names = "--max-mem", defaultValue = "4g", paramLabel = "SIZE",
            description = "Soft memory budget, e.g. 4g, 512m, 500mb (default ${DEFAULT-VALUE}).")
    String maxMem;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: GVL_NUM_THREADS or cores).")
    Integer threads;

    @Option(names = "--overwrite", description = "Replace an existing dataset at OUT.")
    boolean overwrite;

    @Option(names = "--allow-missing-contigs",
            description = "Store regions on contigs the VCF lacks without variants (GenVarLoader's behaviour).")
    boolean allowMissingContigs;

    @Option(names = "--reuse-gvl-index", negatable = false,
            description = "Store GenVarLoader's variant index beside the VCF (VCF.gvi[.zst]) as the dataset's variant"
                    + " table, so GenVarLoader's concat accepts this dataset with GVL-written ones (no INFO fields).")
    boolean reuseGvlIndex;

    @Option(names = "--no-ref-check", negatable = false,
            description = "With --reference, write even when a variant's REF disagrees with the reference bases.")
    boolean noRefCheck;

    @Option(names = "--no-extend-to-length", negatable = false,
            description = "Store only variants overlapping each window (no extension past deletions).")
    boolean noExtend;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ProgressPrinter progress = new ProgressPrinter(spec.commandLine().getErr(), Terminal.stderr());
        try {
            WriteOptions.Builder b = WriteOptions.builder(bed).maxJitter(maxJitter).maxMem(MemorySize.parse(maxMem))
                    .overwrite(overwrite).allowMissingContigs(allowMissingContigs).extendToLength(!noExtend)
                    .refCheck(!noRefCheck).reuseGvlIndex(reuseGvlIndex)
                    .reference(reference).samples(sampleList(samples))
                    .progress(progress);
            if (vcf != null) {
                b.variants(vcf);
            }
            if (threads != null) {
                b.threads(threads);
            }
            tracks.addTo(b::track, b::annotation);
            try (TempSiblings _ = TempSiblings.beside(out)) {
                Gvl.write(out, b.build());
            }
            progress.finish();
            spec.commandLine().getOut().println(out + ": written");
            return 0;
        } catch (GvlException | UncheckedIOException e) {
            return progress.fail("gvl write", e);
        }
    }

    /** {@code a,b,c} or {@code @file} (one name per line), or {@code null} for all samples. */
    static List<String> sampleList(String spec) {
        if (spec == null) {
            return null;
        }
        if (spec.startsWith("@")) {
            Path file = Path.of(spec.substring(1));
            try {
                return Files.readAllLines(file).stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read sample list " + file, e);
            }
        }
        return new ArrayList<>(Arrays.stream(spec.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList());
    }

    /**
     * Draws progress on standard error when it is a terminal: a bar redrawn in place. Anywhere else (a file, a pipe,
     * a CI log) there is no bar and no carriage return: progress is an INFO log line when a stage starts, every ten
     * percent and when it ends, so it shows only with {@code -v}.
     */
    static final class ProgressPrinter implements WriteProgress {
        private static final Logger LOG = LoggerFactory.getLogger("io.gvl.cli.Progress");
        private static final int WIDTH = 30;
        private final PrintWriter err;
        private final boolean tty;
        private Stage stage;
        private long lastTenth = -1;

        ProgressPrinter(PrintWriter err, boolean tty) {
            this.err = err;
            this.tty = tty;
        }

        /** Ends a drawn bar with a newline, so whatever is printed next starts on its own line. */
        void finish() {
            if (tty && stage != null) {
                err.println();
                err.flush();
                stage = null;
            }
        }

        /** Reports a failure the user can fix as one line (ending a drawn bar first); returns exit code 1. */
        int fail(String command, RuntimeException e) {
            if (tty) {
                err.println();
            }
            err.println(command + ": " + e.getMessage());
            return 1;
        }

        @Override
        public void report(Stage s, long done, long total, long bytes) {
            if (s != stage) {
                if (tty && stage != null) {
                    err.println();
                }
                stage = s;
                lastTenth = -1;
            }
            long tenth = total == 0 ? 10 : done * 10 / total;
            String what = s.name().toLowerCase(Locale.ROOT);
            String size = String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
            if (tty) {
                int fill = (int) (total == 0 ? WIDTH : done * WIDTH / total);
                err.print("\r[" + "#".repeat(fill) + " ".repeat(WIDTH - fill) + "] " + what + " " + done + "/" + total
                        + " regions, " + size);
                err.flush();
            } else if (tenth != lastTenth) {
                lastTenth = tenth;
                LOG.info("{}: {}/{} regions, {} written", what, done, total, size);
            }
        }
    }
}
