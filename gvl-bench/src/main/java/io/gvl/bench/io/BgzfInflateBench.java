package io.gvl.bench.io;

import htsjdk.samtools.util.BlockCompressedOutputStream;
import io.gvl.io.internal.bgzf.BgzfInputStream;
import io.gvl.io.internal.bgzf.BlockInflaters;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
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
 * Inflated megabytes per second of a whole BGZF file through {@link BgzfInputStream}: libdeflate, gvl's Java decoder
 * and the default (libdeflate, with the Java decoder for blocks that expand most) against the JDK's zlib (the same-run
 * baseline): the score is reads of the file per second; multiply by {@link #inflatedBytes} (printed
 * at set-up) for bytes. The file is {@code -Dgvl.bench.bgzf=PATH} (for example a cohort's {@code cohort.vcf.gz}), or
 * else 64 MB of genotype-like VCF text bgzipped in {@code @Setup}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class BgzfInflateBench {
    @Param({"ZLIB", "LIBDEFLATE", "JAVA", "AUTO"})
    public String inflate;

    private Path dir;
    private Path file;
    private BlockInflaters.Kind kind;
    private final byte[] buffer = new byte[1 << 16];
    long inflatedBytes;

    @Setup
    public void setup() throws IOException {
        kind = BlockInflaters.Kind.valueOf(inflate);
        if (BlockInflaters.resolve(kind) != (kind == BlockInflaters.Kind.AUTO ? BlockInflaters.Kind.LIBDEFLATE : kind)) {
            throw new IllegalStateException("libdeflate is not available: " + BlockInflaters.libdeflateProblem());
        }
        String given = System.getProperty("gvl.bench.bgzf");
        if (given != null && !given.isBlank()) {
            file = Path.of(given);
        } else {
            dir = Files.createTempDirectory("gvl-bgzf-bench");
            file = dir.resolve("bench.vcf.gz");
            Random r = new Random(20261206L);
            byte[] line = new byte[4 * 5000];
            try (OutputStream out = new BlockCompressedOutputStream(file.toFile())) {
                for (long written = 0; written < 64L << 20; written += line.length) {
                    for (int i = 0; i < line.length; i += 4) { // mostly 0|0, a few ALT calls
                        line[i] = (byte) (r.nextInt(50) == 0 ? '1' : '0');
                        line[i + 1] = '|';
                        line[i + 2] = (byte) (r.nextInt(50) == 0 ? '1' : '0');
                        line[i + 3] = (byte) (i + 4 == line.length ? '\n' : '\t');
                    }
                    out.write(line);
                }
            }
        }
        inflatedBytes = readAll();
        System.out.printf("%n%s: %d bytes inflated from %d (%s)%n", file, inflatedBytes, Files.size(file), inflate);
    }

    @Benchmark
    public long readAll() throws IOException {
        try (BgzfInputStream in = new BgzfInputStream(file, kind)) {
            return inflateAll(in, buffer);
        }
    }

    /** Reads {@code in} to its end through {@code buffer}; returns the bytes inflated. */
    static long inflateAll(BgzfInputStream in, byte[] buffer) throws IOException {
        long total = 0;
        int n;
        while ((n = in.read(buffer, 0, buffer.length)) > 0) {
            total += n;
        }
        return total;
    }

    @TearDown
    public void tearDown() throws IOException {
        if (dir != null) {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }
}
