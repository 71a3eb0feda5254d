package io.gvl.bench.kernels;

import io.gvl.core.buffer.DType;
import io.gvl.core.buffer.Ragged;
import io.gvl.core.kernel.haplotype.Haplotypes;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The fused fixed-length haplotype kernel on GVL's benchmark shape (64 haplotypes of 16,384 bp per batch) against
 * {@code System.arraycopy} of the same output bytes in the same run. The {@code bytes} counter is output bytes per
 * second; the ratio of the two scores is the machine-independent figure. The kernel's output is checked in setup.
 *
 * <p>Run: {@code java --add-modules=jdk.incubator.vector -cp 'gvl-bench/target/classes:gvl-bench/target/lib/*'
 * org.openjdk.jmh.Main FixedLengthHaplotypeBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
public class FixedLengthHaplotypeBenchmark {
    static final int LENGTH = 16_384;
    static final int HAPLOTYPES = 64;

    private KernelBatch data;
    private Arena arena;
    private Ragged out;
    private byte[] heapSrc;
    private byte[] heapDst;
    private long outBytes;

    @Setup(Level.Trial)
    public void setUp() {
        data = new KernelBatch(HAPLOTYPES / KernelBatch.PLOIDY, LENGTH, 42);
        arena = Arena.ofShared();
        long[] lengths = new long[HAPLOTYPES];
        Arrays.fill(lengths, LENGTH);
        out = Ragged.allocate(arena, DType.U8, new long[] {HAPLOTYPES}, lengths);
        outBytes = out.totalLength();
        heapSrc = new byte[(int) outBytes];
        heapDst = new byte[(int) outBytes];
        MemorySegment.copy(MemorySegment.ofArray(data.contig), 0, MemorySegment.ofArray(heapSrc), 0, outBytes);
        Haplotypes.reconstruct(data.source, data.batch, out, null);
        check();
    }

    private void check() {
        int start = data.batch.regions().start(0);
        byte[] ref = Arrays.copyOfRange(data.contig, start, start + LENGTH);
        if (!Arrays.equals(ref, out.rowBytes(0))) {
            throw new IllegalStateException("variant-free haplotype differs from the reference window");
        }
        ref[data.snpPos - start] = data.snpAlt;
        if (!Arrays.equals(ref, out.rowBytes(1))) {
            throw new IllegalStateException("single-SNP haplotype differs from the reference with the SNP applied");
        }
        byte[] all = out.data().toArray(ValueLayout.JAVA_BYTE);
        for (byte b : all) {
            if (b != 'A' && b != 'C' && b != 'G' && b != 'T') {
                throw new IllegalStateException("unexpected output byte " + b);
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        arena.close();
    }

    @Benchmark
    public Ragged haplotypes(OutputBytes counter) {
        Haplotypes.reconstruct(data.source, data.batch, out, null);
        counter.bytes += outBytes;
        return out;
    }

    @Benchmark
    public byte[] arraycopyBaseline(OutputBytes counter) {
        System.arraycopy(heapSrc, 0, heapDst, 0, heapSrc.length);
        counter.bytes += outBytes;
        return heapDst;
    }
}
