package io.gvl.bench.harness;

import io.gvl.core.buffer.Dense;
import io.gvl.core.buffer.NamedArray;
import io.gvl.core.buffer.Ragged;
import io.gvl.dataloader.Batch;
import io.gvl.dataloader.DataLoader;
import io.gvl.dataloader.EpochStats;
import io.gvl.dataloader.Mode;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.demo.DemoData;
import io.gvl.write.Gvl;
import java.io.PrintWriter;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32C;

/**
 * The {@code loader} suite: one epoch of {@link DataLoader} per run, in every mode ({@code none}, {@code buffered}
 * with and without {@code copy}, {@code double_buffered} with and without {@code copy}) on the same view as the
 * peer suite's epochs (haplotypes of fixed length over {@value #REGIONS} tiled regions of {@value #REGION_LENGTH} bp
 * and the demo's 16 samples, so 960 instances), at 16 kb x 64 and 1 kb x 128. The consumer touches every byte: it
 * folds each batch's arrays into a CRC32C, so prefetching has work to overlap with, and each epoch's checksum must
 * equal the {@code none} epoch's (the suite fails otherwise). The modes of a shape run interleaved
 * ({@link Suite#interleavedRounds()}), and {@link #summarize} prints, per cell, the time breakdown of its fastest
 * epoch (produce, wait, copy, consume) and its ratio to {@code none}.
 */
final class LoaderSuite implements Suite {
    static final int REGIONS = 60;
    static final int REGION_LENGTH = 16_384;
    static final int[][] SHAPES = {{16_384, 64}, {1024, 128}};
    static final List<String> MODES = List.of("none", "buffered", "buffered copy=false", "double_buffered",
            "double_buffered copy=false");
    private static final long BUFFER_BYTES = 256L << 20;

    private final BenchFixture fixture;
    private Dataset dataset;
    private final Map<Cell, Fastest> fastest = new ConcurrentHashMap<>();
    private final Map<String, Long> checksums = new ConcurrentHashMap<>();

    /** The fastest epoch of a cell so far: its wall time around the whole loop and the loader's breakdown. */
    private record Fastest(long nanos, EpochStats stats) {
    }

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
        for (int[] shape : quick ? new int[][] {{1024, 16}} : SHAPES) {
            for (String mode : MODES) {
                out.add(new Cell(name(), shape[0], shape[1], mode));
            }
        }
        return out;
    }

    @Override
    public int interleavedRounds() {
        return 5;
    }

    private synchronized Dataset dataset() {
        if (dataset == null) {
            DemoData data = fixture.data();
            Path bed = BenchFixture.tiledRegions(data, fixture.scratch("loader.bed"), REGIONS, REGION_LENGTH);
            Path ds = fixture.scratch("loader.gvl");
            Gvl.write(ds, data.writeOptions(bed, fixture.coverage(), true).build());
            dataset = Dataset.open(ds, data.fasta());
        }
        return dataset;
    }

    @Override
    public Workload workload(Cell cell) {
        Dataset view = dataset().withSeqs(SeqKind.HAPLOTYPES).withoutTracks()
                .withLen(OutputLength.fixed(cell.length()));
        String[] modeAndCopy = cell.mode().split(" ");
        DataLoader loader = DataLoader.builder(view)
                .batchSize(cell.batch())
                .mode(Mode.valueOf(modeAndCopy[0].toUpperCase(Locale.ROOT)))
                .copy(modeAndCopy.length == 1)
                .bufferBytes(BUFFER_BYTES)
                .build();
        String shape = cell.length() + "x" + cell.batch();
        return new Workload() {
            @Override
            public long run() {
                long t0 = System.nanoTime();
                CRC32C crc = new CRC32C();
                long bytes = 0;
                for (Batch b : loader) {
                    try (b) {
                        for (NamedArray a : b.arrays()) {
                            bytes += a.array().byteSize();
                            switch (a.array()) {
                                case Dense d -> update(crc, d.data());
                                case Ragged r -> {
                                    update(crc, r.data());
                                    update(crc, r.offsets());
                                }
                            }
                        }
                    }
                }
                long nanos = System.nanoTime() - t0;
                long sum = crc.getValue();
                Long first = checksums.putIfAbsent(shape, sum);
                if (first != null && first != sum) {
                    throw new IllegalStateException("loader mode " + cell.mode() + " at " + shape + " gave epoch bytes"
                            + " with CRC32C " + Long.toHexString(sum) + ", another mode " + Long.toHexString(first));
                }
                loader.lastEpochStats().ifPresent(st -> fastest.merge(cell, new Fastest(nanos, st),
                        (a, b) -> b.nanos() < a.nanos() ? b : a));
                return bytes;
            }

            @Override
            public void close() {
                loader.close();
            }
        };
    }

    @Override
    public synchronized void close() {
        if (dataset != null) {
            dataset.close();
            dataset = null;
        }
    }

    private static void update(CRC32C crc, MemorySegment s) {
        crc.update(s.asByteBuffer());
    }

    /**
     * Per cell: the breakdown of its fastest epoch (JSON line and a readable line) and the fastest epoch's time as a
     * ratio to {@code none} of the same shape (above 1: the mode is faster than {@code none}).
     */
    @Override
    public void summarize(List<CellResult> results, Map<Cell, Long> peakRssKib, PrintWriter out, PrintWriter log) {
        Map<String, Long> none = new LinkedHashMap<>();
        for (CellResult r : results) {
            Fastest f = fastest.get(r.cell());
            if (f != null && r.cell().mode().equals("none")) {
                none.put(r.cell().length() + "x" + r.cell().batch(), f.nanos());
            }
        }
        for (CellResult r : results) {
            Fastest f = fastest.get(r.cell());
            if (f == null) {
                continue;
            }
            EpochStats s = f.stats();
            Long base = none.get(r.cell().length() + "x" + r.cell().batch());
            double vsNone = base == null ? Double.NaN : (double) base / f.nanos();
            // What the caller's thread did besides: fetching itself (none) or waiting for the producer, copying and
            // consuming; the rest is planning the epoch, starting and stopping it.
            long onCaller = (s.mode() == Mode.NONE ? s.produceNanos() : s.waitNanos()) + s.copyNanos() + s.consumeNanos();
            double otherMs = (f.nanos() - onCaller) / 1e6;
            out.printf(Locale.ROOT, "{\"suite\":\"loader\",\"cell\":\"%s\",\"fastest_epoch_ms\":%.3f,\"vs_none\":%.3f,"
                            + "\"wall_ms\":%.3f,\"produce_ms\":%.3f,\"wait_ms\":%.3f,\"copy_ms\":%.3f,"
                            + "\"consume_ms\":%.3f,\"other_ms\":%.3f,\"fetches\":%d,\"bytes_copied\":%d,"
                            + "\"arenas\":%d}%n",
                    r.cell().id(), f.nanos() / 1e6, vsNone, s.wallNanos() / 1e6, s.produceNanos() / 1e6,
                    s.waitNanos() / 1e6, s.copyNanos() / 1e6, s.consumeNanos() / 1e6, otherMs, s.chunks(),
                    s.bytesCopied(), s.arenasCreated());
            log.printf(Locale.ROOT, "# loader %-42s fastest epoch %6.2f ms (%.2fx none): produce %6.2f / wait %6.2f"
                            + " / copy %5.2f / consume %5.2f / other %5.2f ms, %d fetches, %,d bytes copied, %d arenas%n",
                    r.cell().id(), f.nanos() / 1e6, vsNone, s.produceNanos() / 1e6, s.waitNanos() / 1e6,
                    s.copyNanos() / 1e6, s.consumeNanos() / 1e6, otherMs, s.chunks(), s.bytesCopied(),
                    s.arenasCreated());
        }
        log.flush();
    }
}
