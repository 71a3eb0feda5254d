package io.gvl.bench.harness;

import io.gvl.demo.DemoData;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.regex.Pattern;

/**
 * Runs one suite end to end: logs the machine, writes the fixture, measures every cell and its arraycopy
 * baseline (and the peers), streams a JSON line per result to {@code out}, and leaves
 * {@code <out>/<suite>.csv} and {@code <out>/<suite>.png}. Workloads run inside a ForkJoin pool of
 * {@code threads} workers, so parallel kernels use that many threads.
 */
public final class Harness {
    /** Suite names, in the order {@code ./gvl bench} lists them. */
    public static final List<String> SUITES = List.of("haplotypes", "annotated", "tracks", "reference", "loader",
            "write", "write-sources", "concat", "predict", "peer");

    /**
     * @param threads worker threads for parallel kernels
     * @param outDir  where the CSV and PNG go
     * @param quick   one small cell grid and the quick protocol (tests, smoke runs)
     * @param peerPython a Python with genvarloader installed, for the {@code peer} suite; {@code null} otherwise
     * @param cells   for the {@code peer} suite, only the cells whose id (e.g. {@code annotated len=16384 batch=64})
     *                this pattern finds; {@code null} for all
     */
    public record Options(int threads, Path outDir, boolean quick, Path peerPython, Pattern cells) {
        public Options {
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be >= 1, got " + threads);
            }
        }

        /** Options for every cell. */
        public Options(int threads, Path outDir, boolean quick, Path peerPython) {
            this(threads, outDir, quick, peerPython, null);
        }

        /** Options without a GenVarLoader peer. */
        public Options(int threads, Path outDir, boolean quick) {
            this(threads, outDir, quick, null);
        }
    }

    private Harness() {}

    /** Runs {@code suiteName}; JSON lines go to {@code out}, progress and machine details to {@code log}. */
    public static List<CellResult> run(String suiteName, Options options, PrintWriter out, PrintWriter log)
            throws Exception {
        if (!SUITES.contains(suiteName)) {
            throw new IllegalArgumentException("unknown suite '" + suiteName + "'; choose one of " + SUITES);
        }
        SystemInfo info = SystemInfo.detect(options.threads());
        info.fields().forEach((k, v) -> log.println("# " + k + ": " + v));
        Protocol protocol = options.quick() ? Protocol.QUICK : Protocol.DEFAULT;
        log.println("# protocol: warm-up " + protocol.warmup().toMillis() + " ms, then >= " + protocol.minReps()
                + " runs and >= " + protocol.minTime().toMillis() + " ms per measurement");
        log.flush();
        if (suiteName.equals("peer")) {
            PeerComparison.run(options, DemoData.locate(), out, log);
            return List.of();
        }
        List<CellResult> results = new ArrayList<>();
        try (BenchFixture fixture = BenchFixture.create(DemoData.locate());
             ForkJoinPool pool = new ForkJoinPool(options.threads());
             Suite suite = suite(suiteName, fixture, options.quick())) {
            if (suite.interleavedRounds() > 0) {
                List<Cell> cells = suite.cells(options.quick());
                List<Stats> stats = measureInterleaved(pool, protocol, suite, cells, suite.interleavedRounds());
                for (int i = 0; i < cells.size(); i++) {
                    Stats gvl = stats.get(i);
                    results.add(report(new CellResult(cells.get(i), "gvl", gvl,
                            protocol.measure(new Arraycopy(gvl.bytesPerRep())), null), out, log));
                }
            } else {
                for (Cell cell : suite.cells(options.quick())) {
                    Stats gvl;
                    try (Workload w = suite.workload(cell)) {
                        gvl = measure(pool, protocol, w);
                    }
                    results.add(report(new CellResult(cell, "gvl", gvl,
                            protocol.measure(new Arraycopy(gvl.bytesPerRep())), null), out, log));
                }
            }
            Map<Cell, Long> rss = new LinkedHashMap<>();
            if (suite instanceof PeakRssProbed probed) {
                for (Cell cell : suite.cells(options.quick())) {
                    long kib = probed.peakRssKib(cell);
                    rss.put(cell, kib);
                    out.println(Reports.peakRssJson(cell, kib));
                    out.flush();
                    log.printf(Locale.ROOT, "# %-10s %-22s %-34s peak RSS %,d MiB (fresh JVM, one write)%n",
                            cell.suite(), "gvl", cell.id(), kib / 1024);
                    log.flush();
                }
            }
            for (Suite.PeerRun peer : suite.peers(options.quick())) {
                Stats gvl;
                Stats other;
                try (Workload g = peer.gvl(); Workload p = peer.peer()) {
                    gvl = measure(pool, protocol, g);
                    other = measure(pool, protocol, p);
                }
                results.add(report(new CellResult(peer.cell(), peer.name(), other,
                        protocol.measure(new Arraycopy(other.bytesPerRep())), gvl), out, log));
            }
            suite.summarize(results, rss, out, log);
        }
        Path csv = options.outDir().resolve(suiteName + ".csv");
        Path png = options.outDir().resolve(suiteName + ".png");
        Reports.writeCsv(csv, info, results);
        Plots.writePng(png, suiteName, results);
        log.println("# wrote " + csv + " and " + png);
        log.flush();
        return results;
    }

    static Suite suite(String name, BenchFixture fixture, boolean quick) {
        return switch (name) {
            case "loader" -> new LoaderSuite(fixture);
            case "write" -> new WriteSuite(fixture);
            case "write-sources" -> new WriteSourcesSuite(fixture, quick);
            case "concat" -> new ConcatSuite(fixture);
            case "predict" -> new PredictSuite(fixture);
            default -> new QuerySuite(QuerySuite.Kind.valueOf(name.toUpperCase(Locale.ROOT)), fixture);
        };
    }

    /**
     * Every cell's workload open at once: each warmed up for the protocol's warm-up, then {@code rounds} rounds in
     * which each cell runs at least {@code minReps} times and for at least {@code minTime / rounds}; one rate sample
     * per run.
     */
    private static List<Stats> measureInterleaved(ForkJoinPool pool, Protocol protocol, Suite suite, List<Cell> cells,
                                                  int rounds) throws Exception {
        List<Workload> workloads = new ArrayList<>();
        try {
            for (Cell cell : cells) {
                workloads.add(suite.workload(cell));
            }
            for (Workload w : workloads) {
                long end = System.nanoTime() + protocol.warmup().toNanos();
                do {
                    inPool(pool, w);
                } while (System.nanoTime() < end);
            }
            List<double[]> rates = new ArrayList<>();
            int[] n = new int[cells.size()];
            long[] bytes = new long[cells.size()];
            long[] timed = new long[cells.size()];
            for (int i = 0; i < cells.size(); i++) {
                rates.add(new double[64]);
            }
            long share = protocol.minTime().toNanos() / rounds;
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < workloads.size(); i++) {
                    long start = System.nanoTime();
                    int reps = 0;
                    while (reps < protocol.minReps() || System.nanoTime() - start < share) {
                        long t0 = System.nanoTime();
                        bytes[i] = inPool(pool, workloads.get(i));
                        long dt = Math.max(1, System.nanoTime() - t0);
                        if (n[i] == rates.get(i).length) {
                            rates.set(i, java.util.Arrays.copyOf(rates.get(i), n[i] * 2));
                        }
                        rates.get(i)[n[i]++] = bytes[i] / (dt / 1e9);
                        reps++;
                    }
                    timed[i] += System.nanoTime() - start;
                }
            }
            List<Stats> out = new ArrayList<>();
            for (int i = 0; i < cells.size(); i++) {
                out.add(Stats.of(rates.get(i), n[i], bytes[i], timed[i]));
            }
            return out;
        } finally {
            workloads.forEach(Workload::close);
        }
    }

    private static long inPool(ForkJoinPool pool, Workload w) throws Exception {
        try {
            return pool.submit(w::run).get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    private static Stats measure(ForkJoinPool pool, Protocol protocol, Workload w) throws Exception {
        try {
            return pool.submit(() -> protocol.measure(w)).get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    private static CellResult report(CellResult r, PrintWriter out, PrintWriter log) {
        out.println(Reports.json(r));
        out.flush();
        log.printf(Locale.ROOT, "# %-10s %-22s %-34s %9.1f MiB/s (spread %4.1f%%, %d reps)  arraycopy %9.1f MiB/s"
                        + "  ratio %.4f%s%n", r.cell().suite(), r.impl(), r.cell().id(), r.measured().mibPerSecond(),
                100 * r.measured().spread(), r.measured().reps(), r.baseline().mibPerSecond(), r.ratio(),
                r.isPeer() ? String.format(Locale.ROOT, "  gvl/peer %.2fx", r.gvlOverPeer()) : "");
        log.flush();
        return r;
    }
}
