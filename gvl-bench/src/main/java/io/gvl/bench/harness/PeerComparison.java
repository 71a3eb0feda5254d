package io.gvl.bench.harness;

import io.gvl.core.buffer.NamedArray;
import io.gvl.dataloader.Batch;
import io.gvl.dataloader.DataLoader;
import io.gvl.dataloader.Mode;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.demo.DemoData;
import io.gvl.write.Gvl;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.regex.Pattern;

/**
 * The {@code peer} suite: gvl and GenVarLoader side by side on one dataset, same instances, same machine. For each
 * thread count a GenVarLoader process ({@link GvlPythonPeer}) stays up; every cell is run in {@value #ROUNDS}
 * alternating rounds (gvl, then GenVarLoader) so drift on a shared machine hits both, and the fastest repetition
 * of each side is compared: {@code ratio = GenVarLoader time / gvl time} (above 1 means gvl is faster). Both are
 * also given as a ratio to {@code System.arraycopy} of the same bytes in the same run.
 *
 * <p>The dataset is written here by gvl (GenVarLoader opens it as its own): the demo variants of 16 samples and a
 * seeded coverage track over {@value #REGIONS} regions of {@value #REGION_LENGTH} bp, so 1 kb and 16 kb cells
 * read the same regions and a loader epoch has 960 instances.
 */
final class PeerComparison {
    static final int REGIONS = 60;
    static final int REGION_LENGTH = 16_384;
    static final int ROUNDS = 5;
    /**
     * Repetitions per side and round: as many as fill {@value #ROUND_SECONDS} s of gvl's warm time, within
     * [{@value #MIN_REPS}, {@value #MAX_REPS}]. On a shared 2-core machine a fast cell's times spread by half
     * between repetitions, so a few-millisecond cell needs more repetitions than a slow one for its fastest one to
     * be stable; both sides run the same count.
     */
    static final int MIN_REPS = 3;
    static final int MAX_REPS = 12;
    static final double ROUND_SECONDS = 0.04;
    private static final int QUERY_BATCHES = 8;
    private static final long BUFFER_BYTES = 256L << 20;

    /** One comparison: what runs, at which length and batch size. */
    record PeerCell(String name, PeerView view, int batch, String loaderMode) {
        boolean isEpoch() {
            return loaderMode != null;
        }

        String id() {
            return name + " len=" + (view.length() < 0 ? "ragged" : Integer.toString(view.length())) + " batch="
                    + batch;
        }
    }

    /** A measured comparison; times are the fastest repetition of each side, in seconds. */
    record PeerResult(PeerCell cell, int threads, long bytes, double gvlSeconds, double peerSeconds,
                      double arraycopySeconds, String peerVersion) {
        double ratio() {
            return peerSeconds / gvlSeconds;
        }

        double gvlOverArraycopy() {
            return arraycopySeconds / gvlSeconds;
        }

        double peerOverArraycopy() {
            return arraycopySeconds / peerSeconds;
        }
    }

    private PeerComparison() {}

    /** The cells of the comparison; {@code quick} gives one query and one epoch cell. */
    static List<PeerCell> cells(boolean quick) {
        List<PeerCell> out = new ArrayList<>();
        int[][] shapes = quick ? new int[][] {{1024, 8}} : new int[][] {{16_384, 64}, {1024, 128}};
        for (int[] shape : shapes) {
            int len = shape[0];
            int batch = shape[1];
            List<PeerCell> query = List.of(
                    new PeerCell("reference", new PeerView(SeqKind.REFERENCE, List.of(), len), batch, null),
                    new PeerCell("haplotypes", new PeerView(SeqKind.HAPLOTYPES, List.of(), len), batch, null),
                    new PeerCell("annotated", new PeerView(SeqKind.ANNOTATED, List.of(), len), batch, null),
                    new PeerCell("tracks", new PeerView(SeqKind.NONE, List.of(DemoData.TRACK), len), batch, null),
                    new PeerCell("haplotypes+tracks", new PeerView(SeqKind.HAPLOTYPES, List.of(DemoData.TRACK), len),
                            batch, null),
                    new PeerCell("variants", new PeerView(SeqKind.VARIANTS, List.of(), -1), batch, null),
                    new PeerCell("haplotypes ragged", new PeerView(SeqKind.HAPLOTYPES, List.of(), -1), batch, null));
            out.addAll(quick ? query.subList(1, 2) : query);
            PeerView loaderView = new PeerView(SeqKind.HAPLOTYPES, List.of(), len);
            for (String mode : quick ? List.of("none") : List.of("none", "buffered", "buffered copy=false",
                    "double_buffered", "double_buffered copy=false")) {
                out.add(new PeerCell("epoch " + mode, loaderView, quick ? 16 : batch, mode));
            }
        }
        return out;
    }

    /** The cells whose id {@code pattern} finds (all when it is {@code null}); refuses a pattern that finds none. */
    static List<PeerCell> selected(List<PeerCell> cells, Pattern pattern) {
        if (pattern == null) {
            return cells;
        }
        List<PeerCell> out = cells.stream().filter(c -> pattern.matcher(c.id()).find()).toList();
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--cells '" + pattern + "' matches none of the cells: "
                    + cells.stream().map(PeerCell::id).toList());
        }
        return out;
    }

    /** Runs every cell at 1 thread and, unless {@code quick}, at 2; returns the results in order. */
    static List<PeerResult> run(Harness.Options options, DemoData data, PrintWriter out, PrintWriter log)
            throws Exception {
        Path python = options.peerPython();
        if (python == null) {
            throw new IllegalArgumentException("the peer suite needs --peer-python PATH: a Python with"
                    + " genvarloader 0.43.1 and torch installed");
        }
        Protocol warm = options.quick() ? Protocol.QUICK : Protocol.DEFAULT;
        int rounds = options.quick() ? 2 : ROUNDS;
        int reps = options.quick() ? 1 : MIN_REPS;
        List<PeerResult> results = new ArrayList<>();
        Path tmp = Files.createTempDirectory("gvl-peer");
        try {
            Path ds = writeDataset(data, tmp);
            // GenVarLoader writes a cache beside the FASTA it is given: give it a copy, never the bundled file.
            Path fasta = copyReference(data.fasta(), tmp.resolve("reference"));
            Path stderr = options.outDir().resolve("peer-python.log");
            Files.createDirectories(options.outDir());
            log.println("# peer: GenVarLoader via " + python + " (its stderr: " + stderr + "), " + rounds
                    + " alternating rounds of " + reps + "-" + (options.quick() ? 1 : MAX_REPS)
                    + " repetitions per side (more for faster cells), fastest repetition compared");
            log.flush();
            List<Integer> threadCounts = options.quick() ? List.of(1) : List.of(1, Math.max(2, options.threads()));
            List<PeerCell> cells = selected(cells(options.quick()), options.cells());
            try (Dataset base = Dataset.open(ds, fasta)) {
                for (int threads : threadCounts) {
                    try (GvlPythonPeer peer = GvlPythonPeer.start(python, threads, ds, fasta, stderr);
                         ForkJoinPool pool = new ForkJoinPool(threads)) {
                        for (PeerCell cell : cells) {
                            PeerResult r = measure(cell, threads, base, peer, pool, warm, rounds, reps);
                            results.add(r);
                            report(r, out, log);
                        }
                    }
                }
            }
            PeerReports.writeCsv(options.outDir().resolve("peer.csv"), SystemInfo.detect(options.threads()), results);
            PeerReports.writePng(options.outDir().resolve("peer.png"), results);
            PeerReports.printTable(results, log);
            log.println("# wrote " + options.outDir().resolve("peer.csv") + " and " + options.outDir().resolve("peer.png"));
            log.flush();
            return results;
        } finally {
            BenchFixture.deleteTree(tmp);
        }
    }

    private static PeerResult measure(PeerCell cell, int threads, Dataset base, GvlPythonPeer peer, ForkJoinPool pool,
            Protocol warm, int rounds, int minReps) throws Exception {
        Dataset view = cell.view().apply(base);
        double gvlBest = Double.MAX_VALUE;
        double peerBest = Double.MAX_VALUE;
        long[] bytes = new long[1];
        if (cell.isEpoch()) {
            String[] modeAndCopy = cell.loaderMode().split(" ");
            boolean copy = modeAndCopy.length == 1;
            try (DataLoader loader = DataLoader.builder(view).batchSize(cell.batch())
                    .mode(Mode.valueOf(modeAndCopy[0].toUpperCase(Locale.ROOT))).copy(copy)
                    .bufferBytes(BUFFER_BYTES).build()) {
                Callable<Double> epoch = () -> {
                    long t0 = System.nanoTime();
                    long b = 0;
                    for (Batch batch : loader) {
                        try (batch) {
                            for (NamedArray a : batch.arrays()) {
                                b += a.array().byteSize();
                            }
                        }
                    }
                    bytes[0] = b;
                    return (System.nanoTime() - t0) / 1e9;
                };
                int reps = repetitions(warmUp(pool, epoch, warm), minReps);
                peer.epochs(cell.view(), cell.batch(), modeAndCopy[0], copy, BUFFER_BYTES, 2);
                for (int round = 0; round < rounds; round++) {
                    for (int i = 0; i < reps; i++) {
                        gvlBest = Math.min(gvlBest, inPool(pool, epoch));
                    }
                    for (double s : peer.epochs(cell.view(), cell.batch(), modeAndCopy[0], copy, BUFFER_BYTES, reps)) {
                        peerBest = Math.min(peerBest, s);
                    }
                }
                peer.dropLoaders();
            }
        } else {
            InstanceDraws instances = new InstanceDraws(view.regionCount(), view.sampleCount());
            List<int[][]> batches = new ArrayList<>();
            for (int i = 0; i < QUERY_BATCHES; i++) {
                batches.add(instances.next(cell.batch()));
            }
            Callable<Double> query = () -> {
                long total = 0;
                long b = 0;
                for (int[][] pair : batches) {
                    long t0 = System.nanoTime();
                    try (DatasetOutput o = view.get(pair[0], pair[1])) {
                        total += System.nanoTime() - t0;
                        for (NamedArray a : o.arrays()) {
                            b += a.array().byteSize();
                        }
                    }
                }
                bytes[0] = b;
                return total / 1e9;
            };
            int reps = repetitions(warmUp(pool, query, warm), minReps);
            peer.query(cell.view(), batches);
            peer.query(cell.view(), batches);
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < reps; i++) {
                    gvlBest = Math.min(gvlBest, inPool(pool, query));
                }
                for (int i = 0; i < reps; i++) {
                    double sum = 0;
                    for (double s : peer.query(cell.view(), batches)) {
                        sum += s;
                    }
                    peerBest = Math.min(peerBest, sum);
                }
            }
        }
        Stats copy = warm.measure(new Arraycopy(Math.max(1, bytes[0])));
        return new PeerResult(cell, threads, bytes[0], gvlBest, peerBest, bytes[0] / copy.max(), peer.version());
    }

    /** Runs {@code work} for the warm-up time; returns the fastest time it took. */
    private static double warmUp(ForkJoinPool pool, Callable<Double> work, Protocol warm) throws Exception {
        long end = System.nanoTime() + warm.warmup().toNanos();
        int n = 0;
        double best = Double.MAX_VALUE;
        while (n < warm.minReps() || System.nanoTime() < end) {
            best = Math.min(best, inPool(pool, work));
            n++;
        }
        return best;
    }

    /** Repetitions per side and round for a cell whose gvl side takes {@code seconds}. */
    static int repetitions(double seconds, int atLeast) {
        if (atLeast <= 1) {
            return atLeast;
        }
        return (int) Math.max(atLeast, Math.min(MAX_REPS, Math.ceil(ROUND_SECONDS / seconds)));
    }

    private static double inPool(ForkJoinPool pool, Callable<Double> work) throws Exception {
        try {
            return pool.submit(work).get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    private static Path copyReference(Path fasta, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path copy = dir.resolve(fasta.getFileName());
        Files.copy(fasta, copy);
        Path fai = fasta.resolveSibling(fasta.getFileName() + ".fai");
        if (Files.exists(fai)) {
            Files.copy(fai, dir.resolve(fai.getFileName()));
        }
        return copy;
    }

    private static Path writeDataset(DemoData data, Path tmp) {
        Map<String, Path> coverage = data.writeCoverage(tmp.resolve("bigwig"));
        Path bed = BenchFixture.tiledRegions(data, tmp.resolve("peer.bed"), REGIONS, REGION_LENGTH);
        Path ds = tmp.resolve("peer.gvl");
        Gvl.write(ds, data.writeOptions(bed, coverage, true).build());
        return ds;
    }

    private static void report(PeerResult r, PrintWriter out, PrintWriter log) {
        out.println(PeerReports.json(r));
        out.flush();
        log.printf(Locale.ROOT, "# peer %-36s threads %d  gvl %9.3f ms  GenVarLoader %9.3f ms  ratio %6.2fx"
                        + "  (vs arraycopy: gvl %.3f, GenVarLoader %.3f)%n", r.cell().id(), r.threads(),
                r.gvlSeconds() * 1e3, r.peerSeconds() * 1e3, r.ratio(), r.gvlOverArraycopy(), r.peerOverArraycopy());
        log.flush();
    }
}
