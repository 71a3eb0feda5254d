package io.gvl.cli;

import io.gvl.dataset.Dataset;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.format.GvlException;
import io.gvl.onnx.OnnxPredictor;
import io.gvl.onnx.PredictionException;
import io.gvl.onnx.PredictionFormat;
import io.gvl.onnx.PredictionStats;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gvl predict DIR --reference FA --model M.onnx --out preds.arrow}: every (region, sample, haplotype) of the
 * selection through an ONNX model with ONNX Runtime ({@link OnnxPredictor}), the outputs written as an Arrow IPC
 * table keyed by region, sample and haplotype, or as the same table in Parquet when {@code OUT} ends in
 * {@code .parquet} (or {@code --format parquet}; {@link io.gvl.onnx.PredictionFormat}): the predictor writes either to a
 * temporary sibling renamed onto {@code OUT}. Exit code 1 and one line on a fixable error; no output file is left
 * then.
 */
@Command(name = "predict", mixinStandardHelpOptions = true,
        description = "Run every (region, sample, haplotype) through an ONNX model; write an Arrow IPC or Parquet"
                + " table.")
public final class PredictCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "Dataset directory.")
    Path dir;

    @Option(names = "--reference", required = true, paramLabel = "FASTA",
            description = "Reference FASTA the dataset was written against.")
    Path reference;

    @Option(names = "--model", required = true, paramLabel = "M.onnx", description = "ONNX model file.")
    Path model;

    @Option(names = "--out", required = true, paramLabel = "OUT",
            description = "Table to write: Parquet when it ends in .parquet, else Arrow IPC (.arrow, .feather).")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "auto",
            description = "arrow, parquet, or auto: by the extension of OUT (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--input", paramLabel = "NAME",
            description = "Model input the sequences go to (default: the model's only input).")
    String input;

    @Option(names = "--seqs", paramLabel = "KIND", defaultValue = "auto",
            description = "haplotypes, reference, or auto: what the input's name asks for, else haplotypes"
                    + " (default: ${DEFAULT-VALUE}).")
    String seqs;

    @Option(names = "--length", paramLabel = "N",
            description = "Fixed length of every row (default: the model's input length).")
    Integer length;

    @Option(names = "--batch", paramLabel = "B", defaultValue = "64",
            description = "Instances per model call (default: ${DEFAULT-VALUE}).")
    int batch;

    @Option(names = "--threads", paramLabel = "T",
            description = "ONNX Runtime threads (default: the available processors).")
    Integer threads;

    @Option(names = "--regions", defaultValue = "all", description = "all, a list 0,3,5 or a range 2-9 (inclusive).")
    String regions;

    @Option(names = "--samples", defaultValue = "all", paramLabel = "all|S1,S2|@FILE",
            description = "all, a list of sample names NAME,NAME, or @file with one name per line.")
    String samples;

    @Option(names = "--overwrite", description = "Replace an existing OUT.")
    boolean overwrite;

    @Option(names = "--stats", description = "Print throughput and the share of time in gvl and ONNX Runtime.")
    boolean stats;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        int t = threads != null ? threads : Runtime.getRuntime().availableProcessors();
        try {
            boolean parquet = parquet();
            OutputFile.requireDirectoryFor(out);
            try (OnnxPredictor predictor = OnnxPredictor.open(model, t, input);
                 Dataset ds = Dataset.open(dir, reference)) {
                return run(predictor, ds, parquet);
            }
        } catch (GvlException | IllegalArgumentException | IndexOutOfBoundsException | UncheckedIOException e) {
            err.println("gvl predict: " + e.getMessage());
            return 1;
        }
    }

    private int run(OnnxPredictor predictor, Dataset ds, boolean parquet) {
        Dataset view = ds.withSeqs(kind(predictor)).withoutTracks();
        if (length != null) {
            view = view.withLen(OutputLength.fixed(length));
        }
        view = view.subsetTo(Selection.indices(regions, view.regionCount(), "region"),
                Selection.samples(samples, view.samples()));
        PredictionStats s;
        try (TempSiblings _ = TempSiblings.beside(out)) {
            s = predictor.predict(view, out, batch, overwrite,
                    parquet ? PredictionFormat.PARQUET : PredictionFormat.ARROW_IPC);
        } catch (UncheckedIOException e) {
            throw OutputFile.failure(out, e.getCause()); // the operating system's reason, as every output says it
        }
        PrintWriter o = spec.commandLine().getOut();
        o.println(out + ": " + s.rows() + " rows (" + s.instances() + " instances) written");
        if (stats) {
            o.println("stats: " + s.summary());
        }
        return 0;
    }

    /** {@code --format}, or for {@code auto} the extension of {@code --out}. */
    private boolean parquet() {
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "parquet" -> true;
            case "arrow" -> false;
            case "auto" -> out.getFileName() != null
                    && out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".parquet");
            default -> throw new IllegalArgumentException("--format must be auto, arrow or parquet, got '" + format
                    + "'");
        };
    }

    /** The sequences to feed: {@code --seqs}, which must agree with what the input's name asks for. */
    private SeqKind kind(OnnxPredictor predictor) {
        Optional<SeqKind> named = predictor.inputSeqs();
        SeqKind chosen = switch (seqs.toLowerCase(Locale.ROOT)) {
            case "auto" -> named.orElse(SeqKind.HAPLOTYPES);
            case "haplotypes" -> SeqKind.HAPLOTYPES;
            case "reference" -> SeqKind.REFERENCE;
            default -> throw new IllegalArgumentException("--seqs must be auto, haplotypes or reference, got '"
                    + seqs + "'");
        };
        if (named.isPresent() && named.get() != chosen) {
            throw new PredictionException(model + ": input '" + predictor.inputName() + "' takes "
                    + named.get().name().toLowerCase(Locale.ROOT) + " but --seqs asks for " + seqs
                    + "; drop --seqs or use a model whose input takes " + seqs);
        }
        return chosen;
    }
}
