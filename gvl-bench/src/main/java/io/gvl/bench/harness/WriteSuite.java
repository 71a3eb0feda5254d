package io.gvl.bench.harness;

import io.gvl.write.Gvl;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The {@code write} suite: {@code Gvl.write} of the demo inputs per run, over {@value #REGIONS} regions of the
 * cell's length spread along the contig ({@code batch} = regions), with variants only or variants plus the 16
 * coverage bigWigs. Output bytes are the dataset's bytes on disk.
 */
final class WriteSuite implements Suite, PeakRssProbed {
    static final int REGIONS = 24;
    static final int[] LENGTHS = {2048, 16_384};
    static final List<String> MODES = List.of("variants", "variants+tracks");

    private final BenchFixture fixture;
    private int runs;

    WriteSuite(BenchFixture fixture) {
        this.fixture = fixture;
    }

    @Override
    public String name() {
        return "write";
    }

    @Override
    public List<Cell> cells(boolean quick) {
        List<Cell> out = new ArrayList<>();
        for (String mode : quick ? MODES.subList(0, 1) : MODES) {
            for (int len : quick ? new int[] {LENGTHS[0]} : LENGTHS) {
                out.add(new Cell(name(), len, REGIONS, mode));
            }
        }
        return out;
    }

    @Override
    public Workload workload(Cell cell) {
        Path bed = fixture.scratch("write-" + cell.length() + ".bed");
        writeBed(bed, cell.length());
        boolean tracks = cell.mode().equals("variants+tracks");
        Path out = fixture.scratch("write-" + (runs++) + ".gvl");
        return new Workload() {
            @Override
            public long run() {
                Gvl.write(out, fixture.data().writeOptions(bed, fixture.coverage(), tracks).overwrite(true)
                        .build());
                return sizeOf(out);
            }

            @Override
            public void close() {
                BenchFixture.deleteTree(out);
            }
        };
    }

    /** Peak RSS of one write of {@code cell}, in a fresh JVM. */
    @Override
    public long peakRssKib(Cell cell) {
        Path bed = fixture.scratch("rss-" + cell.length() + ".bed");
        writeBed(bed, cell.length());
        return WriteMemoryProbe.peakRssKib(fixture.data(), bed, fixture.coverage(), cell.mode().equals("variants+tracks"),
                bed.getParent());
    }

    private void writeBed(Path bed, int length) {
        var contig = fixture.data().contigs().entrySet().iterator().next();
        long stride = (contig.getValue() - length) / REGIONS;
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < REGIONS; i++) {
            long start = i * stride;
            sb.append(contig.getKey()).append('\t').append(start).append('\t').append(start + length).append('\n');
        }
        try {
            Files.writeString(bed, sb);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + bed, e);
        }
    }

    static long sizeOf(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot stat " + p, e);
                }
            }).sum();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot walk " + dir, e);
        }
    }
}
