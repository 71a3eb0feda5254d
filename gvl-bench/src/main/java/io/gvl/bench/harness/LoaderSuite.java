package io.gvl.bench.harness;

import io.gvl.core.buffer.NamedArray;
import io.gvl.core.dataset.OutputLength;
import io.gvl.core.dataset.SeqKind;
import io.gvl.dataloader.Batch;
import io.gvl.dataloader.DataLoader;
import io.gvl.dataloader.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code loader} suite: one epoch of a {@link DataLoader} over haplotypes plus the realigned coverage track
 * per run, in each loader mode (NONE, BUFFERED, DOUBLE_BUFFERED). Output bytes are every batch's arrays.
 */
final class LoaderSuite implements Suite {
    static final int[] LENGTHS = {1024, 16_384};
    static final int[] BATCHES = {16, 64};
    private static final long BUFFER_BYTES = 256L << 20;

    private final BenchFixture fixture;

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
            for (int len : quick ? new int[] {LENGTHS[0]} : LENGTHS) {
                for (int batch : quick ? new int[] {BATCHES[0]} : BATCHES) {
                    out.add(new Cell(name(), len, batch, mode.name().toLowerCase(Locale.ROOT)));
                }
            }
        }
        return out;
    }

    @Override
    public Workload workload(Cell cell) {
        DataLoader loader = DataLoader.builder(fixture.dataset().withSeqs(SeqKind.HAPLOTYPES)
                        .withTracks(BenchFixture.TRACK).withLen(OutputLength.fixed(cell.length())))
                .batchSize(cell.batch())
                .mode(Mode.valueOf(cell.mode().toUpperCase(Locale.ROOT)))
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
                return bytes;
            }

            @Override
            public void close() {
                loader.close();
            }
        };
    }
}
