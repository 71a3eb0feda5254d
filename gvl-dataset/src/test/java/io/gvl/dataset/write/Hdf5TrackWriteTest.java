package io.gvl.dataset.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.gvl.core.buffer.Dense;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.Region;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.format.DatasetLayout;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.Regions;
import io.gvl.format.TrackScope;
import io.gvl.format.io.DatasetFiles;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import io.gvl.io.bigwig.BigWigIntervals;
import io.gvl.io.bigwig.BigWigReader;
import io.gvl.io.bigwig.BigWigWriter;
import io.gvl.testing.Coverage;
import io.gvl.testing.Stored;
import io.gvl.write.Gvl;
import io.gvl.write.spec.BigWigs;
import io.gvl.write.spec.Hdf5Track;
import io.gvl.write.spec.UpdateOptions;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Dense HDF5 coverage as a track: stored intervals equal those of bigWigs carrying the same values, and equal runs
 * of the dense values over every stored window; Dataset track output equals the dense values.
 */
class Hdf5TrackWriteTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path CORPUS = DATA.resolve("gvl-fixtures/track_corpus");
    static final List<String> CONTIGS = List.of("chr1", "chr2");
    static final int CONTIG_LENGTH = 5_000;
    static final int REGION_LENGTH = 120;

    @TempDir
    Path tmp;

    /** GVL's track corpus: its bigWigs made dense into one HDF5 file (a group per sample), written both ways. */
    @Test
    void intervalsEqualThoseOfBigWigsWithTheSameValues() throws IOException {
        Map<String, Path> bigWigs = new LinkedHashMap<>();
        Map<String, Map<String, Object>> groups = new LinkedHashMap<>();
        Map<String, Map<String, float[]>> dense = new LinkedHashMap<>();
        for (int s = 0; s < 3; s++) {
            String sample = "sample_" + s;
            bigWigs.put(sample, CORPUS.resolve(sample + ".bw"));
            try (BigWigReader bw = BigWigReader.open(bigWigs.get(sample))) {
                Map<String, Object> contigs = new LinkedHashMap<>();
                Map<String, float[]> values = new LinkedHashMap<>();
                bw.chromosomes().forEach((chrom, len) -> {
                    float[] v = new float[len];
                    BigWigIntervals iv = bw.intervals(chrom, 0, len);
                    for (int i = 0; i < iv.size(); i++) {
                        java.util.Arrays.fill(v, iv.starts()[i], iv.ends()[i], iv.values()[i]);
                    }
                    contigs.put(chrom, v);
                    values.put(chrom, v);
                });
                groups.put(sample, contigs);
                dense.put(sample, values);
            }
        }
        Path h5 = Coverage.write(tmp.resolve("corpus.h5"), groups);
        Path ds = tmp.resolve("corpus.gvl");
        Gvl.write(ds, WriteOptions.builder(CORPUS.resolve("regions.bed")).maxJitter(50)
                .track(new BigWigs("bw", bigWigs)).track(Hdf5Track.ofGroups("h5", h5)).build());
        DatasetMetadata meta = MetadataFile.read(DatasetLayout.metadata(ds));
        Regions windows = RegionsFile.read(ds.resolve(DatasetLayout.REGIONS));
        Stored.Track bw = Stored.track(ds, TrackScope.SAMPLE, "bw");
        Stored.Track hd = Stored.track(ds, TrackScope.SAMPLE, "h5");
        int cells = 0;
        for (int r = 0; r < windows.size(); r++) {
            for (int s = 0; s < meta.samples().size(); s++) {
                int cell = r * meta.samples().size() + s;
                float[] v = dense.get(meta.samples().get(s)).get(meta.contigs().get(windows.contig(r)));
                List<float[]> want = Coverage.runs(v, windows.start(r), windows.end(r));
                assertEquals(Coverage.show(want), Coverage.show(Coverage.cell(hd, cell)), "cell " + cell);
                assertEquals(Coverage.show(Coverage.cell(bw, cell)), Coverage.show(Coverage.cell(hd, cell)),
                        "cell " + cell + " against the bigWig track");
                cells += want.isEmpty() ? 0 : 1;
            }
        }
        assertTrue(cells > windows.size(), "the corpus has covered cells");
    }

    static Stream<Arguments> dtypes() {
        return Stream.of(Coverage.Dtype.values()).flatMap(d -> Stream.of(
                Arguments.of(d, 11L), Arguments.of(d, 12L)));
    }

    /**
     * Seeded runs and zeros in each dtype, one file per sample from a table, beside bigWigs of the same values (gvl's
     * writer); windows cross both contig ends.
     */
    @ParameterizedTest(name = "{0} seed={1}")
    @MethodSource("dtypes")
    void storedRunsAndDatasetOutputEqualTheDenseValues(Coverage.Dtype dtype, long seed) throws IOException {
        List<String> samples = List.of("s2", "s0", "s1");
        Map<String, Map<String, float[]>> dense = new LinkedHashMap<>();
        Map<String, Path> bigWigs = new LinkedHashMap<>();
        StringBuilder table = new StringBuilder("path\tsample\n");
        for (int k = 0; k < samples.size(); k++) {
            Map<String, Object> contigs = new LinkedHashMap<>();
            Map<String, float[]> values = new LinkedHashMap<>();
            for (int c = 0; c < CONTIGS.size(); c++) {
                float[] v = Coverage.seeded(seed * 100 + k * 10 + c, CONTIG_LENGTH);
                contigs.put(CONTIGS.get(c), dtype.array(v));
                values.put(CONTIGS.get(c), dtype.stored(v));
            }
            Coverage.write(tmp.resolve(samples.get(k) + ".h5"), Map.of("", contigs));
            dense.put(samples.get(k), values);
            bigWigs.put(samples.get(k), bigWig(tmp.resolve(samples.get(k) + ".bw"), values));
            table.append(samples.get(k)).append(".h5\t").append(samples.get(k)).append('\n');
        }
        Files.writeString(tmp.resolve("cov.tsv"), table);
        Path bed = regions(seed);
        Path ds = tmp.resolve("seeded.gvl");
        Gvl.write(ds, WriteOptions.builder(bed).maxJitter(7).threads(2)
                .track(Hdf5Track.fromTable("h5", tmp.resolve("cov.tsv"))).track(new BigWigs("bw", bigWigs)).build());
        try (DatasetFiles f = DatasetFiles.open(ds)) {
            f.verify();
        }
        DatasetMetadata meta = MetadataFile.read(DatasetLayout.metadata(ds));
        assertEquals(List.of("s0", "s1", "s2"), meta.samples());
        Regions windows = RegionsFile.read(ds.resolve(DatasetLayout.REGIONS));
        Stored.Track hd = Stored.track(ds, TrackScope.SAMPLE, "h5");
        Stored.Track bw = Stored.track(ds, TrackScope.SAMPLE, "bw");
        for (int r = 0; r < windows.size(); r++) {
            for (int s = 0; s < 3; s++) {
                float[] v = dense.get(meta.samples().get(s)).get(meta.contigs().get(windows.contig(r)));
                String got = Coverage.show(Coverage.cell(hd, r * 3 + s));
                assertEquals(Coverage.show(Coverage.runs(v, windows.start(r), windows.end(r))), got,
                        "window " + r + " sample " + s);
                assertEquals(Coverage.show(Coverage.cell(bw, r * 3 + s)), got, "window " + r + " sample " + s
                        + " against the bigWig of the same values");
            }
        }
        try (Dataset d = Dataset.open(ds)) {
            Dataset view = d.withSeqs(SeqKind.NONE).withTracks("h5").withLen(OutputLength.fixed(REGION_LENGTH));
            List<Region> regions = view.regions();
            try (DatasetOutput out = view.getAll()) {
                Dense t = (Dense) out.tracks();
                assertArrayEquals(new long[] {regions.size(), 3, 1, REGION_LENGTH}, t.shape());
                for (int r = 0; r < regions.size(); r++) {
                    Region g = regions.get(r);
                    for (int s = 0; s < 3; s++) {
                        float[] v = dense.get(view.samples().get(s)).get(g.chrom());
                        float[] want = java.util.Arrays.copyOfRange(v, g.start(), g.end());
                        float[] got = t.row((long) r * 3 + s).toArray(ValueLayout.JAVA_FLOAT_UNALIGNED);
                        assertArrayEquals(want, got, g + " sample " + view.samples().get(s));
                    }
                }
            }
        }
    }

    /** A bigWig of the dense values as bedGraph-style writers store them: one item per run, zeros left out. */
    private static Path bigWig(Path file, Map<String, float[]> values) {
        Map<String, Integer> sizes = new LinkedHashMap<>();
        values.forEach((c, v) -> sizes.put(c, v.length));
        BigWigWriter w = BigWigWriter.create(file, sizes);
        values.forEach((c, v) -> Coverage.runs(v, 0, v.length).forEach(run -> w.add(c, (int) run[0], (int) run[1],
                run[2])));
        w.finish();
        return file;
    }

    /** Regions of one length on both contigs, including ones whose jittered windows cross a contig end. */
    private Path regions(long seed) throws IOException {
        SplittableRandom rng = new SplittableRandom(seed);
        StringBuilder sb = new StringBuilder();
        sb.append("chr1\t3\t").append(3 + REGION_LENGTH).append('\n');
        sb.append("chr2\t").append(CONTIG_LENGTH - REGION_LENGTH - 2).append('\t').append(CONTIG_LENGTH - 2)
                .append('\n');
        for (int i = 0; i < 10; i++) {
            int start = rng.nextInt(CONTIG_LENGTH - REGION_LENGTH);
            sb.append(CONTIGS.get(rng.nextInt(2))).append('\t').append(start).append('\t')
                    .append(start + REGION_LENGTH).append('\n');
        }
        Path bed = tmp.resolve("regions-" + seed + ".bed");
        Files.writeString(bed, sb);
        return bed;
    }

    /**
     * Windows are read exactly (not widened to whole chunks) from contiguous datasets and from chunks too large to
     * keep, and widened blocks are reused across sorted windows: all give the oracle's runs.
     */
    @Test
    void contiguousAndLargeChunkDatasetsGiveTheSameRuns() throws IOException {
        int big = 500_000;
        float[] contiguous = Coverage.seeded(21, CONTIG_LENGTH);
        float[] largeChunks = Coverage.seeded(22, big);
        Path h5 = tmp.resolve("layouts.h5");
        try (io.jhdf.WritableHdfFile f = io.jhdf.HdfFile.write(h5)) {
            f.putDataset("chr1", contiguous);
            f.putDataset("chr2", largeChunks, io.jhdf.api.DatasetCreationOptions.builder().chunkDimensions(400_000)
                    .deflate().build());
        }
        StringBuilder sb = new StringBuilder();
        SplittableRandom rng = new SplittableRandom(5);
        for (int i = 0; i < 30; i++) {
            int start = rng.nextInt(CONTIG_LENGTH - REGION_LENGTH);
            sb.append("chr1\t").append(start).append('\t').append(start + REGION_LENGTH).append('\n');
            start = rng.nextInt(big - 5000);
            sb.append("chr2\t").append(start).append('\t').append(start + 1 + rng.nextInt(5000)).append('\n');
        }
        Path bed = tmp.resolve("layouts.bed");
        Files.writeString(bed, sb);
        Path ds = tmp.resolve("layouts.gvl");
        Gvl.write(ds, WriteOptions.builder(bed).maxJitter(3).track(Hdf5Track.ofFiles("h5", Map.of("s", h5))).build());
        DatasetMetadata meta = MetadataFile.read(DatasetLayout.metadata(ds));
        Regions windows = RegionsFile.read(ds.resolve(DatasetLayout.REGIONS));
        Stored.Track t = Stored.track(ds, TrackScope.SAMPLE, "h5");
        for (int r = 0; r < windows.size(); r++) {
            float[] v = meta.contigs().get(windows.contig(r)).equals("chr1") ? contiguous : largeChunks;
            assertEquals(Coverage.show(Coverage.runs(v, windows.start(r), windows.end(r))),
                    Coverage.show(Coverage.cell(t, r)), "window " + r);
        }
    }

    /** {@code update} stores the same intervals as {@code write} for the same HDF5 track. */
    @Test
    void updateStoresWhatWriteStores() throws IOException {
        Map<String, Map<String, Object>> groups = new LinkedHashMap<>();
        for (String s : List.of("a", "b")) {
            Map<String, Object> contigs = new LinkedHashMap<>();
            for (int c = 0; c < CONTIGS.size(); c++) {
                contigs.put(CONTIGS.get(c), Coverage.seeded(7 + c + s.hashCode(), CONTIG_LENGTH));
            }
            groups.put(s, contigs);
        }
        Path h5 = Coverage.write(tmp.resolve("ab.h5"), groups);
        Path bed = regions(3);
        Path ds = tmp.resolve("u.gvl");
        Gvl.write(ds, WriteOptions.builder(bed).maxJitter(4).track(Hdf5Track.ofGroups("first", h5)).build());
        Gvl.update(ds, UpdateOptions.builder().track(Hdf5Track.ofGroups("second", h5)).build());
        SortedMap<String, byte[]> tree = Stored.tree(ds);
        for (String f : new String[] {"starts.npy", "ends.npy", "values.npy", "offsets.npy"}) {
            assertArrayEquals(tree.get("intervals/first/" + f), tree.get("intervals/second/" + f), f);
        }
    }
}
