package io.gvl.bench.harness;

import io.gvl.demo.DemoData;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Heap bytes allocated and wall time of the write path and the loader, per run of a harness cell: the {@code write}
 * suite (the demo's 24 regions x 16 samples, with the 16 coverage bigWigs), the {@code write-sources} suite (a
 * simulated 2,504-sample cohort over 1,000 regions from a VCF and a PGEN; {@code --quick}: 64 samples, 100 regions)
 * and one {@code loader} epoch ({@code none} and {@code buffered}, 16 kb x 64). Allocation is the JVM's count over
 * every thread, terminated ones included ({@code com.sun.management.ThreadMXBean.getTotalThreadAllocatedBytes}),
 * so the write pipeline's worker threads are counted. Each cell runs twice to warm up, then {@code --reps} times
 * (default 5); it prints the median bytes and the fastest and median times.
 *
 * <pre>{@code java -cp 'gvl-bench/target/classes:gvl-bench/target/lib/*' io.gvl.bench.harness.AllocationProbe [--quick] [--reps N]}</pre>
 */
public final class AllocationProbe {
    private AllocationProbe() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = Arrays.asList(args).contains("--quick");
        int reps = 5;
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals("--reps")) {
                reps = Integer.parseInt(args[i + 1]);
            }
        }
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        System.out.printf(Locale.ROOT, "%-48s %14s %10s %10s%n", "cell", "alloc MiB/run", "best ms", "median ms");
        try (BenchFixture fixture = BenchFixture.create(DemoData.locate())) {
            probe(threads, fixture, "write", quick, reps, c -> c.mode().equals("variants+tracks")
                    && c.length() == 16_384);
            probe(threads, fixture, "write-sources", quick, reps, c -> !c.mode().equals("bcf"));
            probe(threads, fixture, "loader", quick, reps, c -> c.length() == 16_384
                    && (c.mode().equals("none") || c.mode().equals("buffered")));
        }
    }

    private static void probe(com.sun.management.ThreadMXBean threads, BenchFixture fixture, String suiteName,
                              boolean quick, int reps, java.util.function.Predicate<Cell> wanted) throws Exception {
        try (Suite suite = Harness.suite(suiteName, fixture, quick)) {
            for (Cell cell : suite.cells(quick && suiteName.equals("write-sources"))) {
                if (!wanted.test(cell)) {
                    continue;
                }
                try (Workload w = suite.workload(cell)) {
                    w.run();
                    w.run();
                    List<long[]> runs = new ArrayList<>();
                    for (int r = 0; r < reps; r++) {
                        long bytes = threads.getTotalThreadAllocatedBytes();
                        long t = System.nanoTime();
                        w.run();
                        runs.add(new long[] {System.nanoTime() - t, threads.getTotalThreadAllocatedBytes() - bytes});
                    }
                    long[] nanos = runs.stream().mapToLong(x -> x[0]).sorted().toArray();
                    long[] alloc = runs.stream().mapToLong(x -> x[1]).sorted().toArray();
                    System.out.printf(Locale.ROOT, "%-48s %14.2f %10.2f %10.2f%n", suiteName + " " + cell.id(),
                            alloc[alloc.length / 2] / 1048576.0, nanos[0] / 1e6, nanos[nanos.length / 2] / 1e6);
                }
            }
        }
    }
}
