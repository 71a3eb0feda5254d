package io.gvl.bench.rc;

import io.gvl.core.internal.kernel.KernelProvider;
import io.gvl.core.kernel.ReverseComplement;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
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

/**
 * Out-of-place reverse complement, scalar vs Vector API, against {@code System.arraycopy} of the same number of
 * bytes in the same run: the ratio {@code arraycopy time / kernel time} is the figure to compare across machines.
 * Sizes include odd ones so the scalar tail is measured too. Each state checks the kernels' output once.
 *
 * <p>Run: {@code java --add-modules=jdk.incubator.vector -cp 'gvl-bench/target/classes:gvl-bench/target/lib/*'
 * org.openjdk.jmh.Main ReverseComplementBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
public class ReverseComplementBenchmark {

    @Param({"15", "1001", "16384", "65537", "1048579"})
    public int size;

    private Arena arena;
    private MemorySegment src;
    private MemorySegment dst;
    private byte[] heapSrc;
    private byte[] heapDst;
    private ReverseComplement scalar;
    private ReverseComplement vector;

    @Setup(Level.Trial)
    public void setUp() {
        arena = Arena.ofShared();
        heapSrc = new byte[size];
        heapDst = new byte[size];
        SplittableRandom rng = new SplittableRandom(size);
        byte[] alphabet = "ACGTN".getBytes();
        for (int i = 0; i < size; i++) {
            heapSrc[i] = alphabet[rng.nextInt(alphabet.length)];
        }
        src = arena.allocate(size, 64);
        dst = arena.allocate(size, 64);
        MemorySegment.copy(heapSrc, 0, src, ValueLayout.JAVA_BYTE, 0, size);
        scalar = KernelProvider.scalar().reverseComplement();
        vector = KernelProvider.vector().reverseComplement();
        verify();
    }

    private void verify() {
        scalar.copy(src, 0, dst, 0, size);
        byte[] fromScalar = dst.toArray(ValueLayout.JAVA_BYTE);
        vector.copy(src, 0, dst, 0, size);
        byte[] fromVector = dst.toArray(ValueLayout.JAVA_BYTE);
        for (int i = 0; i < size; i++) {
            if (fromScalar[i] != ReverseComplement.complement(heapSrc[size - 1 - i])) {
                throw new IllegalStateException("scalar reverse complement is wrong at " + i);
            }
        }
        if (!Arrays.equals(fromScalar, fromVector)) {
            throw new IllegalStateException("vector and scalar reverse complement differ");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        arena.close();
    }

    @Benchmark
    public MemorySegment scalar() {
        scalar.copy(src, 0, dst, 0, size);
        return dst;
    }

    @Benchmark
    public MemorySegment vector() {
        vector.copy(src, 0, dst, 0, size);
        return dst;
    }

    @Benchmark
    public byte[] arraycopyBaseline() {
        System.arraycopy(heapSrc, 0, heapDst, 0, size);
        return heapDst;
    }
}
