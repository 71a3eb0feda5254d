package io.gvl.cli;

import io.gvl.dataset.Dataset;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.demo.DemoData;
import io.gvl.demo.DemoThroughput;
import io.gvl.demo.DemoView;
import io.gvl.write.Gvl;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gvl demo}: the whole library on the bundled real data in a few seconds. It writes seeded coverage
 * bigWigs and a dataset into a temporary directory, opens it, shows a few haplotypes with their variants and the
 * coverage realigned to them, and measures how fast haplotypes and tracks are produced. The temporary directory
 * ({@code gvl-demo.tmp.<pid>-<hex>} in {@code java.io.tmpdir}, a {@link TempSiblings} entry) is deleted at the end,
 * also on failure and on SIGTERM, unless {@code --keep} is given (then it is an ordinary {@code gvl-demo-*}
 * directory that no later run removes).
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Write a dataset from the bundled demo data, show haplotypes and realigned tracks, "
                + "and measure throughput.")
public final class DemoCommand implements Callable<Integer> {
    static final int SHOWN_INSTANCES = 2;

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
        try (TempSiblings temp = TempSiblings.in(Path.of(System.getProperty("java.io.tmpdir")), "gvl-demo")) {
            DemoData demo = data == null ? DemoData.locate() : new DemoData(data);
            Path tmp = keep ? Files.createTempDirectory("gvl-demo-") : temp.createDirectory();
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
            Gvl.write(dir, demo.writeOptions(demo.regions(), coverage, true).build());
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
                DemoThroughput.print(out, ds.withoutTracks().withSeqs(SeqKind.HAPLOTYPES), "haplotypes");
                DemoThroughput.print(out, ds.withSeqs(SeqKind.NONE).withTracks(DemoData.TRACK), "tracks");
                DemoThroughput.print(out, ds.withSeqs(SeqKind.HAPLOTYPES).withTracks(DemoData.TRACK),
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
        }
    }

    private static double seconds(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }
}
