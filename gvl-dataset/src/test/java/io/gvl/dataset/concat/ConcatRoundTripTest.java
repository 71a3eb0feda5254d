package io.gvl.dataset.concat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gvl.core.buffer.Dense;
import io.gvl.dataset.Dataset;
import io.gvl.dataset.output.DatasetOutput;
import io.gvl.dataset.settings.OutputLength;
import io.gvl.dataset.settings.SeqKind;
import io.gvl.format.ConcatAxis;
import io.gvl.format.DatasetMetadata;
import io.gvl.format.io.MetadataFile;
import io.gvl.format.io.RegionsFile;
import io.gvl.format.io.VariantTableFile;
import io.gvl.io.fasta.Reference;
import io.gvl.write.Gvl;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Datasets written by gvl in pieces (by regions, by samples) and joined with concat are the dataset a single write
 * of the whole would give: the same genotype and region bytes, the same metadata axes, and the same haplotypes when
 * read back through {@link Dataset}.
 */
class ConcatRoundTripTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));
    static final Path FASTA = DATA.resolve("real/vg-1mb1kgp/z.fa");
    static final Path DEMO = DATA.resolve("real-derived/vg-z-synth16");
    static final int JITTER = 16;

    @TempDir
    static Path tmp;
    static Path vcf;
    static List<String> bed;
    static Reference reference;

    @BeforeAll
    static void setUp() throws IOException {
        Path in = Files.createDirectories(tmp.resolve("in"));
        vcf = in.resolve("z_synth16.norm.vcf.gz");
        Files.copy(DEMO.resolve("z_synth16.norm.vcf.gz"), vcf);
        Files.copy(DEMO.resolve("z_synth16.norm.vcf.gz.tbi"), in.resolve("z_synth16.norm.vcf.gz.tbi"));
        bed = Files.readAllLines(DEMO.resolve("regions.bed"));
        reference = Reference.open(FASTA, tmp.resolve("cache"));
    }

    @AfterAll
    static void close() {
        reference.close();
    }

    @Test
    void regionBlocksJoinToTheWholeWrite() throws IOException {
        Path whole = write("whole", IntStream.range(0, 12).toArray(), null);
        Path even = write("even", IntStream.range(0, 6).map(i -> 2 * i).toArray(), null);
        Path odd = write("odd", IntStream.range(0, 6).map(i -> 2 * i + 1).toArray(), null);
        Path joined = tmp.resolve("joined-regions");
        Gvl.concat(joined, List.of(even, odd), ConcatAxis.REGIONS, false, 1 << 30);

        assertSameBytes(whole, joined, "regions.npy", "genotypes/offsets.npy", "genotypes/variant_idxs.npy",
                "genotypes/variants.arrow");
        assertSameAxes(whole, joined);
        // Joined input order is the even rows, then the odd rows.
        int[] wholeRow = IntStream.range(0, 12).map(i -> i < 6 ? 2 * i : 2 * (i - 6) + 1).toArray();
        try (Dataset w = haplotypes(whole); Dataset j = haplotypes(joined)) {
            int[] samples = IntStream.range(0, w.sampleCount()).toArray();
            for (int i = 0; i < 12; i++) {
                assertArrayEquals(bytes(w, wholeRow[i], samples), bytes(j, i, samples), "region " + i);
            }
        }
    }

    @Test
    void sampleBatchesJoinToTheWholeWrite() throws IOException {
        int[] rows = IntStream.range(0, 8).toArray();
        List<String> all = IntStream.range(0, 16).mapToObj(i -> String.format("S%02d", i)).toList();
        Path whole = write("whole8", rows, all);
        Path a = write("even-samples", rows, IntStream.range(0, 8).mapToObj(i -> all.get(2 * i)).toList());
        Path b = write("odd-samples", rows, IntStream.range(0, 8).mapToObj(i -> all.get(2 * i + 1)).toList());
        Path joined = tmp.resolve("joined-samples");
        Gvl.concat(joined, List.of(b, a), ConcatAxis.SAMPLES, false, 1 << 30);

        assertSameBytes(whole, joined, "regions.npy", "genotypes/offsets.npy", "genotypes/variant_idxs.npy",
                "genotypes/variants.arrow", "input_regions.arrow");
        assertSameAxes(whole, joined);
        try (Dataset w = haplotypes(whole); Dataset j = haplotypes(joined)) {
            int[] samples = IntStream.range(0, 16).toArray();
            for (int r = 0; r < 8; r++) {
                assertArrayEquals(bytes(w, r, samples), bytes(j, r, samples), "region " + r);
            }
        }
    }

    private static Path write(String name, int[] rows, List<String> samples) throws IOException {
        Path b = tmp.resolve(name + ".bed");
        Files.write(b, IntStream.of(rows).mapToObj(bed::get).toList());
        WriteOptions.Builder o = WriteOptions.builder(b).variants(vcf).maxJitter(JITTER);
        if (samples != null) {
            o.samples(samples);
        }
        Path out = tmp.resolve(name);
        Gvl.write(out, o.build());
        return out;
    }

    /**
     * Same bytes per file, except {@code regions.npy}, compared by its rows: GVL 0.43.1 (and so gvl) writes it in
     * Fortran order from {@code write} but in C order from {@code concat}.
     */
    private static void assertSameBytes(Path expected, Path actual, String... files) throws IOException {
        for (String f : files) {
            if (f.equals("regions.npy")) {
                io.gvl.format.Regions e = RegionsFile.read(expected.resolve(f));
                io.gvl.format.Regions a = RegionsFile.read(actual.resolve(f));
                assertArrayEquals(e.contig(), a.contig(), f + " contigs");
                assertArrayEquals(e.start(), a.start(), f + " starts");
                assertArrayEquals(e.end(), a.end(), f + " ends");
                assertArrayEquals(e.strand(), a.strand(), f + " strands");
                continue;
            }
            assertArrayEquals(Files.readAllBytes(expected.resolve(f)), Files.readAllBytes(actual.resolve(f)), f);
        }
    }

    private static void assertSameAxes(Path expected, Path actual) {
        DatasetMetadata e = MetadataFile.read(expected.resolve("metadata.json"));
        DatasetMetadata a = MetadataFile.read(actual.resolve("metadata.json"));
        assertEquals(e.samples(), a.samples());
        assertEquals(e.contigs(), a.contigs());
        assertEquals(e.nRegions(), a.nRegions());
        assertEquals(e.ploidy(), a.ploidy());
        assertEquals(e.maxJitter(), a.maxJitter());
        assertEquals(VariantTableFile.fingerprint(expected.resolve("genotypes/variants.arrow")),
                a.variantsFingerprint());
    }

    private static Dataset haplotypes(Path dir) {
        return Dataset.open(dir, reference).withSeqs(SeqKind.HAPLOTYPES).withLen(OutputLength.fixed(700));
    }

    private static byte[] bytes(Dataset ds, int region, int[] samples) {
        try (DatasetOutput o = ds.getGrid(new int[] {region}, samples)) {
            return ((Dense) o.sequences()).data().toArray(ValueLayout.JAVA_BYTE);
        }
    }
}
