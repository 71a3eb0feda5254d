package io.gvl.spark;

import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;

/**
 * The scale benchmark's runner, driven by {@code dev/scale-bench} (a benchmark, not a test: surefire runs only
 * {@code *Test} classes). Writes one variant file over one BED with {@link Gvl#write} (the local baseline) and with
 * {@link GvlSpark#write} or {@link GvlSpark#writeSharded} on a {@code local[2]} session at each block shape given,
 * and prints one JSON line per shape: the best wall time of {@code -Dgvl.scale.repeats} writes (3 unless set) and
 * each write's wall time, tasks, the genotype cells decoded (records overlapping the regions
 * times samples), the calls stored, the bytes on disk, the rates per second and per core, the JVM's peak RSS so far
 * and the load average just after the write; {@code cpu_s} is the JVM's CPU time during the best write (steadier than
 * the wall time on a shared machine).
 *
 * <p>Arguments: {@code VARIANTS PVAR BED FASTA SCRATCH LABEL SAMPLES SHAPE...}. A shape is {@code local} or
 * {@code RxS[/sharded]}: regions per block x samples per block ({@code S = all} for every sample), sharded for the
 * sharded output. {@code PVAR} is a text {@code .pvar} of the same records (to count the records in the regions).
 * Each write goes to a fresh directory under {@code SCRATCH}, deleted after its figures are taken. The first
 * write of a shape also warms the JIT, which the best-of-repeats figure leaves out. {@code -Dgvl.scale.maxMem=BYTES}
 * sets each write's (and task's) memory budget, e.g. to fit tasks into a small {@code -Xmx}.
 */
final class ScaleBench {
    /** The cores of {@code local[2]}, and the threads of the local write. */
    private static final int CORES = 2;

    private ScaleBench() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 8) {
            throw new IllegalArgumentException(
                    "usage: ScaleBench VARIANTS PVAR BED FASTA SCRATCH LABEL SAMPLES SHAPE...");
        }
        Path variants = Path.of(args[0]);
        Path bed = Path.of(args[2]);
        Path scratch = Files.createDirectories(Path.of(args[4]));
        String label = args[5];
        long samples = Long.parseLong(args[6]);
        long[][] intervals = intervals(bed);
        long records = recordsIn(Path.of(args[1]), intervals);
        WriteOptions.Builder builder = WriteOptions.builder(bed).variants(variants).reference(Path.of(args[3]))
                .threads(CORES).overwrite(true);
        Long maxMem = Long.getLong("gvl.scale.maxMem");
        if (maxMem != null) {
            builder.maxMem(maxMem);
        }
        WriteOptions options = builder.build();
        int repeats = Integer.getInteger("gvl.scale.repeats", 3);
        SparkSession spark = null;
        try {
            for (int i = 7; i < args.length; i++) {
                String shape = args[i];
                Path out = scratch.resolve("scale-" + i + ".gvl");
                long tasks = 0;
                double best = Double.MAX_VALUE;
                StringBuilder walls = new StringBuilder();
                long calls = 0;
                long bytes = 0;
                boolean local = shape.equals("local");
                boolean sharded = shape.endsWith("/sharded");
                int perRegion = 0;
                int perSample = 0;
                if (!local) {
                    String[] rs = shape.replace("/sharded", "").split("x");
                    perRegion = Integer.parseInt(rs[0]);
                    perSample = rs[1].equals("all") ? (int) samples : Integer.parseInt(rs[1]);
                    tasks = ceil(intervals.length, perRegion) * ceil(samples, perSample);
                }
                double bestCpu = 0;
                for (int rep = 0; rep < repeats; rep++) {
                    long t0 = System.nanoTime();
                    long cpu0 = processCpuNanos();
                    if (local) {
                        Gvl.write(out, options);
                    } else {
                        if (spark == null) {
                            spark = session();
                            t0 = System.nanoTime();
                        }
                        if (sharded) {
                            GvlSpark.writeSharded(spark, out, options, perRegion, perSample);
                        } else {
                            GvlSpark.write(spark, out, options, perRegion, perSample);
                        }
                    }
                    double wall = (System.nanoTime() - t0) / 1e9;
                    double cpu = (processCpuNanos() - cpu0) / 1e9;
                    if (wall < best) {
                        bestCpu = cpu;
                    }
                    best = Math.min(best, wall);
                    walls.append(rep == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.3f", wall));
                    if (rep == 0) {
                        calls = calls(out);
                        bytes = Trees.size(out);
                    }
                    Trees.delete(out);
                }
                String load = Files.readString(Path.of("/proc/loadavg")).trim();
                long cells = records * samples;
                System.out.printf(Locale.ROOT, "{\"label\":\"%s\",\"shape\":\"%s\",\"tasks\":%d,\"regions\":%d,"
                                + "\"samples\":%d,\"records\":%d,\"wall_s\":%.3f,\"walls_s\":[%s],"
                                + "\"cells_per_core_s\":%.0f,\"calls\":%d,\"calls_per_core_s\":%.0f,\"bytes\":%d,"
                                + "\"mb_per_s\":%.1f,\"cpu_s\":%.3f,\"calls_per_cpu_s\":%.0f,\"peak_rss_mib\":%d,"
                                + "\"loadavg\":\"%s\"}%n", label, shape, tasks,
                        intervals.length, samples, records, best, walls, cells / best / CORES, calls,
                        calls / best / CORES, bytes, bytes / best / 1e6, bestCpu, calls / bestCpu,
                        peakRssKib() / 1024, load);
                System.out.flush();
            }
        } finally {
            if (spark != null) {
                spark.stop();
            }
        }
    }

    /** CPU time of the whole JVM (every thread: the write's, JIT and GC), as the operating system counts it. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static long ceil(long n, long block) {
        return (n + block - 1) / block;
    }

    private static SparkSession session() {
        return SparkSession.builder().master("local[" + CORES + "]").appName("gvl-scale-bench")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.driver.host", "127.0.0.1")
                .getOrCreate();
    }

    /** Stored calls: the int32 elements of every header-less {@code variant_idxs.npy} (one, or one per shard). */
    private static long calls(Path dataset) throws IOException {
        try (Stream<Path> s = Files.walk(dataset)) {
            long n = 0;
            for (Path idx : s.filter(p -> p.getFileName().toString().equals("variant_idxs.npy")).toList()) {
                n += Files.size(idx) / Integer.BYTES;
            }
            return n;
        }
    }

    /** The BED's intervals, sorted by start (one contig). */
    private static long[][] intervals(Path bed) throws IOException {
        try (Stream<String> lines = Files.lines(bed)) {
            return lines.filter(l -> !l.isBlank()).map(l -> l.split("\t"))
                    .map(f -> new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])})
                    .sorted(Comparator.comparingLong(a -> a[0])).toArray(long[][]::new);
        }
    }

    /** Records of the {@code .pvar} overlapping any of the sorted intervals. */
    private static long recordsIn(Path pvar, long[][] iv) throws IOException {
        long maxLen = Stream.of(iv).mapToLong(a -> a[1] - a[0]).max().orElse(0);
        long n = 0;
        try (BufferedReader in = Files.newBufferedReader(pvar)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", 5);
                long s = Long.parseLong(f[1]) - 1;
                long e = s + Math.max(1, f[3].length());
                int lo = 0;
                int hi = iv.length;
                while (lo < hi) {
                    int mid = (lo + hi) >>> 1;
                    if (iv[mid][0] < e) {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                for (int k = lo - 1; k >= 0 && iv[k][0] >= s - maxLen; k--) {
                    if (iv[k][1] > s) {
                        n++;
                        break;
                    }
                }
            }
        }
        return n;
    }

    private static long peakRssKib() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }
}
