package io.gvl.cli;

import io.gvl.format.GvlException;
import io.gvl.io.svar.Svar2Converter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code gvl convert INPUT --reference FASTA --out STORE.svar2}: converts a VCF/BCF or PGEN into a genoray
 * {@code .svar2} store with the bytes genoray 6.0.2 writes ({@link Svar2Converter}). Quiet by default: one result
 * line on standard output; a failure the user can fix is one line on standard error and exit code 1.
 */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = "Convert phased, normalized, bi-allelic variants (VCF/BCF, or a PLINK 2 PGEN) into a genoray"
                + " .svar2 store, byte-identical to genoray 6.0.2's SparseVar2.from_vcf/from_pgen.")
public final class ConvertCommand implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(ConvertCommand.class);

    @Parameters(index = "0", paramLabel = "INPUT",
            description = "A VCF/BCF (bgzipped and indexed) or a PLINK 2 fileset (PREFIX.pgen, or PREFIX).")
    Path input;

    @Option(names = "--reference", required = true, paramLabel = "FASTA",
            description = "Reference FASTA the variants were called against; every REF must match it.")
    Path reference;

    @Option(names = "--out", required = true, paramLabel = "STORE", description = "The .svar2 directory to create.")
    Path out;

    @Option(names = "--info", split = ",", paramLabel = "KEY",
            description = "INFO fields to store (Integer, Float or Flag), comma-separated; VCF/BCF only.")
    List<String> info;

    @Option(names = "--format", split = ",", paramLabel = "KEY",
            description = "FORMAT fields to store (Integer or Float), comma-separated; VCF/BCF only. FORMAT fields"
                    + " change which variants are stored densely, as in genoray.")
    List<String> format;

    @Option(names = "--samples", paramLabel = "S1,S2|@FILE",
            description = "Samples to keep, in this order (comma-separated, or @file with one per line); default:"
                    + " all, in file order.")
    String samples;

    @Option(names = "--threads", paramLabel = "N",
            description = "Accepted for symmetry with genoray; the conversion runs on one thread (the bytes do not"
                    + " depend on it).")
    Integer threads;

    @Option(names = "--overwrite", description = "Replace an existing .svar2 store at STORE.")
    boolean overwrite;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        try {
            if (threads != null && threads < 1) {
                throw new IllegalArgumentException("--threads must be at least 1, not " + threads);
            }
            Svar2Converter.Summary s;
            try (TempSiblings _ = TempSiblings.beside(out)) {
                s = Svar2Converter.convert(input, reference, out, new Svar2Converter.Options(info, format,
                        WriteCommand.sampleList(samples), overwrite, null));
            }
            LOG.info("{}: {} records, {} samples, contigs {}", out, s.records(), s.samples(), s.contigs());
            spec.commandLine().getOut().println(out + ": written");
            return 0;
        } catch (GvlException | UncheckedIOException | IllegalArgumentException e) {
            spec.commandLine().getErr().println("gvl convert: " + e.getMessage());
            return 1;
        }
    }
}
