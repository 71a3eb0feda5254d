package io.gvl.cli;

import io.gvl.bench.harness.BenchFixture;
import io.gvl.bench.harness.DemoData;
import io.gvl.bench.harness.DemoView;
import io.gvl.bench.harness.Protocol;
import io.gvl.bench.harness.Stats;
import io.gvl.bench.harness.Workload;
import io.gvl.core.Gvl;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.dataset.Dataset;
import io.gvl.core.dataset.DatasetOutput;
import io.gvl.core.dataset.OutputLength;
import io.gvl.core.dataset.SeqKind;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gvl demo}: the whole library on the bundled real data in a few seconds. It writes seeded coverage
 * bigWigs and a dataset into a temporary directory, opens it, shows a few haplotypes with their variants and the
 * coverage realigned to them, and measures how fast haplotypes and tracks are produced. The temporary directory
 * is deleted at the end unless {@code --keep} is given.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Write a dataset from the bundled demo data, show haplotypes and realigned tracks, "
                + "and measure throughput.")
public final class DemoCommand implements Callable<Integer> {
    static final int SHOWN_INSTANCES = 2;
    static final int THROUGHPUT_BATCH = 64;
    static final Protocol PROTOCOL = new Protocol(Duration.ofMillis(500), Duration.ofMillis(500), 3);

    @Option(names = "--data", paramLabel = "DIR", description = "Demo data folder (default: the checkout's demo-data/).")
    Path data;

    @Option(names = "--keep", description = "Keep the temporary directory and print its path.")
    boolean keep;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path tmp = null;
        try {
            DemoData demo = data == null ? DemoData.locate() : new DemoData(data);
            tmp = Files.createTempDirectory("gvl-demo");
            out.println("== Inputs ==");
            out.printf(Locale.ROOT, "reference  %s (%,d bp, contig z = GRCh37 chr20:1,000,001-2,000,000)%n",
                    demo.fasta(), demo.contigs().values().iterator().next());
            out.printf("variants   %s (16 samples, phased)%n", demo.vcf());
            out.printf("regions    %s%n", demo.regions());
            long t0 = System.nanoTime();
            Map<String, Path> coverage = demo.writeCoverage(tmp.resolve("bigwig"));
            out.printf(Locale.ROOT, "coverage   %d seeded bigWigs written with gvl's BigWigWriter in %.2f s%n",
                    coverage.size(), seconds(t0));
            Path dir = tmp.resolve("demo.gvl");
            t0 = System.nanoTime();
            Gvl.write(dir, BenchFixture.options(demo, demo.regions(), coverage, true).build());
            out.printf(Locale.ROOT, "%n== Dataset ==%nwrote %s in %.2f s%n", dir, seconds(t0));
            try (Dataset ds = Dataset.open(dir, demo.fasta())) {
                out.printf("%d regions x %d samples, tracks %s%n", ds.regionCount(), ds.sampleCount(),
                        ds.availableTracks());
                DemoView view = new DemoView(ds, out);
                out.println();
                out.println("== Haplotypes (plus strand; variant bases in lower case and marked ^) ==");
                int[][] shown = view.instancesWithVariants(SHOWN_INSTANCES);
                for (int i = 0; i < shown[0].length; i++) {
                    view.showHaplotypes(shown[0][i], shown[1][i]);
                }
                out.println();
                out.println("== Realigned tracks (coverage on each haplotype's coordinates) ==");
                for (int i = 0; i < shown[0].length; i++) {
                    view.showTracks(shown[0][i], shown[1][i]);
                }
                out.println();
                out.println("== Throughput ==");
                throughput(out, ds.withoutTracks().withSeqs(SeqKind.HAPLOTYPES), "haplotypes");
                throughput(out, ds.withSeqs(SeqKind.NONE).withTracks(BenchFixture.TRACK), "tracks");
                throughput(out, ds.withSeqs(SeqKind.HAPLOTYPES).withTracks(BenchFixture.TRACK),
                        "haplotypes + realigned tracks");
            }
            if (keep) {
                out.println("\nkept " + tmp);
            }
            out.flush();
            return 0;
        } catch (Exception e) {
            err.println("gvl demo: " + e.getMessage());
            return 1;
        } finally {
            if (tmp != null && !keep) {
                delete(tmp);
            }
        }
    }

    /**
     * Every instance once per run, in batches, each row its region's own length; the harness's protocol (warm-up,
     * then at least 3 runs and 0.5 s) gives the median MB/s of output produced.
     */
    private static void throughput(PrintWriter out, Dataset view, String what) throws Exception {
        Dataset v = view.withLen(OutputLength.ragged());
        int n = v.regionCount() * v.sampleCount();
        Workload pass = () -> {
            long bytes = 0;
            for (int from = 0; from < n; from += THROUGHPUT_BATCH) {
                int size = Math.min(THROUGHPUT_BATCH, n - from);
                int[] r = new int[size];
                int[] s = new int[size];
                for (int i = 0; i < size; i++) {
                    r[i] = (from + i) / v.sampleCount();
                    s[i] = (from + i) % v.sampleCount();
                }
                try (DatasetOutput o = v.get(r, s)) {
                    for (NamedArray a : o.arrays()) {
                        bytes += a.array().byteSize();
                    }
                }
            }
            return bytes;
        };
        Stats st = PROTOCOL.measure(pass);
        out.printf(Locale.ROOT, "%-30s %,d instances (2-16 kb), batches of %d: %,.1f MB per pass, median %,.0f MB/s"
                + " (%d passes, spread %.0f%%)%n", what, n, THROUGHPUT_BATCH, st.bytesPerRep() / 1e6, st.median() / 1e6,
                st.reps(), 100 * st.spread());
    }

    private static double seconds(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }

    private static void delete(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + root, e);
        }
    }
}
