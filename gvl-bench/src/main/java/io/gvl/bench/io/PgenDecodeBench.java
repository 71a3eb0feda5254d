package io.gvl.bench.io;

import io.gvl.io.pgen.PgenReader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * ALT carriers decoded per second from a biobank-like PGEN, every record for every sample, in blocks of 64 rows as
 * a dataset write decodes them, each block zeroed first as the write's new array is: {@code dense} is
 * {@link PgenReader#readCarriers} (every record decoded into a per-sample array, the path before the sparse decode,
 * and the same-run baseline); {@code sparse} is {@link PgenReader#markCarriers}, where difflist records cost their
 * carriers. One thread, so the rates are per core-second: {@code calls} counts ALT calls (the haplotypes that carry
 * an ALT, what a dataset stores), {@code cells} sites x samples. Setup checks that both give the same bytes.
 *
 * <p>Make a cohort with {@code dev/make-cohort 5000 /tmp/cohort5k}, then run: {@code java
 * --add-modules=jdk.incubator.vector -cp 'gvl-bench/target/classes:gvl-bench/target/lib/*' org.openjdk.jmh.Main
 * PgenDecodeBench -p pgen=/tmp/cohort5k/cohort.pgen}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
public class PgenDecodeBench {
    static final int BLOCK_ROWS = 64;

    /** The {@code .pgen} to decode (its {@code .pvar} and {@code .psam} beside it). */
    @Param("")
    public String pgen;

    private PgenReader reader;
    private int[] samples;
    private byte[] block;
    private long altCalls;
    private long cells;

    /** Decode rates reported beside the score, per second of the benchmark thread. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Decoded {
        public long calls;
        public long cells;

        @Setup(Level.Iteration)
        public void reset() {
            calls = 0;
            cells = 0;
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        if (pgen.isEmpty()) {
            throw new IllegalArgumentException("give the cohort: -p pgen=/tmp/cohort5k/cohort.pgen (made by"
                    + " dev/make-cohort 5000 /tmp/cohort5k)");
        }
        reader = PgenReader.open(Path.of(pgen));
        samples = IntStream.range(0, reader.samples().size()).toArray();
        block = new byte[BLOCK_ROWS * samples.length * 2];
        byte[] sparse = new byte[block.length];
        int m = reader.variantCount();
        for (int from = 0; from < m; from += BLOCK_ROWS) {
            int to = Math.min(m, from + BLOCK_ROWS);
            reader.readCarriers(from, to, samples, block, 0);
            Arrays.fill(sparse, (byte) 0);
            reader.markCarriers(from, to, samples, sparse, 0);
            int bytes = (to - from) * samples.length * 2;
            if (!Arrays.equals(block, 0, bytes, sparse, 0, bytes)) {
                throw new IllegalStateException("markCarriers and readCarriers differ in records [" + from + ", "
                        + to + ")");
            }
            for (int k = 0; k < bytes; k++) {
                altCalls += block[k];
            }
        }
        cells = (long) m * samples.length;
    }

    @Benchmark
    public void dense(Decoded d, Blackhole bh) {
        int m = reader.variantCount();
        for (int from = 0; from < m; from += BLOCK_ROWS) {
            Arrays.fill(block, (byte) 0);
            reader.readCarriers(from, Math.min(m, from + BLOCK_ROWS), samples, block, 0);
            bh.consume(block);
        }
        d.calls += altCalls;
        d.cells += cells;
    }

    @Benchmark
    public void sparse(Decoded d, Blackhole bh) {
        int m = reader.variantCount();
        for (int from = 0; from < m; from += BLOCK_ROWS) {
            Arrays.fill(block, (byte) 0);
            reader.markCarriers(from, Math.min(m, from + BLOCK_ROWS), samples, block, 0);
            bh.consume(block);
        }
        d.calls += altCalls;
        d.cells += cells;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        reader.close();
    }
}
