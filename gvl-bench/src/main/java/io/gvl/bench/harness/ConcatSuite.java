package io.gvl.bench.harness;

import io.gvl.format.ConcatAxis;
import io.gvl.write.Gvl;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The {@code concat} suite: {@code Gvl.concat} of {@value #PARTS} datasets written from the fixture's tiled regions
 * (demo variants and the 16 coverage bigWigs), split by regions or by samples, against a plain copy of the same
 * input files (the peer "file copy"): how close a join that rebases offsets and interleaves rows comes to moving the
 * bytes. Output bytes are the joined dataset's bytes on disk. The parts are written once, outside the timing.
 */
final class ConcatSuite implements Suite {
    static final int PARTS = 4;
    static final List<String> AXES = List.of("regions", "samples");

    private final BenchFixture fixture;
    private int runs;

    ConcatSuite(BenchFixture fixture) {
        this.fixture = fixture;
    }

    @Override
    public String name() {
        return "concat";
    }

    @Override
    public List<Cell> cells(boolean quick) {
        List<Cell> out = new ArrayList<>();
        for (String axis : quick ? AXES.subList(0, 1) : AXES) {
            out.add(new Cell(name(), BenchFixture.REGION_LENGTH, PARTS, axis));
        }
        return out;
    }

    @Override
    public Workload workload(Cell cell) {
        List<Path> parts = parts(cell.mode());
        ConcatAxis axis = ConcatAxis.valueOf(cell.mode().toUpperCase(java.util.Locale.ROOT));
        Path out = fixture.scratch("concat-" + (runs++) + ".gvl");
        return new Workload() {
            @Override
            public long run() {
                Gvl.concat(out, parts, axis, true, 1L << 30);
                return WriteSuite.sizeOf(out);
            }

            @Override
            public void close() {
                BenchFixture.deleteTree(out);
            }
        };
    }

    @Override
    public List<PeerRun> peers(boolean quick) {
        List<PeerRun> out = new ArrayList<>();
        for (Cell cell : cells(quick)) {
            List<Path> parts = parts(cell.mode());
            Path copy = fixture.scratch("copy-" + (runs++));
            Workload peer = new Workload() {
                @Override
                public long run() throws IOException {
                    BenchFixture.deleteTree(copy);
                    long bytes = 0;
                    for (int i = 0; i < parts.size(); i++) {
                        bytes += copyTree(parts.get(i), copy.resolve("part" + i));
                    }
                    return bytes;
                }

                @Override
                public void close() {
                    BenchFixture.deleteTree(copy);
                }
            };
            out.add(new PeerRun(cell, "file copy", workload(cell), peer));
        }
        return out;
    }

    /** The {@value #PARTS} parts of the fixture split along {@code axis}, written on first use. */
    private List<Path> parts(String axis) {
        List<Path> parts = new ArrayList<>();
        List<String> samples = fixture.data().samples();
        List<String> bedLines = readLines(BenchFixture.tiledRegions(fixture.data(), fixture.scratch("concat.bed")));
        for (int p = 0; p < PARTS; p++) {
            Path ds = fixture.scratch("concat-" + axis + "-part" + p + ".gvl");
            parts.add(ds);
            if (Files.isDirectory(ds)) {
                continue;
            }
            Path bed = fixture.scratch("concat-" + axis + "-part" + p + ".bed");
            List<String> sub = new ArrayList<>();
            List<String> sampleSub = new ArrayList<>();
            if (axis.equals("regions")) {
                for (int i = p; i < bedLines.size(); i += PARTS) {
                    sub.add(bedLines.get(i));
                }
                sampleSub.addAll(samples);
            } else {
                sub.addAll(bedLines);
                for (int i = p; i < samples.size(); i += PARTS) {
                    sampleSub.add(samples.get(i));
                }
            }
            writeLines(bed, sub);
            java.util.Map<String, Path> coverage = new java.util.LinkedHashMap<>();
            sampleSub.forEach(s -> coverage.put(s, fixture.coverage().get(s)));
            Gvl.write(ds, fixture.data().writeOptions(bed, coverage, true).samples(sampleSub).build());
        }
        return parts;
    }

    private static long copyTree(Path from, Path to) throws IOException {
        long bytes = 0;
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path dst = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dst);
                } else {
                    Files.copy(p, dst);
                    bytes += Files.size(p);
                }
            }
        }
        return bytes;
    }

    private static List<String> readLines(Path f) {
        try {
            return Files.readAllLines(f);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f, e);
        }
    }

    private static void writeLines(Path f, List<String> lines) {
        try {
            Files.write(f, lines);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + f, e);
        }
    }
}
