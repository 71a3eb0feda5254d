package io.gvl.bench.harness;

import io.gvl.core.buffer.NamedArray;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.demo.DemoData;
import java.util.ArrayList;
import java.util.List;

/**
 * The dataset-query suites {@code haplotypes}, {@code annotated}, {@code tracks} and {@code reference}: one
 * {@code Dataset.get(regions, samples)} per run at a fixed output length, in serial or parallel kernel mode
 * ({@code -Dgvl.parallel=never|always}). Peers: {@code bcftools consensus} for haplotypes, htsjdk's indexed FASTA
 * for the reference, our bigWig reader expanded to dense rows for tracks.
 */
final class QuerySuite implements Suite {
    /** What a suite queries. */
    enum Kind { HAPLOTYPES, ANNOTATED, TRACKS, REFERENCE }

    static final int[] LENGTHS = {1024, 16_384, 131_072};
    static final int[] BATCHES = {8, 64};
    static final List<String> MODES = List.of("serial", "parallel");
    /** The peer cell: long enough to matter, short enough that windows stay inside the 1 Mb contig. */
    static final int PEER_LENGTH = 16_384;

    private final Kind kind;
    private final BenchFixture fixture;

    QuerySuite(Kind kind, BenchFixture fixture) {
        this.kind = kind;
        this.fixture = fixture;
    }

    @Override
    public String name() {
        return kind.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public List<Cell> cells(boolean quick) {
        List<Cell> out = new ArrayList<>();
        for (String mode : quick ? MODES.subList(0, 1) : MODES) {
            for (int len : quick ? new int[] {LENGTHS[0]} : LENGTHS) {
                for (int batch : quick ? new int[] {BATCHES[0]} : BATCHES) {
                    out.add(new Cell(name(), len, batch, mode));
                }
            }
        }
        return out;
    }

    @Override
    public Workload workload(Cell cell) {
        return new QueryWorkload(view(OutputLength.fixed(cell.length())), cell.batch(), cell.mode());
    }

    @Override
    public List<PeerRun> peers(boolean quick) {
        int batch = quick ? 2 : BATCHES[0];
        return switch (kind) {
            case HAPLOTYPES -> {
                if (!BcftoolsConsensusPeer.available()) {
                    yield List.of();
                }
                Cell cell = new Cell(name(), 0, batch, "serial");
                Dataset ragged = view(OutputLength.ragged()).withSettings(s -> s.withRcNeg(false));
                yield List.of(new PeerRun(cell, "bcftools-consensus", new QueryWorkload(ragged, batch, "serial"),
                        new BcftoolsConsensusPeer(fixture, batch)));
            }
            case REFERENCE -> {
                Cell cell = new Cell(name(), PEER_LENGTH, BATCHES[1], "serial");
                yield List.of(new PeerRun(cell, "htsjdk-indexed-fasta",
                        new QueryWorkload(view(OutputLength.fixed(PEER_LENGTH)), cell.batch(), "serial"),
                        new HtsjdkFastaPeer(fixture, PEER_LENGTH, cell.batch())));
            }
            case TRACKS -> {
                Cell cell = new Cell(name(), PEER_LENGTH, BATCHES[1], "serial");
                yield List.of(new PeerRun(cell, "bigwig-reader-dense",
                        new QueryWorkload(view(OutputLength.fixed(PEER_LENGTH)), cell.batch(), "serial"),
                        new BigWigDensePeer(fixture, PEER_LENGTH, cell.batch())));
            }
            case ANNOTATED -> List.of();
        };
    }

    private Dataset view(OutputLength length) {
        Dataset ds = fixture.dataset();
        Dataset v = switch (kind) {
            case HAPLOTYPES -> ds.withoutTracks().withSeqs(SeqKind.HAPLOTYPES);
            case ANNOTATED -> ds.withoutTracks().withSeqs(SeqKind.ANNOTATED);
            case TRACKS -> ds.withSeqs(SeqKind.NONE).withTracks(DemoData.TRACK);
            case REFERENCE -> ds.withoutTracks().withSeqs(SeqKind.REFERENCE);
        };
        return v.withLen(length);
    }

    /** One batched query per run; sets the kernel mode while open and restores it on close. */
    static final class QueryWorkload implements Workload {
        private static final String PROPERTY = "gvl.parallel";
        private final Dataset view;
        private final int batch;
        private final InstanceDraws instances;
        private final String previous;

        QueryWorkload(Dataset view, int batch, String mode) {
            this.view = view;
            this.batch = batch;
            this.instances = new InstanceDraws(view.regionCount(), view.sampleCount());
            this.previous = System.getProperty(PROPERTY);
            System.setProperty(PROPERTY, switch (mode) {
                case "serial" -> "never";
                case "parallel" -> "always";
                default -> throw new IllegalArgumentException("mode must be serial or parallel, got " + mode);
            });
        }

        @Override
        public long run() {
            int[][] pairs = instances.next(batch);
            try (DatasetOutput out = view.get(pairs[0], pairs[1])) {
                long bytes = 0;
                for (NamedArray a : out.arrays()) {
                    bytes += a.array().byteSize();
                }
                return bytes;
            }
        }

        @Override
        public void close() {
            if (previous == null) {
                System.clearProperty(PROPERTY);
            } else {
                System.setProperty(PROPERTY, previous);
            }
        }
    }
}
