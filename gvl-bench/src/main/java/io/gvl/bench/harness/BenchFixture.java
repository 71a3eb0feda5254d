package io.gvl.bench.harness;

import io.gvl.dataset.Dataset;
import io.gvl.demo.DemoData;
import io.gvl.write.Gvl;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the suites run on: the demo data, its seeded coverage bigWigs and a dataset written from them (variants
 * of 16 samples and a {@value io.gvl.demo.DemoData#TRACK} track over 7 regions of 128 kb), all in one
 * temporary directory that {@link #close()} deletes.
 */
public final class BenchFixture implements AutoCloseable {
    /** Length of the fixture's regions, the longest fixed output length the suites ask for. */
    public static final int REGION_LENGTH = 131_072;
    static final int REGIONS = 7;

    private final DemoData data;
    private final Path tmp;
    private final Map<String, Path> coverage;
    private final Dataset dataset;

    private BenchFixture(DemoData data, Path tmp, Map<String, Path> coverage, Dataset dataset) {
        this.data = data;
        this.tmp = tmp;
        this.coverage = coverage;
        this.dataset = dataset;
    }

    /** Writes coverage and the dataset into a new temporary directory and opens the dataset. */
    public static BenchFixture create(DemoData data) {
        Path tmp;
        try {
            tmp = Files.createTempDirectory("gvl-bench");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory", e);
        }
        try {
            Map<String, Path> coverage = data.writeCoverage(tmp.resolve("bigwig"));
            Path bed = tiledRegions(data, tmp.resolve("bench.bed"));
            Path ds = tmp.resolve("bench.gvl");
            Gvl.write(ds, data.writeOptions(bed, coverage, true).build());
            return new BenchFixture(data, tmp, coverage, Dataset.open(ds, data.fasta()));
        } catch (RuntimeException e) {
            deleteTree(tmp);
            throw e;
        }
    }

    /**
     * {@value #REGIONS} regions of {@value #REGION_LENGTH} bp spread along the contig: fixed-length queries up to
     * that length need regions at least as long (the demo's own regions are 2-16 kb).
     */
    static Path tiledRegions(DemoData data, Path bed) {
        return tiledRegions(data, bed, REGIONS, REGION_LENGTH);
    }

    /** {@code count} regions of {@code length} bp spread evenly along the demo contig, alternating strands. */
    static Path tiledRegions(DemoData data, Path bed, int count, int length) {
        var contig = data.contigs().entrySet().iterator().next();
        long stride = (contig.getValue() - length) / (count - 1);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count; i++) {
            long start = i * stride;
            sb.append(contig.getKey()).append('\t').append(start).append('\t').append(start + length)
                    .append("\tr").append(i).append("\t0\t").append(i % 2 == 0 ? '+' : '-').append('\n');
        }
        try {
            Files.writeString(bed, sb);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + bed, e);
        }
        return bed;
    }

    public DemoData data() {
        return data;
    }

    /** The open dataset (owned by this fixture). */
    public Dataset dataset() {
        return dataset;
    }

    /** Sample to coverage bigWig. */
    public Map<String, Path> coverage() {
        return coverage;
    }

    /** A fresh path inside the fixture's temporary directory. */
    public Path scratch(String name) {
        return tmp.resolve(name);
    }

    @Override
    public void close() {
        dataset.close();
        deleteTree(tmp);
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot delete " + p, e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + root, e);
        }
    }
}
