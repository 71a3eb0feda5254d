package io.gvl.cli;

import io.gvl.format.DatasetFormatException;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.TrackScope;
import io.gvl.format.array.GenotypeArrays;
import io.gvl.format.io.DatasetFiles;
import io.gvl.format.io.ShardManifest;
import io.gvl.format.io.ShardedArrays;
import io.gvl.format.io.StoreLinks;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gvl inspect DIR}: a readable summary of a dataset, read from its metadata and mapped arrays only. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "Summarize a dataset: format, regions, samples, ploidy, genotypes, tracks and sizes.")
public final class InspectCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "Dataset directory.")
    Path dir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (DatasetFiles files = DatasetFiles.open(dir)) {
            DatasetMetadata m = files.metadata();
            out.println("dataset        " + dir.toAbsolutePath());
            out.println("format         " + m.formatVersion() + " (written by GenVarLoader-compatible version "
                    + m.version() + ")");
            out.println("regions        " + m.nRegions() + " on " + m.contigs().size() + " contigs "
                    + abbreviate(m.contigs()));
            out.println("samples        " + m.samples().size() + " " + abbreviate(m.samples()));
            out.println("max jitter     " + m.maxJitter());
            files.shardManifest().ifPresent(s -> out.println("sharded        " + s.shards().size() + " shards ("
                    + s.regionBlockSizes().length + " region blocks x " + s.sampleBlockSizes().length
                    + " sample blocks) under " + ShardManifest.SHARDS + "/"));
            if (files.shardedArrays().isPresent()) {
                sharded(out, files, files.shardedArrays().get(), m);
            } else {
                files.genotypes().ifPresentOrElse(g -> genotypes(out, files, g), () -> out.println(
                        files.genotypeSource() == DatasetFiles.GenotypeSource.SVAR2 ? svar2(dir, m)
                                : "genotypes      none (" + files.genotypeSource() + ")"));
                files.tracks().values().forEach(t -> track(out, t.name(), t.kind(), t.size()));
                files.annotationTracks().values().forEach(t -> track(out, t.name(), t.kind(), t.size()));
            }
            out.println("size on disk   " + human(diskSize(dir)));
            return 0;
        } catch (DatasetFormatException | UncheckedIOException e) {
            spec.commandLine().getErr().println("gvl inspect: " + e.getMessage());
            return 1;
        }
    }

    private static void genotypes(PrintWriter out, DatasetFiles files, GenotypeArrays g) {
        out.println("ploidy         " + g.ploidy());
        files.svarStore().ifPresentOrElse(
                s -> out.println("genotypes      in the linked .svar store " + s.dir() + " (" + files.variants().size()
                        + " variants, " + g.variantIdxs().length() + " calls of " + s.samples().size()
                        + " samples); " + g.slots() + " (region, sample, haplotype) slots"),
                () -> out.println("genotypes      " + files.variants().size() + " variants, "
                        + g.variantIdxs().length() + " stored calls in " + g.slots()
                        + " (region, sample, haplotype) slots"));
    }

    private static String svar2(Path dir, DatasetMetadata m) {
        DatasetMetadata.Svar2Link link = m.svar2Link();
        String store = link == null ? "(no svar2_link)" : StoreLinks.resolve(dir, link.relativePath(),
                link.absolutePath(), ".svar2").toString();
        return "ploidy         " + m.ploidy() + System.lineSeparator() + "genotypes      in the linked .svar2 store "
                + store;
    }

    /** A sharded root's calls and intervals, summed over its shards (annotations over sample block 0's). */
    private static void sharded(PrintWriter out, DatasetFiles files, ShardedArrays a, DatasetMetadata m) {
        if (m.ploidy() == null) {
            out.println("genotypes      none (" + files.genotypeSource() + ")");
        } else {
            long calls = a.manifest().shards().stream().mapToLong(ShardManifest.Shard::nCalls).sum();
            out.println("ploidy         " + m.ploidy());
            out.println("genotypes      " + files.variants().size() + " variants, " + calls + " stored calls in "
                    + (long) m.nRegions() * m.samples().size() * m.ploidy() + " (region, sample, haplotype) slots");
        }
        int blocks = a.manifest().sampleBlockSizes().length;
        for (TrackScope kind : new TrackScope[] {TrackScope.SAMPLE, TrackScope.ANNOTATION}) {
            for (String name : a.trackNames(kind)) {
                long n = 0;
                for (int k = 0; k < a.size(); k++) {
                    n += kind == TrackScope.SAMPLE || k % blocks == 0 ? a.track(k, kind, name).size() : 0;
                }
                track(out, name, kind, n);
            }
        }
    }

    private static void track(PrintWriter out, String name, TrackScope kind, long intervals) {
        out.println("track          " + name + " (" + (kind == TrackScope.SAMPLE ? "per sample" : "annotation")
                + "), " + intervals + " intervals");
    }

    private static String abbreviate(List<String> names) {
        if (names.size() <= 6) {
            return names.toString();
        }
        return "[" + String.join(", ", names.subList(0, 3)) + ", ..., " + names.get(names.size() - 1) + "]";
    }

    private static long diskSize(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).sum();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    static String human(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? bytes + " B" : String.format(java.util.Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
