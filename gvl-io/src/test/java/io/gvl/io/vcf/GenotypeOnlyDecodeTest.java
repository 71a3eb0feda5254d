package io.gvl.io.vcf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gvl.io.InputFormatException;
import io.gvl.io.TestData;
import io.gvl.io.variant.VariantBatch;
import io.gvl.io.variant.VariantRequest;
import io.gvl.testkit.AwkwardVcf;
import io.gvl.testkit.Oracle;
import io.gvl.testkit.Seeds;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The genotype-only decode ({@link VcfReader#genotypes}) gives, call by call, the genotypes and positions of a full
 * {@link VcfReader#query} for the same samples, on seeded VCFs full of awkward GT shapes, read as plain text,
 * bgzipped text with tabix and BCF; and it refuses malformed calls with the same error.
 */
class GenotypeOnlyDecodeTest {
    @TempDir
    static Path tmp;

    @BeforeAll
    static void needsTools() {
        Oracle.BCFTOOLS.require();
        Oracle.BGZIP.require();
        Oracle.TABIX.require();
    }

    static Stream<Arguments> cases() {
        int[] counts = {1, 7, 63, 64, 65, 1001};
        return Seeds.range(1, 13).map(seed -> Arguments.of(seed, counts[(int) Math.floorMod(seed, counts.length)]));
    }

    @ParameterizedTest(name = "seed {0}, {1} samples")
    @MethodSource("cases")
    void genotypeOnlyEqualsFullDecode(long seed, int samples) throws IOException {
        Path dir = Files.createTempDirectory(tmp, "s" + seed);
        AwkwardVcf.Files3 files = AwkwardVcf.write(dir, seed, samples, samples > 500 ? 150 : 400);
        for (Path p : List.of(files.plain(), files.bgzipped(), files.bcf())) {
            try (VcfReader reader = VcfReader.open(p)) {
                SplittableRandom r = new SplittableRandom(seed * 31 + p.getFileName().toString().length());
                for (String contig : reader.contigs()) {
                    compare(reader, contig, 0, Integer.MAX_VALUE, reader.allSamples().sampleIndexes(), p);
                }
                for (int q = 0; q < 20; q++) {
                    String contig = reader.contigs().get(r.nextInt(reader.contigs().size()));
                    int start = r.nextInt(8000);
                    int end = start + 1 + r.nextInt(q % 4 == 0 ? 20_000 : 600);
                    compare(reader, contig, start, end, randomSamples(r, samples), p);
                }
            }
        }
    }

    /**
     * Consecutive genotype queries (each starting at or past the previous end, as the write asks for runs of rows)
     * read on from where the previous one stopped; they must feed exactly what independent queries feed, including
     * records that span from one window into the next, gaps between windows, and windows that step back.
     */
    @ParameterizedTest(name = "seed {0}, {1} samples")
    @MethodSource("cases")
    void consecutiveQueriesEqualIndependentOnes(long seed, int samples) throws IOException {
        Path dir = Files.createTempDirectory(tmp, "c" + seed);
        AwkwardVcf.Files3 files = AwkwardVcf.write(dir, seed, samples, samples > 500 ? 150 : 400);
        for (Path p : List.of(files.bgzipped(), files.bcf())) {
            try (VcfReader forward = VcfReader.open(p); VcfReader backward = VcfReader.open(p)) {
                SplittableRandom r = new SplittableRandom(seed * 17 + p.getFileName().toString().length());
                int[] picked = r.nextBoolean() ? forward.allSamples().sampleIndexes() : randomSamples(r, samples);
                for (String contig : forward.contigs()) {
                    List<long[]> windows = new java.util.ArrayList<>();
                    long at = r.nextInt(50);
                    while (at < 12_000) {
                        long end = at + 1 + r.nextInt(r.nextInt(3) == 0 ? 2_000 : 120);
                        windows.add(new long[] {at, end});
                        int step = r.nextInt(10);
                        at = step == 0 ? Math.max(0, end - 1 - r.nextInt(40)) // steps back: the index again
                                : step == 1 ? end + r.nextInt(3_000) : end; // a gap, or the next window
                    }
                    List<VariantBatch> expected = new java.util.ArrayList<>();
                    for (int w = windows.size() - 1; w >= 0; w--) { // backwards: every query goes to the index
                        expected.add(0, backward.query(contig, windows.get(w)[0], windows.get(w)[1],
                                new VariantRequest(picked, List.of(), List.of())));
                    }
                    for (int w = 0; w < windows.size(); w++) {
                        long[] win = windows.get(w);
                        VariantBatch full = expected.get(w);
                        int width = picked.length * 2;
                        byte[] out = new byte[full.size() * width];
                        IntArrayList positions = new IntArrayList();
                        forward.genotypes(contig, win[0], win[1], picked, out, pos -> {
                            int row = positions.size();
                            positions.add(pos);
                            return row < full.size() ? row * width : -1;
                        });
                        String where = p.getFileName() + " " + contig + ":" + win[0] + "-" + win[1] + " window " + w;
                        assertArrayEquals(full.positions(), positions.toIntArray(), where + " positions");
                        assertArrayEquals(full.genotypes(), out, where + " genotypes");
                    }
                }
            }
        }
    }

    private static int[] randomSamples(SplittableRandom r, int samples) {
        if (r.nextInt(3) == 0) { // distinct, shuffled, at least a quarter of them: BCF's file-order scan
            int[] all = new int[samples];
            for (int i = 0; i < samples; i++) {
                int j = r.nextInt(i + 1);
                all[i] = all[j];
                all[j] = i;
            }
            return java.util.Arrays.copyOf(all, samples / 4 + r.nextInt(samples - samples / 4 + 1));
        }
        int n = r.nextInt(4) == 0 ? samples : r.nextInt(samples + 1);
        IntArrayList picked = new IntArrayList();
        for (int i = 0; i < n; i++) {
            picked.add(r.nextInt(4) == 0 ? samples - 1 - i % samples : r.nextInt(samples));
        }
        return picked.toIntArray();
    }

    private static void compare(VcfReader reader, String contig, long start, long end, int[] samples, Path p) {
        String where = p.getFileName() + " " + contig + ":" + start + "-" + end + " (" + samples.length + " samples)";
        VariantBatch full = reader.query(contig, start, end, new VariantRequest(samples, List.of(), List.of()));
        int width = samples.length * 2;
        byte[] out = new byte[full.size() * width + 3];
        java.util.Arrays.fill(out, (byte) 7); // rows are overwritten whole
        IntArrayList positions = new IntArrayList();
        reader.genotypes(contig, start, end, samples, out, pos -> {
            int row = positions.size();
            positions.add(pos);
            return row < full.size() ? row * width : -1;
        });
        assertArrayEquals(full.positions(), positions.toIntArray(), where + " positions");
        assertArrayEquals(full.genotypes(), java.util.Arrays.copyOf(out, full.size() * width), where + " genotypes");
        assertEquals(7, out[out.length - 1], where + " wrote past its rows");
    }

    static Stream<Arguments> badCalls() {
        return Stream.of(Arguments.of("2|0"), Arguments.of("0|1|1"), Arguments.of("0x1"), Arguments.of("0|"),
                Arguments.of("a|0"), Arguments.of("0|1;"), Arguments.of("12"));
    }

    @ParameterizedTest(name = "bad call {0}")
    @MethodSource("badCalls")
    void malformedCallsFailAsTheFullDecodeFails(String call) throws IOException {
        Path vcf = tmp.resolve("bad" + Math.abs(call.hashCode()) + ".vcf");
        Files.writeString(vcf, "##fileformat=VCFv4.2\n##contig=<ID=c1>\n"
                + "##FORMAT=<ID=GT,Number=1,Type=String,Description=\"GT\">\n"
                + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\tB\tC\n"
                + "c1\t10\t.\tA\tC\t.\t.\t.\tGT\t0|0\t0|1\t0|0\n"
                + "c1\t20\t.\tA\tC\t.\t.\t.\tGT\t0|0\t" + call + "\t0|0\n");
        try (VcfReader reader = VcfReader.open(vcf)) {
            int[] all = reader.allSamples().sampleIndexes();
            InputFormatException full = assertThrows(InputFormatException.class,
                    () -> reader.query("c1", 0, 100, reader.allSamples()));
            InputFormatException fast = assertThrows(InputFormatException.class,
                    () -> reader.genotypes("c1", 0, 100, all, new byte[12], pos -> -1));
            assertEquals(full.getMessage(), fast.getMessage());
        }
    }

    /** A second ALT allele in a one-ALT record, in BCF, among enough samples for the four-calls-a-word path. */
    @ParameterizedTest(name = "bad BCF call {0}")
    @MethodSource("badBcfCalls")
    void malformedBcfCallsFailAsTheFullDecodeFails(String call) throws IOException {
        Path vcf = tmp.resolve("badbcf" + Math.abs(call.hashCode()) + ".vcf");
        String refs = "\t0|0".repeat(4);
        Files.writeString(vcf, "##fileformat=VCFv4.2\n##contig=<ID=c1>\n"
                + "##FORMAT=<ID=GT,Number=1,Type=String,Description=\"GT\">\n"
                + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\tB\tC\tD\tE\tF\tG\tH\tI\n"
                + "c1\t10\t.\tA\tC\t.\t.\t.\tGT" + refs + "\t0|1" + refs + "\n"
                + "c1\t20\t.\tA\tC\t.\t.\t.\tGT" + refs + "\t" + call + refs + "\n");
        Path bcf = Bcftools.bcf(vcf, tmp);
        try (VcfReader reader = VcfReader.open(bcf)) {
            int[] all = reader.allSamples().sampleIndexes();
            InputFormatException full = assertThrows(InputFormatException.class,
                    () -> reader.query("c1", 0, 100, reader.allSamples()));
            InputFormatException fast = assertThrows(InputFormatException.class,
                    () -> reader.genotypes("c1", 0, 100, all, new byte[36], pos -> -1));
            assertEquals(full.getMessage(), fast.getMessage());
        }
    }

    static Stream<Arguments> badBcfCalls() {
        return Stream.of(Arguments.of("2|0"), Arguments.of("0|2"), Arguments.of("3/1"));
    }

    @Test
    void fewerSampleColumnsFailAsTheFullDecodeFails() throws IOException {
        Path vcf = tmp.resolve("short.vcf");
        Files.writeString(vcf, "##fileformat=VCFv4.2\n##contig=<ID=c1>\n"
                + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\tB\tC\n"
                + "c1\t20\t.\tA\tC\t.\t.\t.\tGT\t0|0\t0|1\n");
        try (VcfReader reader = VcfReader.open(vcf)) {
            int[] all = reader.allSamples().sampleIndexes();
            InputFormatException full = assertThrows(InputFormatException.class,
                    () -> reader.query("c1", 0, 100, reader.allSamples()));
            InputFormatException fast = assertThrows(InputFormatException.class,
                    () -> reader.genotypes("c1", 0, 100, all, new byte[6], pos -> 0));
            assertEquals(full.getMessage(), fast.getMessage());
        }
    }

    @Test
    void sharedVcfsDecodeAlike() {
        for (Path vcf : List.of(TestData.real("bioc-variantannotation/chr22.vcf.gz"),
                TestData.shared().resolve("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz"),
                TestData.fixture("synthetic/filtered.vcf.gz"))) {
            for (Path p : List.of(vcf, Bcftools.bcf(vcf, tmp))) {
                try (VcfReader reader = VcfReader.open(p)) {
                    for (String contig : reader.contigs()) {
                        compare(reader, contig, 0, Integer.MAX_VALUE, reader.allSamples().sampleIndexes(), p);
                    }
                }
            }
        }
    }
}
