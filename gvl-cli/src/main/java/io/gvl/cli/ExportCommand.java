package io.gvl.cli;

import io.gvl.dataset.Dataset;
import io.gvl.dataset.export.Hdf5Export;
import io.gvl.dataset.export.Hdf5ExportOptions.Encoding;
import io.gvl.dataset.export.Hdf5ExportOptions;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.format.GvlException;
import io.gvl.write.MemorySize;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gvl export DIR --hdf5 OUT --length N}: fixed-length sequences and tracks of the selected regions × samples
 * as one HDF5 file for h5py ({@link Hdf5Export}). Exit code 1 and one line on a fixable error.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Export fixed-length sequences and tracks of a dataset to one HDF5 file (for h5py).")
public final class ExportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "Dataset directory.")
    Path dir;

    @Option(names = "--reference", paramLabel = "FASTA",
            description = "Reference FASTA the dataset was written against (needed for sequences).")
    Path reference;

    @Option(names = "--hdf5", required = true, paramLabel = "OUT", description = "HDF5 file to write.")
    Path out;

    @Option(names = "--length", required = true, paramLabel = "N", description = "Fixed length of every row.")
    int length;

    @Option(names = "--seqs", paramLabel = "KIND", defaultValue = "haplotypes",
            description = "haplotypes, reference or none (default: ${DEFAULT-VALUE}).")
    String seqs;

    @Option(names = "--tracks", paramLabel = "NAMES", defaultValue = "all",
            description = "all, none or a list NAME,NAME of the dataset's tracks (default: ${DEFAULT-VALUE}).")
    String tracks;

    @Option(names = "--regions", defaultValue = "all", description = "all, a list 0,3,5 or a range 2-9 (inclusive).")
    String regions;

    @Option(names = "--samples", defaultValue = "all", paramLabel = "all|S1,S2|@FILE",
            description = "all, a list of sample names NAME,NAME, or @file with one name per line.")
    String samples;

    @Option(names = "--encoding", paramLabel = "ENC", defaultValue = "bytes",
            description = "bytes (ASCII) or onehot (ACGT, trailing axis of 4) (default: ${DEFAULT-VALUE}).")
    String encoding;

    @Option(names = "--max-bytes", paramLabel = "SIZE",
            description = "Heap bound of the export, e.g. 2g (default: half the JVM's maximum heap).")
    String maxBytes;

    @Option(names = "--overwrite", description = "Replace an existing OUT.")
    boolean overwrite;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try (Dataset ds = reference == null ? Dataset.open(dir) : Dataset.open(dir, reference)) {
            Dataset view = configure(ds);
            Hdf5ExportOptions.Builder o = Hdf5ExportOptions.builder(length).encoding(encoding()).overwrite(overwrite);
            if (maxBytes != null) {
                o.maxBytes(MemorySize.parse(maxBytes));
            }
            Hdf5Export.Result r;
            try (TempSiblings _ = TempSiblings.beside(out)) {
                r = Hdf5Export.export(view, out, o.build());
            }
            spec.commandLine().getOut().println(out + ": " + r.instances() + " instances written");
            return 0;
        } catch (GvlException | IllegalArgumentException | IndexOutOfBoundsException | UncheckedIOException e) {
            err.println("gvl export: " + e.getMessage());
            return 1;
        }
    }

    private Dataset configure(Dataset ds) {
        SeqKind kind = switch (seqs.toLowerCase(Locale.ROOT)) {
            case "haplotypes" -> SeqKind.HAPLOTYPES;
            case "reference" -> SeqKind.REFERENCE;
            case "none" -> SeqKind.NONE;
            default -> throw new IllegalArgumentException("--seqs must be haplotypes, reference or none, got '"
                    + seqs + "'");
        };
        if (kind != SeqKind.NONE && reference == null) {
            throw new IllegalArgumentException("--seqs " + seqs + " needs --reference FASTA (or use --seqs none)");
        }
        List<String> names = switch (tracks) {
            case "all" -> ds.availableTracks();
            case "none" -> List.of();
            default -> Arrays.stream(tracks.split(",")).map(String::strip).toList();
        };
        Dataset view = ds.withSeqs(kind).withTracks(names);
        int[] r = Selection.indices(regions, view.regionCount(), "region");
        int[] s = Selection.samples(samples, view.samples());
        return view.subsetTo(r, s);
    }

    private Encoding encoding() {
        return switch (encoding.toLowerCase(Locale.ROOT)) {
            case "bytes" -> Encoding.BYTES;
            case "onehot" -> Encoding.ONEHOT;
            default -> throw new IllegalArgumentException("--encoding must be bytes or onehot, got '" + encoding + "'");
        };
    }
}
