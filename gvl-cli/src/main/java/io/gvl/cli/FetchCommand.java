package io.gvl.cli;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.FlatArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.Region;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.format.GvlException;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gvl fetch}: sequences of a dataset as FASTA, ordered region, then sample, then haplotype, with headers
 * {@code >{region}|{chrom}:{start}-{end}|{strand}|{sample}|hap{h}} (reference mode:
 * {@code >{region}|{chrom}:{start}-{end}|{strand}}, one record per region). Region is the 0-based input BED row;
 * start/end are its BED coordinates, or 1-based inclusive ones with {@code --header-style samtools} (see
 * docs/cli.md). Queries run in batches, so memory stays bounded whatever the selection.
 */
@Command(name = "fetch", mixinStandardHelpOptions = true,
        description = "Write a dataset's haplotypes (or reference) as FASTA.")
public final class FetchCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "Dataset directory.")
    Path dir;

    @Option(names = "--reference", required = true, paramLabel = "FASTA",
            description = "Reference FASTA the dataset was written against.")
    Path reference;

    @Option(names = "--seqs", paramLabel = "KIND", defaultValue = "haplotypes",
            description = "reference, haplotypes or annotated (default: ${DEFAULT-VALUE}).")
    String seqs;

    @Option(names = "--length", paramLabel = "LEN", defaultValue = "ragged",
            description = "ragged, variable (N-padded to the longest row of each batch) or a fixed length N.")
    String length;

    @Option(names = "--regions", defaultValue = "all", description = "all, a list 0,3,5 or a range 2-9 (inclusive).")
    String regions;

    @Option(names = "--samples", defaultValue = "all", paramLabel = "all|S1,S2|@FILE",
            description = "all, a list of sample names NAME,NAME, or @file with one name per line.")
    String samples;

    @Option(names = "--header-style", defaultValue = "bed", paramLabel = "STYLE",
            description = "Coordinates in FASTA headers: bed (0-based start, end exclusive; the default) or "
                    + "samtools (1-based, both ends inclusive, as `samtools faidx chrom:start-end`).")
    HeaderStyle headerStyle;

    /** How the {@code chrom:start-end} part of a FASTA header counts positions. */
    enum HeaderStyle {
        /** BED coordinates: 0-based start, exclusive end (the region as stored). */
        bed,
        /** samtools region coordinates: 1-based start, inclusive end. */
        samtools;

        String coordinates(Region g) {
            return g.chrom() + ":" + (this == samtools ? g.start() + 1 : g.start()) + "-" + g.end();
        }
    }

    @Option(names = "--seed", defaultValue = "0",
            description = "Random seed for jitter and shifts: any non-negative integer, as NumPy takes it (default 0).")
    BigInteger seed;

    @Option(names = "--jitter", defaultValue = "0", description = "Jitter, at most the dataset's max_jitter.")
    int jitter;

    @ArgGroup(exclusive = true)
    ShiftMode shift;

    static final class ShiftMode {
        @Option(names = "--deterministic", description = "Truncate long haplotypes on the right (default).")
        boolean deterministic;

        @Option(names = "--random-shift", description = "Randomly shift haplotypes longer than a fixed length.")
        boolean randomShift;
    }

    @Option(names = "--no-rc", description = "Do not reverse-complement negative-strand regions.")
    boolean noRc;

    @Option(names = "--annotations", paramLabel = "TSV",
            description = "With --seqs annotated: write var_idxs and ref_coords per record to this TSV.")
    Path annotations;

    @Option(names = "--out", paramLabel = "FILE", description = "Output FASTA (default: standard output).")
    Path out;

    @Option(names = "--batch", defaultValue = "256", description = "Instances per query (default ${DEFAULT-VALUE}).")
    int batch;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try (Dataset ds = Dataset.open(dir, reference)) {
            Dataset view = configure(ds);
            int[] r = Selection.indices(regions, view.regionCount(), "region");
            int[] s = view.seqKind() == SeqKind.REFERENCE ? new int[] {0} : Selection.samples(samples, view.samples());
            if (out == null) {
                try (FastaWriter fasta = new FastaWriter(new BufferedOutputStream(
                        new WriterStream(spec.commandLine().getOut()), 1 << 16), annotationsOut())) {
                    write(view, r, s, fasta);
                }
                return 0;
            }
            try (OutputFile file = OutputFile.create(out)) {
                try (FastaWriter fasta = new FastaWriter(new BufferedOutputStream(file.stream(), 1 << 16),
                        annotationsOut())) {
                    write(view, r, s, fasta);
                } catch (IOException e) {
                    throw OutputFile.failure(out, e);
                }
                file.commit();
            }
            return 0;
        } catch (GvlException | IllegalArgumentException | IndexOutOfBoundsException | UncheckedIOException e) {
            err.println("gvl fetch: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("gvl fetch: " + e.getMessage());
            return 1;
        }
    }

    private OutputStream annotationsOut() throws IOException {
        if (annotations == null) {
            return null;
        }
        if (!seqs.equals("annotated")) {
            throw new IllegalArgumentException("--annotations needs --seqs annotated");
        }
        return new BufferedOutputStream(Files.newOutputStream(annotations), 1 << 16);
    }

    private Dataset configure(Dataset ds) {
        SeqKind kind = switch (seqs.toLowerCase(Locale.ROOT)) {
            case "reference" -> SeqKind.REFERENCE;
            case "haplotypes" -> SeqKind.HAPLOTYPES;
            case "annotated" -> SeqKind.ANNOTATED;
            default -> throw new IllegalArgumentException("--seqs must be reference, haplotypes or annotated, got '"
                    + seqs + "'");
        };
        OutputLength len = switch (length) {
            case "ragged" -> OutputLength.ragged();
            case "variable" -> OutputLength.variable();
            default -> {
                try {
                    yield OutputLength.fixed(Integer.parseInt(length));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("--length must be ragged, variable or a number, got '" + length
                            + "'");
                }
            }
        };
        boolean deterministic = shift == null || !shift.randomShift;
        return ds.withoutTracks().withSeqs(kind).withLen(len).withSettings(st -> st.withSeed(seed).withJitter(jitter)
                .withDeterministic(deterministic).withRcNeg(!noRc));
    }

    private void write(Dataset view, int[] r, int[] s, FastaWriter fasta) throws IOException {
        List<Region> all = view.regions();
        List<String> names = view.samples();
        boolean reference = view.seqKind() == SeqKind.REFERENCE;
        int ploidy = reference ? 1 : view.ploidy().orElse(1);
        long total = (long) r.length * s.length;
        for (long from = 0; from < total; from += batch) {
            int n = (int) Math.min(batch, total - from);
            int[] br = new int[n];
            int[] bs = new int[n];
            for (int k = 0; k < n; k++) {
                br[k] = r[(int) ((from + k) / s.length)];
                bs[k] = s[(int) ((from + k) % s.length)];
            }
            try (DatasetOutput o = view.get(br, bs)) {
                FlatArray seqArr = o.sequences();
                for (int k = 0; k < n; k++) {
                    Region g = all.get(br[k]);
                    String head = g.inputRow() + "|" + headerStyle.coordinates(g) + "|" + g.strandChar();
                    for (int h = 0; h < ploidy; h++) {
                        long row = (long) k * ploidy + h;
                        String header = reference ? head : head + "|" + names.get(bs[k]) + "|hap" + h;
                        fasta.record(header, row(seqArr, row));
                        if (view.seqKind() == SeqKind.ANNOTATED) {
                            fasta.annotations(header, row(o.get(DatasetOutput.VAR_IDXS), row),
                                    row(o.get(DatasetOutput.REF_COORDS), row));
                        }
                    }
                }
            }
        }
    }

    private static MemorySegment row(FlatArray a, long row) {
        return switch (a) {
            case Ragged r -> r.row(row);
            case Dense d -> d.row(row);
        };
    }

    /** FASTA records (one sequence line each) and the optional annotation TSV. */
    private static final class FastaWriter implements AutoCloseable {
        private final OutputStream fasta;
        private final OutputStream tsv;

        FastaWriter(OutputStream fasta, OutputStream tsv) {
            this.fasta = fasta;
            this.tsv = tsv;
        }

        void record(String header, MemorySegment seq) throws IOException {
            fasta.write('>');
            fasta.write(header.getBytes(StandardCharsets.US_ASCII));
            fasta.write('\n');
            fasta.write(seq.toArray(ValueLayout.JAVA_BYTE));
            fasta.write('\n');
        }

        void annotations(String header, MemorySegment varIdx, MemorySegment refCoords) throws IOException {
            if (tsv == null) {
                return;
            }
            StringBuilder sb = new StringBuilder(header).append('\t');
            join(sb, varIdx.toArray(ValueLayout.JAVA_INT_UNALIGNED));
            sb.append('\t');
            join(sb, refCoords.toArray(ValueLayout.JAVA_INT_UNALIGNED));
            sb.append('\n');
            tsv.write(sb.toString().getBytes(StandardCharsets.US_ASCII));
        }

        private static void join(StringBuilder sb, int[] v) {
            for (int i = 0; i < v.length; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(v[i]);
            }
        }

        @Override
        public void close() throws IOException {
            try (OutputStream a = fasta; OutputStream b = tsv) {
                a.flush();
                if (b != null) {
                    b.flush();
                }
            }
        }
    }

    /** Bytes (ASCII) onto the command line's output writer, which stays open for the rest of the process. */
    private static final class WriterStream extends OutputStream {
        private final PrintWriter writer;

        WriterStream(PrintWriter writer) {
            this.writer = writer;
        }

        @Override
        public void write(int b) {
            writer.write(b & 0xFF);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            writer.write(new String(b, off, len, StandardCharsets.ISO_8859_1));
        }

        @Override
        public void flush() {
            writer.flush();
        }

        @Override
        public void close() {
            writer.flush();
        }
    }
}
