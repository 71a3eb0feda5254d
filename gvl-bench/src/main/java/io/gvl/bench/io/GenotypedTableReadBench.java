package io.gvl.bench.io;

import io.gvl.io.internal.bgzf.BgzfInputStream;
import io.gvl.io.variant.GenotypeRows;
import io.gvl.io.variant.VariantRequest;
import io.gvl.io.vcf.GenotypedTable;
import io.gvl.io.vcf.VcfReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The read a VCF or BCF write starts with, in a warm JVM: every record's sites and the carriers of all samples
 * (the write's one read of the file, {@link VcfReader#requireSupportedAndReadAll(VariantRequest, int, int[],
 * java.util.function.Function)}), into a sink that only counts them. The same-run baseline, {@link #inflateOnly},
 * inflates the file's blocks and nothing more, so {@code read / inflateOnly} is the share of the file's time that
 * inflating is. Scores are reads of the file per second; the ALT calls of one read are printed at set-up (calls per
 * second = score x calls). The file is {@code -Dgvl.bench.variants=PATH}, a cohort's {@code cohort.vcf.gz} or
 * {@code cohort.bcf} with its index ({@code dev/make-cohort}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector"})
public class GenotypedTableReadBench {
    /** Readers at once (the write's {@code --threads}). */
    @Param({"1"})
    public int threads;

    private Path file;
    private VcfReader reader;
    private int[] samples;
    private final byte[] buffer = new byte[1 << 16];

    @Setup
    public void setup() {
        String given = System.getProperty("gvl.bench.variants");
        if (given == null || given.isBlank()) {
            throw new IllegalStateException("give the file: -Dgvl.bench.variants=PATH (cohort.vcf.gz or cohort.bcf)");
        }
        file = Path.of(given);
        reader = VcfReader.open(file);
        samples = IntStream.range(0, reader.samples().size()).toArray();
        System.out.printf("%n%s: %d samples, %d ALT calls a read%n", file, samples.length, read());
    }

    /** Reads the table with the carriers of every sample; returns the ALT calls seen. */
    @Benchmark
    public long read() {
        GenotypedTable<Counter> table = reader.requireSupportedAndReadAll(
                new VariantRequest(new int[0], List.of(), List.of()), threads, samples, contig -> new Counter());
        if (table.rows() == null) {
            throw new IllegalStateException(file + ": the genotype-only read did not keep the rows");
        }
        long calls = 0;
        for (Counter c : table.rows()) {
            if (c.failure != null) {
                throw c.failure;
            }
            calls += c.calls;
        }
        return calls;
    }

    /** The baseline: the file's blocks inflated (and their CRC checked), nothing decoded. */
    @Benchmark
    public long inflateOnly() throws IOException {
        try (BgzfInputStream in = new BgzfInputStream(file)) {
            return BgzfInflateBench.inflateAll(in, buffer);
        }
    }

    @TearDown
    public void tearDown() {
        reader.close();
    }

    /** Counts the ALT calls it is given, as carriers or in dense rows. */
    static final class Counter implements GenotypeRows {
        long calls;
        RuntimeException failure;

        @Override
        public boolean wants(int position) {
            return true;
        }

        @Override
        public void accept(int position, byte[] row) {
            if (row != null) {
                for (byte b : row) {
                    calls += b;
                }
            }
        }

        @Override
        public boolean takesCarriers() {
            return true;
        }

        @Override
        public void acceptCarriers(int position, int[] slots, int count) {
            calls += count;
        }

        @Override
        public void abandon(RuntimeException cause) {
            failure = cause;
        }
    }
}
