package io.gvl.write.concat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.format.ArrowTable;
import io.gvl.format.ConcatAxis;
import io.gvl.format.ConcatException;
import io.gvl.format.DatasetExistsException;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.io.ArrowTableFile;
import io.gvl.format.io.MetadataFile;
import io.gvl.testing.DirectoryCopy;
import io.gvl.testing.TestFiles;
import io.gvl.write.Gvl;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs concat must refuse: each case fails with a {@link ConcatException} (or the exception named) whose message
 * names the offending input and the check, and leaves nothing at the destination, not even a temporary sibling.
 * The inputs are the GVL-written goldens of {@link ConcatGoldenTest}, copied and edited.
 */
class ConcatBadInputTest {
    @TempDir
    Path tmp;
    Path goldens;
    Path out;

    @BeforeEach
    void copy() throws IOException, URISyntaxException {
        goldens = tmp.resolve("goldens");
        DirectoryCopy.copyTree(TestFiles.gvl043("concat"), goldens);
        out = tmp.resolve("out");
    }

    @Test
    void regionsNeedTheSameSamples() {
        refused(ConcatAxis.REGIONS, "same samples", "demo_s0", "demo_s1");
    }

    @Test
    void samplesNeedTheSameRegions() {
        refused(ConcatAxis.SAMPLES, "other regions", "demo_r0", "demo_r1");
    }

    @Test
    void samplesMustNotOverlap() throws IOException {
        DirectoryCopy.copyTree(goldens.resolve("demo_s0"), goldens.resolve("demo_s0_again"));
        refused(ConcatAxis.SAMPLES, "sample 'S00' is in input #0", "demo_s0", "demo_s0_again");
    }

    @Test
    void variantTablesMustBeTheSame() {
        refused(ConcatAxis.REGIONS, "different variant table", "demo_r0", "syn_r0");
    }

    @Test
    void tracksMustBeTheSame() throws IOException {
        DirectoryCopy.copyTree(goldens.resolve("syn_s1"), goldens.resolve("no_bw"));
        deleteTree(goldens.resolve("no_bw/intervals/bw"));
        refused(ConcatAxis.SAMPLES, "has tracks []", "syn_s0", "no_bw");
    }

    @Test
    void annotationTracksMustBeTheSame() throws IOException {
        DirectoryCopy.copyTree(goldens.resolve("syn_s1"), goldens.resolve("no_annot"));
        deleteTree(goldens.resolve("no_annot/annot_intervals/annot"));
        refused(ConcatAxis.SAMPLES, "annotation tracks []", "syn_s0", "no_annot");
    }

    @Test
    void ploidyMustBeTheSame() throws IOException {
        editMetadata("demo_r1", m -> new DatasetMetadata(m.samples(), m.contigs(), m.nRegions(), 1, m.maxJitter(),
                m.version(), m.formatVersion(), null, null, m.variantsFingerprint()));
        refused(ConcatAxis.REGIONS, "ploidy 1, expected 2", "demo_r0", "demo_r1");
    }

    @Test
    void maxJitterMustBeTheSame() throws IOException {
        editMetadata("demo_r1", m -> new DatasetMetadata(m.samples(), m.contigs(), m.nRegions(), m.ploidy(), 3,
                m.version(), m.formatVersion(), null, null, m.variantsFingerprint()));
        refused(ConcatAxis.REGIONS, "max_jitter 3, expected 16", "demo_r0", "demo_r1");
    }

    @Test
    void contigsMustBeTheSame() throws IOException {
        editMetadata("demo_r1", m -> new DatasetMetadata(m.samples(), List.of("z", "zz"), m.nRegions(), m.ploidy(),
                m.maxJitter(), m.version(), m.formatVersion(), null, null, m.variantsFingerprint()));
        refused(ConcatAxis.REGIONS, "has contigs [z, zz]", "demo_r0", "demo_r1");
    }

    @Test
    void duplicateRegionsInOneInputAreRefused() throws IOException {
        editBed("demo_r1", t -> {
            List<ArrowTable.Column> cols = new ArrayList<>();
            for (ArrowTable.Column c : t.columns()) {
                List<Object> v = new ArrayList<>(c.values());
                if (List.of("chrom", "chromStart", "chromEnd").contains(c.name())) {
                    v.set(1, v.get(0));
                }
                cols.add(new ArrowTable.Column(c.name(), c.type(), v));
            }
            return new ArrowTable(cols);
        });
        refused(ConcatAxis.REGIONS, "has two regions at", "demo_r0", "demo_r1");
    }

    @Test
    void regionNamesMustStayUnique() throws IOException {
        ArrowTable first = ArrowTableFile.read(goldens.resolve("demo_r0/input_regions.arrow"));
        editBed("demo_r1", t -> {
            List<ArrowTable.Column> cols = new ArrayList<>();
            for (ArrowTable.Column c : t.columns()) {
                cols.add(c.name().equals("name") ? first.column("name", goldens) : c);
            }
            return new ArrowTable(cols);
        });
        refused(ConcatAxis.REGIONS, "region name 'r0' is in input #0", "demo_r0", "demo_r1");
    }

    @Test
    void truncatedVariantIndicesAreRefusedAndNothingIsPublished() throws IOException {
        Path idx = goldens.resolve("demo_r1/genotypes/variant_idxs.npy");
        Files.write(idx, java.util.Arrays.copyOf(Files.readAllBytes(idx), 8));
        refused(ConcatAxis.REGIONS, "truncated or missing", "demo_r1", "demo_r0", "demo_r1");
    }

    @Test
    void oneInputIsNotEnough() {
        ConcatException e = assertThrows(ConcatException.class,
                () -> Gvl.concat(out, List.of(goldens.resolve("demo_r0")), ConcatAxis.REGIONS, false, 1 << 30));
        assertTrue(e.getMessage().contains("at least two datasets"), e.getMessage());
        assertNothingWritten();
    }

    @Test
    void aDirectoryThatIsNotADatasetIsNamed() throws IOException {
        Files.createDirectories(goldens.resolve("empty"));
        refused(ConcatAxis.REGIONS, "cannot be read", "empty", "demo_r0", "empty");
    }

    @Test
    void theOutputCannotBeAnInput() {
        ConcatException e = assertThrows(ConcatException.class, () -> Gvl.concat(goldens.resolve("demo_r1"),
                List.of(goldens.resolve("demo_r0"), goldens.resolve("demo_r1")), ConcatAxis.REGIONS, true, 1 << 30));
        assertTrue(e.getMessage().contains("is also input #1"), e.getMessage());
        assertTrue(Files.exists(goldens.resolve("demo_r1/metadata.json")));
    }

    @Test
    void anExistingOutputNeedsOverwrite() throws IOException {
        List<Path> in = List.of(goldens.resolve("demo_r0"), goldens.resolve("demo_r1"));
        Gvl.concat(out, in, ConcatAxis.REGIONS, false, 1 << 30);
        assertThrows(DatasetExistsException.class, () -> Gvl.concat(out, in, ConcatAxis.REGIONS, false, 1 << 30));
        Gvl.concat(out, in, ConcatAxis.REGIONS, true, 1 << 30);
        ConcatFiles.assertSameDataset(goldens.resolve("demo_regions"), out);
    }

    @Test
    void aMemoryBudgetMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> Gvl.concat(out,
                List.of(goldens.resolve("demo_r0"), goldens.resolve("demo_r1")), ConcatAxis.REGIONS, false, 0));
    }

    @Test
    void axisNamesAreRegionsOrSamples() {
        assertEquals(ConcatAxis.SAMPLES, ConcatAxis.parse("Samples"));
        assertThrows(IllegalArgumentException.class, () -> ConcatAxis.parse("variants"));
    }

    /** Joins {@code names} and expects a refusal that names {@code culprit} (default: the last input). */
    private void refused(ConcatAxis axis, String words, String... names) {
        String culprit = names.length > 2 ? names[names.length - 1] : names[1];
        List<Path> in = Stream.of(names).limit(2).map(goldens::resolve).toList();
        ConcatException e = assertThrows(ConcatException.class, () -> Gvl.concat(out, in, axis, false, 1 << 30));
        assertTrue(e.getMessage().contains(words), e.getMessage());
        assertTrue(e.getMessage().contains(goldens.resolve(culprit).toString()), e.getMessage());
        assertTrue(e.getMessage().contains("Fix: "), e.getMessage());
        assertNothingWritten();
    }

    private void assertNothingWritten() {
        assertFalse(Files.exists(out), "nothing published");
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of(), s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("out.")
                    && !n.endsWith(".lock")).toList(), "no temporary sibling left");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private void editMetadata(String ds, UnaryOperator<DatasetMetadata> edit) {
        Path f = goldens.resolve(ds).resolve("metadata.json");
        MetadataFile.write(edit.apply(MetadataFile.read(f)), f);
    }

    private void editBed(String ds, UnaryOperator<ArrowTable> edit) {
        Path f = goldens.resolve(ds).resolve("input_regions.arrow");
        ArrowTableFile.write(edit.apply(ArrowTableFile.read(f)), f);
    }
}
