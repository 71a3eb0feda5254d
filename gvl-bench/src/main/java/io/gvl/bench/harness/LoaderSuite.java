package io.gvl.bench.harness;

import io.gvl.core.buffer.NamedArray;
import io.gvl.core.dataset.Dataset;
import io.gvl.core.dataset.OutputLength;
import io.gvl.core.dataset.SeqKind;
import io.gvl.dataloader.Batch;
import io.gvl.dataloader.DataLoader;
import io.gvl.dataloader.EpochStats;
import io.gvl.dataloader.Mode;
import io.gvl.demo.DemoData;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code loader} suite, on GVL's grid (§7.6 of the read-path notes): one epoch of {@value #EPOCH} instances per
 * run (the fixture's instances, cycled), haplotypes or annotated haplotypes of fixed length {1k, 5k, 10k} in batches
 * of {16, 128, 256}, in each loader mode (NONE, BUFFERED, DOUBLE_BUFFERED); plus haplotypes with the realigned
 * coverage track at 16 kb. Output bytes are every batch's arrays. The cell's mode reads {@code <loader mode>/<output>}.
 */
final class LoaderSuite implements Suite {
    static final int[] LENGTHS = {1024, 5120, 10_240};
    static final int[] BATCHES = {16, 128, 256};
    static final List<String> OUTPUTS = List.of("haplotypes", "annotated");
    static final int EPOCH = 1024;
    private static final long BUFFER_BYTES = 256L << 20;

    private final BenchFixture fixture;
    private final Map<Cell, long[]> breakdown = new ConcurrentHashMap<>();

    LoaderSuite(BenchFixture fixture) {
        this.fixture = fixture;
    }

    @Override
    public String name() {
        return "loader";
    }

    @Override
    public List<Cell> cells(boolean quick) {
        List<Cell> out = new ArrayList<>();
        for (Mode mode : Mode.values()) {
            String m = mode.name().toLowerCase(Locale.ROOT);
            for (String output : quick ? OUTPUTS.subList(0, 1) : OUTPUTS) {
                for (int len : quick ? new int[] {LENGTHS[0]} : LENGTHS) {
                    for (int batch : quick ? new int[] {BATCHES[0]} : BATCHES) {
                        out.add(new Cell(name(), len, batch, m + "/" + output));
                    }
                }
            }
            if (!quick) {
                out.add(new Cell(name(), 16_384, 64, m + "/haplotypes+track"));
            }
        }
        return out;
    }

    private void add(Cell cell, EpochStats st) {
        long[] sum = breakdown.computeIfAbsent(cell, c -> new long[7]);
        long[] add = {1, st.wallNanos(), st.produceNanos(), st.waitNanos(), st.copyNanos(), st.consumeNanos(),
                st.arenasCreated()};
        for (int i = 0; i < sum.length; i++) {
            sum[i] += add[i];
        }
    }

    /** Per cell: mean milliseconds per epoch of wall, produce, wait, copy and consume time, and arenas opened. */
    @Override
    public void summarize(List<CellResult> results, Map<Cell, Long> peakRssKib, PrintWriter out, PrintWriter log) {
        for (CellResult r : results) {
            long[] s = breakdown.get(r.cell());
            if (s == null || s[0] == 0) {
                continue;
            }
            double n = s[0];
            out.printf(Locale.ROOT, "{\"suite\":\"loader\",\"cell\":\"%s\",\"epochs\":%d,\"wall_ms\":%.3f,"
                            + "\"produce_ms\":%.3f,\"wait_ms\":%.3f,\"copy_ms\":%.3f,\"consume_ms\":%.3f,"
                            + "\"arenas_per_epoch\":%.2f}%n", r.cell().id(), s[0], s[1] / n / 1e6, s[2] / n / 1e6,
                    s[3] / n / 1e6, s[4] / n / 1e6, s[5] / n / 1e6, s[6] / n);
            log.printf(Locale.ROOT, "# loader breakdown %-45s wall %8.2f ms = produce %8.2f / wait %8.2f / copy %7.2f"
                            + " / consume %7.2f ms per epoch, %.2f arenas%n", r.cell().id(), s[1] / n / 1e6,
                    s[2] / n / 1e6, s[3] / n / 1e6, s[4] / n / 1e6, s[5] / n / 1e6, s[6] / n);
        }
    }

    @Override
    public Workload workload(Cell cell) {
        String[] modeAndOutput = cell.mode().split("/");
        Dataset base = fixture.dataset().withLen(OutputLength.fixed(cell.length()));
        Dataset view = switch (modeAndOutput[1]) {
            case "annotated" -> base.withSeqs(SeqKind.ANNOTATED).withoutTracks();
            case "haplotypes+track" -> base.withSeqs(SeqKind.HAPLOTYPES).withTracks(DemoData.TRACK);
            default -> base.withSeqs(SeqKind.HAPLOTYPES).withoutTracks();
        };
        long[] order = new long[EPOCH];
        for (int i = 0; i < EPOCH; i++) {
            order[i] = i % view.size();
        }
        DataLoader loader = DataLoader.builder(view)
                .batchSize(cell.batch())
                .order(order)
                .mode(Mode.valueOf(modeAndOutput[0].toUpperCase(Locale.ROOT)))
                .bufferBytes(BUFFER_BYTES)
                .build();
        return new Workload() {
            @Override
            public long run() {
                long bytes = 0;
                for (Batch b : loader) {
                    try (b) {
                        for (NamedArray a : b.arrays()) {
                            bytes += a.array().byteSize();
                        }
                    }
                }
                loader.lastEpochStats().ifPresent(st -> add(cell, st));
                return bytes;
            }

            @Override
            public void close() {
                loader.close();
            }
        };
    }
}
