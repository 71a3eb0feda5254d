package io.gvl.bench.harness;

import io.gvl.dataset.Dataset;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.onnx.OnnxPredictor;
import io.gvl.onnx.PredictionStats;
import io.gvl.write.Gvl;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code predict} suite: {@link OnnxPredictor#predict} of a whole view through each of the repository's test
 * models (the ones {@code tools/onnx/make_test_models.py} builds), with one and two ONNX Runtime threads. The view
 * is a dataset written from the demo data over {@value #REGIONS} tiled regions of {@value #REGION_LENGTH} bp (real
 * GRCh37 sequence, real 1000 Genomes sites, 16 samples): {@value #REGIONS} x 16 instances of two haplotypes per
 * run, {@value #BATCH} instances per model call. Bytes per run are the sequence bytes fed (rows x length), so the
 * arraycopy ratio compares the whole prediction with moving its input once; {@link #summarize} adds instances per
 * second and the share of wall time in gvl (batches, one-hot), in ONNX Runtime, in writing the table and the rest.
 * The cell's mode reads {@code <model>/threads=<T>}.
 */
final class PredictSuite implements Suite {
    static final int REGIONS = 256;
    static final int REGION_LENGTH = 2048;
    static final int BATCH = 64;
    static final int[] THREADS = {1, 2};

    /** A test model and the row length it is run at (its own, or the view's when the model leaves it open). */
    record Model(String name, int length) {
    }

    static final List<Model> MODELS = List.of(new Model("tiny-cnn", 16), new Model("byte-sum", REGION_LENGTH),
            new Model("conv-net", 1024));

    private final BenchFixture fixture;
    private final Map<Cell, long[]> sums = new ConcurrentHashMap<>();
    private Dataset opened;
    private Dataset dataset;
    private int runs;

    PredictSuite(BenchFixture fixture) {
        this.fixture = fixture;
    }

    @Override
    public String name() {
        return "predict";
    }

    @Override
    public List<Cell> cells(boolean quick) {
        List<Cell> out = new ArrayList<>();
        for (Model m : quick ? MODELS.subList(0, 1) : MODELS) {
            for (int t : quick ? new int[] {1} : THREADS) {
                out.add(new Cell(name(), m.length(), BATCH, m.name() + "/threads=" + t));
            }
        }
        return out;
    }

    @Override
    public Workload workload(Cell cell) {
        String[] modelAndThreads = cell.mode().split("/threads=");
        Path model = model(modelAndThreads[0]);
        OnnxPredictor predictor = OnnxPredictor.open(model, Integer.parseInt(modelAndThreads[1]));
        Dataset view = dataset().withLen(OutputLength.fixed(cell.length()));
        if (predictor.inputSeqs().isEmpty()) {
            view = view.withSeqs(SeqKind.HAPLOTYPES);
        }
        Dataset v = view;
        Path out = fixture.scratch("predict-" + (runs++) + ".arrow");
        return new Workload() {
            @Override
            public long run() {
                PredictionStats s = predictor.predict(v, out, cell.batch(), true);
                add(cell, s);
                return s.rows() * cell.length();
            }

            @Override
            public void close() {
                predictor.close();
                try {
                    Files.deleteIfExists(out);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot delete " + out, e);
                }
            }
        };
    }

    /** The suite's dataset, written on first use into the fixture's directory. */
    private synchronized Dataset dataset() {
        if (dataset == null) {
            Path bed = BenchFixture.tiledRegions(fixture.data(), fixture.scratch("predict.bed"), REGIONS,
                    REGION_LENGTH);
            Path ds = fixture.scratch("predict.gvl");
            Gvl.write(ds, fixture.data().writeOptions(bed, fixture.coverage(), false).build());
            opened = Dataset.open(ds, fixture.data().fasta());
            dataset = opened.withoutTracks();
        }
        return dataset;
    }

    /** A test model copied out of the class path into the fixture's directory (ONNX Runtime loads files). */
    private Path model(String name) {
        Path file = fixture.scratch(name + ".onnx");
        if (!Files.exists(file)) {
            try (InputStream in = PredictSuite.class.getResourceAsStream("/onnx/" + name + ".onnx")) {
                if (in == null) {
                    throw new IllegalStateException("test model /onnx/" + name + ".onnx is not on the class path;"
                            + " rebuild gvl-bench (it copies gvl-onnx's test models)");
                }
                Files.copy(in, file);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot copy model " + name + " to " + file, e);
            }
        }
        return file;
    }

    private void add(Cell cell, PredictionStats s) {
        long[] sum = sums.computeIfAbsent(cell, c -> new long[6]);
        synchronized (sum) {
            sum[0]++;
            sum[1] += s.instances();
            sum[2] += s.gvlNanos();
            sum[3] += s.runtimeNanos();
            sum[4] += s.writeNanos();
            sum[5] += s.totalNanos();
        }
    }

    /**
     * Per cell: the median instances per second (from the median rate and the instances of a run) and the shares of
     * the summed wall time of every run (warm-up included) in gvl, ONNX Runtime, writing and the rest; then the load
     * average. Ratios between cells on one model say how a second ONNX Runtime thread pays off.
     */
    @Override
    public void summarize(List<CellResult> results, Map<Cell, Long> peakRssKib, PrintWriter out, PrintWriter log) {
        for (CellResult r : results) {
            long[] s = sums.get(r.cell());
            if (s == null || s[0] == 0 || s[5] == 0) {
                continue;
            }
            double instancesPerRun = (double) s[1] / s[0];
            double perSecond = r.measured().median() / r.measured().bytesPerRep() * instancesPerRun;
            double total = s[5];
            double other = Math.max(0, total - s[2] - s[3] - s[4]);
            out.printf(Locale.ROOT, "{\"suite\":\"predict\",\"cell\":\"%s\",\"runs\":%d,\"instances_per_run\":%.0f,"
                            + "\"instances_per_s\":%.1f,\"gvl_share\":%.4f,\"onnxruntime_share\":%.4f,"
                            + "\"write_share\":%.4f,\"other_share\":%.4f,\"arraycopy_ratio\":%.6f}%n", r.cell().id(),
                    s[0], instancesPerRun, perSecond, s[2] / total, s[3] / total, s[4] / total, other / total,
                    r.ratio());
            log.printf(Locale.ROOT, "# predict %-40s %,10.0f instances/s  gvl %4.1f %%  ONNX Runtime %4.1f %%  write"
                            + " %4.1f %%  other %4.1f %%  (%d runs)%n", r.cell().id(), perSecond, 100 * s[2] / total,
                    100 * s[3] / total, 100 * s[4] / total, 100 * other / total, s[0]);
        }
        log.println("# load average after the suite: " + SystemInfo.loadAverage());
        log.flush();
        if (opened != null) {
            opened.close();
        }
    }
}
