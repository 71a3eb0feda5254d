package io.gvl.bench.harness;

import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.io.fasta.Reference;
import io.gvl.io.svar.Svar2Store;
import io.gvl.io.svar.Svar2StreamKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * Reads a format-2.0 dataset and a {@code .svar2}-linked dataset of the same regions side by side (run by
 * {@code dev/store-bench}): sizes on disk, bytes per ALT call of the store and of the PGEN it came from, warm open
 * time, and batches of 32 random (region, sample) pairs of 16 kb haplotypes (64 haplotypes), the two datasets
 * interleaved in 15 trials of 200 batches so machine noise hits both alike; the median of the last 10 trials is
 * reported. Arguments: {@code FASTA PGEN STORE FORMAT2_DATASET LINKED_DATASET}.
 *
 * <p>With {@code --datasets FASTA DATASET...} ({@code dev/cohort-bench}) it reads any number of datasets the same way
 * and prints one JSON line per dataset ({@code dataset}, {@code bytes}, {@code open_s}, {@code batches_per_s}).
 */
public final class StoreReadBench {
    private static final int TRIALS = 15;
    private static final int WARM_TRIALS = 5;
    private static final int BATCHES = 200;
    private static final int PAIRS = 32;
    private static final int LENGTH = 16_384;

    private StoreReadBench() {
    }

    /**
     * Runs the comparison and prints one line per figure.
     *
     * @param args {@code FASTA PGEN STORE FORMAT2_DATASET LINKED_DATASET}, or {@code --datasets FASTA DATASET...}
     * @throws IOException if a file cannot be read
     */
    public static void main(String[] args) throws IOException {
        if (args.length >= 3 && args[0].equals("--datasets")) {
            Path[] datasets = Arrays.stream(args, 2, args.length).map(Path::of).toArray(Path[]::new);
            Measured m = measure(Path.of(args[1]), datasets);
            for (int k = 0; k < datasets.length; k++) {
                System.out.printf(Locale.ROOT, "{\"side\": \"gvl\", \"dataset\": \"%s\", \"bytes\": %d, "
                        + "\"open_s\": %.4f, \"batches_per_s\": %.1f}%n", datasets[k], bytes(datasets[k]),
                        m.openSeconds[k], m.batchesPerSecond[k]);
            }
            return;
        }
        if (args.length != 5) {
            throw new IllegalArgumentException("usage: StoreReadBench FASTA PGEN STORE FORMAT2_DATASET LINKED_DATASET"
                    + " | --datasets FASTA DATASET...");
        }
        Path fasta = Path.of(args[0]);
        Path pgen = Path.of(args[1]);
        Path store = Path.of(args[2]);
        Path[] datasets = {Path.of(args[3]), Path.of(args[4])};
        long calls = altCalls(store);
        System.out.printf(Locale.ROOT, "ALT calls %,d; PGEN %,d B (%.2f B per call); .svar2 %,d B (%.2f B per call)%n",
                calls, Files.size(pgen), (double) Files.size(pgen) / calls, bytes(store),
                (double) bytes(store) / calls);
        Measured m = measure(fasta, datasets);
        for (int k = 0; k < datasets.length; k++) {
            System.out.printf(Locale.ROOT, "%s: %,d B on disk, warm open %.3f s, %.0f batches/s (median)%n",
                    datasets[k], bytes(datasets[k]), m.openSeconds[k], m.batchesPerSecond[k]);
        }
    }

    /** Warm open seconds and median batches per second of each dataset, in argument order. */
    private record Measured(double[] openSeconds, double[] batchesPerSecond) {
    }

    private static Measured measure(Path fasta, Path[] datasets) throws IOException {
        Path cache = Files.createTempDirectory("gvl-store-bench-");
        try (Reference ref = Reference.open(fasta, cache)) {
            Dataset[] open = new Dataset[datasets.length];
            double[] openSeconds = new double[datasets.length];
            for (int k = 0; k < datasets.length; k++) {
                Dataset.open(datasets[k], ref).close(); // first open: class loading and caches
                long t0 = System.nanoTime();
                open[k] = Dataset.open(datasets[k], ref);
                openSeconds[k] = (System.nanoTime() - t0) / 1e9;
            }
            double[][] rates = new double[datasets.length][TRIALS];
            for (int t = 0; t < TRIALS; t++) {
                for (int k = 0; k < datasets.length; k++) {
                    rates[k][t] = batchesPerSecond(open[k], t);
                }
            }
            double[] median = new double[datasets.length];
            for (int k = 0; k < datasets.length; k++) {
                double[] warm = Arrays.copyOfRange(rates[k], WARM_TRIALS, TRIALS);
                Arrays.sort(warm);
                median[k] = warm[warm.length / 2];
                open[k].close();
            }
            return new Measured(openSeconds, median);
        } finally {
            try (Stream<Path> s = Files.walk(cache)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static double batchesPerSecond(Dataset ds, int trial) {
        Dataset view = ds.withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(LENGTH));
        SplittableRandom rnd = new SplittableRandom(trial);
        long t0 = System.nanoTime();
        for (int b = 0; b < BATCHES; b++) {
            int[] regions = new int[PAIRS];
            int[] samples = new int[PAIRS];
            for (int i = 0; i < PAIRS; i++) {
                regions[i] = rnd.nextInt(view.regionCount());
                samples[i] = rnd.nextInt(view.sampleCount());
            }
            try (DatasetOutput out = view.get(regions, samples)) {
                if (((io.gvl.core.buffer.Dense) out.sequences()).data().byteSize() != 2L * PAIRS * LENGTH) {
                    throw new IllegalStateException("expected " + 2 * PAIRS + " haplotypes of " + LENGTH + " bp");
                }
            }
        }
        return BATCHES / ((System.nanoTime() - t0) / 1e9);
    }

    /** ALT calls the store holds: every {@code var_key} call plus every set bit of the dense genotype matrices. */
    static long altCalls(Path store) throws IOException {
        long calls = 0;
        try (Svar2Store s = Svar2Store.open(store)) {
            for (String contig : s.contigs()) {
                var c = s.contig(contig);
                calls += c.stream(Svar2StreamKind.VAR_KEY_SNP).size() + c.stream(Svar2StreamKind.VAR_KEY_INDEL).size();
                for (String kind : new String[] {"snp", "indel"}) {
                    Path bits = c.directory().resolve("dense").resolve(kind).resolve("genotypes.bin");
                    for (byte b : Files.readAllBytes(bits)) {
                        calls += Integer.bitCount(b & 0xFF);
                    }
                }
            }
        }
        return calls;
    }

    private static long bytes(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
