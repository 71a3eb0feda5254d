package io.gvl.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testing.Stored;
import io.gvl.testkit.AwkwardVcf;
import io.gvl.testkit.Oracle;
import io.gvl.testkit.Seeds;
import io.gvl.write.internal.VcfVariantSource;
import io.gvl.write.spec.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Datasets written with the genotype-only VCF/BCF decode are byte-identical, file by file, to those written through
 * full queries (the path before it): on the shared VCF inputs of the write tests, their BCF copies, and seeded
 * cohorts of a few hundred samples with awkward GT shapes, with every sample and with a subset, in one pass and in
 * many small chunks.
 */
class GenotypeOnlyWriteTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));

    @TempDir
    static Path tmp;

    @BeforeAll
    static void needsTools() {
        Oracle.BCFTOOLS.require();
    }

    static Stream<Arguments> sharedInputs() {
        return Stream.of(
                Arguments.of(DATA.resolve("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz"),
                        DATA.resolve("real-derived/vg-z-synth16/regions.bed")),
                Arguments.of(DATA.resolve("gvl-fixtures/synthetic/filtered.vcf.gz"),
                        DATA.resolve("gvl-fixtures/synthetic/regions.bed")),
                Arguments.of(DATA.resolve("real/bioc-variantannotation/chr22.vcf.gz"), null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sharedInputs")
    void sharedInputsWriteTheSameDataset(Path vcf, Path regions) throws IOException {
        Path dir = Files.createTempDirectory(tmp, "shared");
        Path bed = regions != null ? regions : chr22Regions(dir);
        Path bcf = dir.resolve("in.bcf");
        Oracle.BCFTOOLS.run(List.of("view", "-Ob", "-o", bcf.toString(), vcf.toString()));
        Oracle.BCFTOOLS.run(List.of("index", bcf.toString()));
        for (Path input : List.of(vcf, bcf)) {
            assertSameDataset(dir, input, bed, null, 4L << 30);
            assertSameDataset(dir, input, bed, null, 3L << 20);
        }
    }

    static Stream<Arguments> cohorts() {
        return Seeds.range(1, 4).map(seed -> Arguments.of(seed, seed == 2 ? 513 : 300));
    }

    @ParameterizedTest(name = "seed {0}, {1} samples")
    @MethodSource("cohorts")
    void seededCohortsWriteTheSameDataset(long seed, int samples) throws IOException {
        Path dir = Files.createTempDirectory(tmp, "cohort" + seed);
        AwkwardVcf.Files3 files = AwkwardVcf.write(dir, seed, samples, 1500);
        SplittableRandom r = new SplittableRandom(seed);
        StringBuilder bed = new StringBuilder();
        for (String contig : List.of("c1", "c2")) {
            int at = r.nextInt(200);
            for (int i = 0; i < 25; i++) {
                int len = 1 + r.nextInt(1500);
                bed.append(contig).append('\t').append(at).append('\t').append(at + len).append('\n');
                at += r.nextInt(2500);
            }
        }
        Path regions = Files.writeString(dir.resolve("regions.bed"), bed);
        List<String> subset = new ArrayList<>();
        for (int s = samples - 1; s >= 0; s -= 1 + r.nextInt(5)) {
            subset.add("S" + s);
        }
        for (Path input : List.of(files.bgzipped(), files.bcf(), files.plain())) {
            assertSameDataset(dir, input, regions, null, 4L << 30);
            assertSameDataset(dir, input, regions, subset, 400L << 10);
        }
    }

    /**
     * Rows the write's table read does not keep (it keeps records within 32 kb of a region) are read from the file:
     * a 45 kb deletion that starts 40 kb before a region and reaches into it, and the extend-to-length walk of the
     * haplotypes that carry it, which must reach records 40 kb and more past the region. The dataset equals the
     * full-record write's, from bgzipped text and from BCF.
     */
    @org.junit.jupiter.api.Test
    void rowsFarFromTheRegionsAreReadFromTheFile() throws IOException {
        Path dir = Files.createTempDirectory(tmp, "far");
        StringBuilder vcf = new StringBuilder("##fileformat=VCFv4.2\n##contig=<ID=c1,length=300000>\n"
                + "##FORMAT=<ID=GT,Number=1,Type=String,Description=\"GT\">\n"
                + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\tB\tC\n");
        vcf.append("c1\t15000\t.\tA\tG\t.\t.\t.\tGT\t0|1\t1|0\t0|0\n");
        vcf.append("c1\t20000\t.\t").append("A".repeat(45_001)).append("\tA\t.\t.\t.\tGT\t1|0\t0|1\t0|0\n");
        for (int pos = 60_100; pos < 61_000; pos += 150) {
            vcf.append("c1\t").append(pos).append("\t.\tC\tT\t.\t.\t.\tGT\t0|1\t1|1\t1|0\n");
        }
        for (int pos : new int[] {100_000, 100_500, 120_000, 140_000}) {
            vcf.append("c1\t").append(pos).append("\t.\tG\tC\t.\t.\t.\tGT\t1|1\t0|1\t0|0\n");
        }
        Path text = Files.writeString(dir.resolve("far.vcf"), vcf);
        Path gz = dir.resolve("far.vcf.gz");
        Oracle.BCFTOOLS.run(List.of("view", "-Oz", "-o", gz.toString(), text.toString()));
        Oracle.BCFTOOLS.run(List.of("index", "-t", gz.toString()));
        Path bcf = dir.resolve("far.bcf");
        Oracle.BCFTOOLS.run(List.of("view", "-Ob", "-o", bcf.toString(), text.toString()));
        Oracle.BCFTOOLS.run(List.of("index", bcf.toString()));
        Path bed = Files.writeString(dir.resolve("far.bed"), "c1\t60000\t61000\nc1\t250000\t250500\n");
        for (Path input : List.of(gz, bcf)) {
            assertSameDataset(dir, input, bed, null, 4L << 30);
        }
    }

    static Stream<Arguments> badRecords() {
        return Stream.of(
                Arguments.of("multiallelic", "c1\t30\t.\tA\tC,G\t.\t.\t.\tGT\t0|1\t0|0\t1|1"),
                Arguments.of("symbolic", "c1\t30\t.\tA\t<DEL>\t.\t.\t.\tGT\t0|1\t0|0\t1|1"),
                Arguments.of("allele 2", "c1\t30\t.\tA\tC\t.\t.\t.\tGT\t0|1\t2|0\t1|1"),
                Arguments.of("triploid", "c1\t30\t.\tA\tC\t.\t.\t.\tGT:DS\t0|1\t0|0|1:0.5\t1|1"),
                Arguments.of("bad character", "c1\t30\t.\tA\tC\t.\t.\t.\tDS:GT\t1:0|1\t1:0|x\t1:1|1"),
                Arguments.of("short record", "c1\t30\t.\tA\tC\t.\t.\t.\tGT\t0|1\t0|0"),
                Arguments.of("POS", "c1\t3x\t.\tA\tC\t.\t.\t.\tGT\t0|1\t0|0\t1|1"));
    }

    /** A record GVL refuses fails the write with the same message on both paths, from plain and bgzipped text and BCF. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("badRecords")
    void badRecordsFailTheSameWay(String name, String record) throws IOException {
        Path dir = Files.createTempDirectory(tmp, "bad");
        Path vcf = Files.writeString(dir.resolve("bad.vcf"), "##fileformat=VCFv4.2\n##contig=<ID=c1,length=1000>\n"
                + "##FORMAT=<ID=GT,Number=1,Type=String,Description=\"GT\">\n"
                + "##FORMAT=<ID=DS,Number=1,Type=Float,Description=\"DS\">\n"
                + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\tB\tC\n"
                + "c1\t10\t.\tA\tC\t.\t.\t.\tGT\t0|1\t0|0\t1|1\n" + record + "\n"
                + "c1\t50\t.\tA\tC\t.\t.\t.\tGT\t0|1\t0|0\t1|1\n");
        Path bed = Files.writeString(dir.resolve("r.bed"), "c1\t0\t100\n");
        List<Path> inputs = new ArrayList<>(List.of(vcf));
        if (!name.equals("POS")) { // tabix cannot index a record without a numeric POS
            Path copy = Files.copy(vcf, dir.resolve("bgz.vcf"));
            Oracle.BGZIP.run("-f", copy.toString());
            Path gz = dir.resolve("bgz.vcf.gz");
            Oracle.TABIX.run("-f", "-p", "vcf", gz.toString());
            inputs.add(gz);
        }
        if (List.of("multiallelic", "symbolic", "allele 2", "triploid").contains(name)) {
            Path bcf = dir.resolve("bad.bcf");
            Oracle.BCFTOOLS.run(List.of("view", "-Ob", "-o", bcf.toString(), vcf.toString()));
            Oracle.BCFTOOLS.run(List.of("index", bcf.toString()));
            inputs.add(bcf);
        }
        for (Path input : inputs) {
            String fast = assertThrows(RuntimeException.class, () -> Gvl.write(dir.resolve("fast.gvl"),
                    options(bed, VcfVariantSource.open(input, List.of(), true), null, 4L << 30))).getMessage();
            String full = assertThrows(RuntimeException.class, () -> Gvl.write(dir.resolve("full.gvl"),
                    options(bed, VcfVariantSource.open(input, List.of(), false), null, 4L << 30))).getMessage();
            assertEquals(full, fast, input.getFileName().toString());
        }
    }

    private static void assertSameDataset(Path dir, Path input, Path bed, List<String> samples, long maxMem)
            throws IOException {
        Path fast = Files.createTempDirectory(dir, "fast").resolve("ds.gvl");
        Path full = Files.createTempDirectory(dir, "full").resolve("ds.gvl");
        Gvl.write(fast, options(bed, VcfVariantSource.open(input, List.of(), true), samples, maxMem));
        Gvl.write(full, options(bed, VcfVariantSource.open(input, List.of(), false), samples, maxMem));
        SortedMap<String, byte[]> expected = Stored.tree(full);
        SortedMap<String, byte[]> actual = Stored.tree(fast);
        String where = input.getFileName() + " samples " + (samples == null ? "all" : samples.size()) + " maxMem "
                + maxMem;
        assertTrue(expected.keySet().stream().anyMatch(k -> k.startsWith("genotypes/")), where);
        assertEquals(expected.keySet(), actual.keySet(), where);
        expected.forEach((k, v) -> assertArrayEquals(v, actual.get(k), where + ": " + k));
    }

    private static WriteOptions options(Path bed, VcfVariantSource source, List<String> samples, long maxMem) {
        WriteOptions.Builder b = WriteOptions.builder(bed).variants(source).maxJitter(3).maxMem(maxMem);
        if (samples != null) {
            b.samples(samples);
        }
        return b.build();
    }

    /** Regions across chr22.vcf.gz's records (positions 50.3 Mb to 51.2 Mb), some without variants. */
    private static Path chr22Regions(Path dir) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            int start = 50_250_000 + i * 25_000;
            sb.append("22\t").append(start).append('\t').append(start + 2_000 + i * 37).append('\n');
        }
        return Files.writeString(dir.resolve("chr22.bed"), sb);
    }
}
