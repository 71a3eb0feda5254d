package io.gvl.bench.harness;

import io.gvl.write.Gvl;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One fresh-process measurement of {@code Gvl.write}, the in-process write a JVM application makes: the first write
 * of the process (classes loaded and code compiled on the way), then more writes of the same dataset. Run by
 * {@code dev/write-bench} once per fresh JVM, alternating with GenVarLoader's {@code tools/bench/write_peer.py};
 * prints one line of seconds: {@code jvm_start write1 write2 ...}.
 *
 * <p>Arguments: {@code OUT_DIR BED VARIANTS SAMPLES_FILE [BIGWIG_DIR|-] [WRITES]}, as the peer script takes them.
 */
public final class WriteProbe {
    private WriteProbe() {
    }

    /**
     * Measures the writes.
     *
     * @param args see the class comment
     */
    public static void main(String[] args) throws IOException {
        double start = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() / 1e3;
        Path out = Path.of(args[0]);
        Path bed = Path.of(args[1]);
        Path variants = Path.of(args[2]);
        List<String> samples = Files.readAllLines(Path.of(args[3])).stream().map(String::strip)
                .filter(s -> !s.isEmpty()).toList();
        Path bigwigs = args.length > 4 && !args[4].equals("-") ? Path.of(args[4]) : null;
        int writes = args.length > 5 ? Integer.parseInt(args[5]) : 3;
        StringBuilder line = new StringBuilder(String.format("%.4f", start));
        for (int i = 0; i < writes; i++) {
            Path dest = out.resolve("gvl-" + i + ".gvl");
            BenchFixture.deleteTree(dest);
            WriteOptions.Builder b = WriteOptions.builder(bed).variants(variants).samples(samples).overwrite(true);
            if (bigwigs != null) {
                Map<String, Path> paths = new LinkedHashMap<>();
                samples.forEach(s -> paths.put(s, bigwigs.resolve(s + ".bw")));
                b.track(new BigWigs("cov", paths));
            }
            long t0 = System.nanoTime();
            Gvl.write(dest, b.build());
            line.append(String.format(" %.4f", (System.nanoTime() - t0) / 1e9));
            BenchFixture.deleteTree(dest);
        }
        System.out.println(line);
    }
}
