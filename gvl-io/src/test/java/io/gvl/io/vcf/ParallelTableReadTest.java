package io.gvl.io.vcf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.InputFormatException;
import io.gvl.io.variant.GenotypeRows;
import io.gvl.io.variant.VariantBatch;
import io.gvl.io.variant.VariantRequest;
import io.gvl.testkit.Oracle;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The variant table read with several readers ({@link VcfReader#requireSupportedAndReadAll(VariantRequest, int)})
 * equals the one-reader read record for record (contig, position, alleles, INFO/AF and requested genotypes), on the
 * real 1000 Genomes sites of {@code vg-z-synth16} as tabix VCF, CSI VCF and BCF, with a 100 bp deletion added across
 * every 16 kb bin boundary (the index cuts the runs there, so each run's query returns a record that starts in the
 * run before and must be dropped); a file with two multiallelic records fails with the one-reader error; a plain
 * VCF is read by one reader.
 */
class ParallelTableReadTest {
    static final Path VCF = Path.of(System.getProperty("gvl.shared.data"))
            .resolve("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz");

    @TempDir
    static Path dir;
    static Path plain;
    static Path tbi;
    static Path csi;
    static Path bcf;
    static Path multiallelic;

    @BeforeAll
    static void inputs() throws IOException {
        plain = dir.resolve("spanning.vcf");
        Files.writeString(plain, withExtraRecords(false));
        tbi = dir.resolve("spanning.vcf.gz");
        Oracle.BCFTOOLS.run("view", "-Oz", "-o", tbi.toString(), plain.toString());
        Oracle.BCFTOOLS.run("index", "-t", tbi.toString());
        // BGZF level 0 for the CSI files: htslib merges a bin holding under 64 KB of compressed records into its
        // parent, which in a file this small would leave one bin, and so nothing to cut by
        csi = dir.resolve("spanning.csi.vcf.gz");
        Oracle.BCFTOOLS.run("view", "-Oz", "-l", "0", "-o", csi.toString(), plain.toString());
        Oracle.BCFTOOLS.run("index", "-c", csi.toString());
        bcf = dir.resolve("spanning.bcf");
        Oracle.BCFTOOLS.run("view", "-Ob", "-l", "0", "-o", bcf.toString(), plain.toString());
        Oracle.BCFTOOLS.run("index", "-c", bcf.toString());
        Path text = dir.resolve("multi.vcf");
        Files.writeString(text, withExtraRecords(true));
        multiallelic = dir.resolve("multi.vcf.gz");
        Oracle.BCFTOOLS.run("view", "-Oz", "-o", multiallelic.toString(), text.toString());
        Oracle.BCFTOOLS.run("index", "-t", multiallelic.toString());
    }

    /**
     * The shared VCF with a 100 bp deletion starting 40 bp before every multiple of 16,384 (carried by every first
     * haplotype), and with {@code multi} two multiallelic SNVs, at about 30 % and 70 % of the contig.
     */
    private static String withExtraRecords(boolean multi) throws IOException {
        StringBuilder out = new StringBuilder();
        int samples = 0;
        int nextCut = 16_384;
        boolean first30 = multi;
        boolean first70 = multi;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(
                Files.newInputStream(VCF)), StandardCharsets.US_ASCII))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("#")) {
                    if (line.startsWith("#CHROM")) {
                        samples = line.split("\t").length - 9;
                    }
                    out.append(line).append('\n');
                    continue;
                }
                long pos = Long.parseLong(line.substring(2, line.indexOf('\t', 2)));
                while (nextCut - 40 <= pos && nextCut < 1_000_000) {
                    out.append(record(nextCut - 40, "A" + "C".repeat(99), "A", samples, "1|0"));
                    nextCut += 16_384;
                }
                if (first30 && pos > 300_000) {
                    out.append(record(pos, "A", "G,T", samples, "0|1"));
                    first30 = false;
                }
                if (first70 && pos > 700_000) {
                    out.append(record(pos, "A", "G,T", samples, "2|1"));
                    first70 = false;
                }
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    private static String record(long pos, String ref, String alt, int samples, String gt) {
        StringBuilder r = new StringBuilder("z\t" + pos + "\t.\t" + ref + "\t" + alt + "\t100\tPASS\tAF=0.5\tGT");
        for (int s = 0; s < samples; s++) {
            r.append('\t').append(s % 2 == 0 ? gt : "0|0");
        }
        return r.append('\n').toString();
    }

    /** One line per record: contig, position, REF, ALT, AF bits and the requested genotype bytes. */
    private static List<String> flat(List<VariantBatch> batches) {
        List<String> out = new ArrayList<>();
        for (VariantBatch b : batches) {
            float[] af = b.info().get("AF");
            int width = b.samples() * b.ploidy();
            for (int i = 0; i < b.size(); i++) {
                StringBuilder s = new StringBuilder(b.contig()).append(':').append(b.positions()[i]).append(' ')
                        .append(new String(b.ref(), b.refOffsets()[i], b.refOffsets()[i + 1] - b.refOffsets()[i],
                                StandardCharsets.US_ASCII)).append('>')
                        .append(new String(b.alt(), b.altOffsets()[i], b.altOffsets()[i + 1] - b.altOffsets()[i],
                                StandardCharsets.US_ASCII)).append(' ').append(Float.floatToRawIntBits(af[i]));
                for (int k = 0; k < width; k++) {
                    s.append(b.genotypes()[i * width + k]);
                }
                out.add(s.toString());
            }
        }
        return out;
    }

    @ParameterizedTest(name = "seed 2026120{0}")
    @ValueSource(ints = {6, 7, 8})
    void severalReadersReadTheTableOfOne_seed2026120x(int seed) {
        Random rnd = new Random(20261200L + seed);
        int[] samples = rnd.ints(1 + rnd.nextInt(6), 0, 16).toArray();
        for (VariantRequest request : List.of(new VariantRequest(new int[0], List.of(), List.of("AF")),
                new VariantRequest(samples, List.of(), List.of("AF")))) {
            for (Path file : List.of(tbi, csi, bcf)) {
                try (VcfReader r = VcfReader.open(file)) {
                    List<String> one = flat(r.requireSupportedAndReadAll(request));
                    assertTrue(one.stream().filter(l -> l.contains("CCCCCCCCCC")).count() >= 60, "the deletions");
                    List<?> runs = ParallelTableRead.read(r, request, 2 + rnd.nextInt(3), null);
                    assertNotNull(runs, file + " is cut");
                    assertTrue(runs.size() >= 4, runs.size() + " runs of " + file);
                    for (int threads : new int[] {2, 3, 1 + rnd.nextInt(12)}) {
                        assertEquals(one, flat(r.requireSupportedAndReadAll(request, threads)),
                                file + " with " + threads + " readers, samples " + Arrays.toString(samples));
                    }
                }
            }
        }
    }

    @Test
    void aPlainVcfIsReadByOneReader() {
        VariantRequest request = new VariantRequest(new int[] {3}, List.of(), List.of("AF"));
        try (VcfReader r = VcfReader.open(plain)) {
            assertNull(ParallelTableRead.read(r, request, 4, null));
            assertEquals(flat(r.requireSupportedAndReadAll(request)), flat(r.requireSupportedAndReadAll(request, 4)));
        }
    }

    @Test
    void unsupportedRecordsGiveTheOneReaderError() {
        VariantRequest request = new VariantRequest(new int[0], List.of(), List.of("AF"));
        try (VcfReader r = VcfReader.open(multiallelic)) {
            InputFormatException one = assertThrows(InputFormatException.class,
                    () -> r.requireSupportedAndReadAll(request));
            InputFormatException many = assertThrows(InputFormatException.class,
                    () -> r.requireSupportedAndReadAll(request, 3));
            assertEquals(one.getMessage(), many.getMessage());
            assertTrue(one.getMessage().contains("multiallelic") || one.getMessage().contains("bcftools norm"),
                    one.getMessage());
        }
    }

    @Test
    void cutsAscendOnBinStartsAndAreNoMoreThanAsked() {
        try (VcfReader r = VcfReader.open(tbi)) {
            for (int parts : new int[] {1, 2, 5, 16, 200}) {
                int[] cuts = r.splitPositions("z", parts);
                assertTrue(cuts.length <= Math.max(0, parts - 1), parts + ": " + cuts.length);
                for (int i = 0; i < cuts.length; i++) {
                    assertEquals(0, cuts[i] % 16_384, "cut " + cuts[i]);
                    assertTrue(i == 0 ? cuts[i] > 0 : cuts[i] > cuts[i - 1], "ascending");
                    assertTrue(cuts[i] < 1_000_000, "inside the contig");
                }
                // the file is about 15 BGZF blocks, so a cut per share only while the shares span blocks
                assertTrue(parts < 5 || parts > 8 || cuts.length >= parts / 2, parts + " parts gave " + cuts.length);
            }
            assertEquals(0, r.splitPositions("no-such-contig", 4).length);
        }
    }

    /**
     * Records a read's genotype rows, wanting those that start inside its windows; with {@code carriers}, it takes
     * rows as carrier slots and writes them out densely ({@code width} slots) to compare.
     */
    private static final class Rows implements GenotypeRows {
        final int[] windows;
        final int width;
        final boolean carriers;
        final List<String> got = new ArrayList<>();
        int listed;
        RuntimeException abandoned;

        Rows(int[] windows, int width, boolean carriers) {
            this.windows = windows;
            this.width = width;
            this.carriers = carriers;
        }

        @Override
        public boolean takesCarriers() {
            return carriers;
        }

        @Override
        public void acceptCarriers(int position, int[] slots, int count) {
            assertTrue(carriers, "carriers given to a sink that takes dense rows");
            byte[] row = new byte[width];
            for (int c = 0; c < count; c++) {
                assertTrue(c == 0 || slots[c] > slots[c - 1], "ascending slots at " + position);
                row[slots[c]] = 1;
            }
            listed++;
            accept(position, row);
        }

        @Override
        public boolean wants(int position) {
            for (int i = 0; i < windows.length; i += 2) {
                if (position >= windows[i] && position < windows[i + 1]) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public void accept(int position, byte[] row) {
            StringBuilder s = new StringBuilder().append(position).append(' ');
            if (row == null) {
                s.append('-');
            } else {
                for (byte b : row) {
                    s.append(b);
                }
            }
            got.add(s.toString());
        }

        @Override
        public void abandon(RuntimeException cause) {
            abandoned = cause;
        }
    }

    /** What the rows of a genotyped read must be: each record's position, and its genotypes when wanted. */
    private static List<String> expectedRows(List<VariantBatch> withGenotypes, int[] windows) {
        Rows want = new Rows(windows, 0, false);
        List<String> out = new ArrayList<>();
        for (VariantBatch b : withGenotypes) {
            int width = b.samples() * b.ploidy();
            for (int i = 0; i < b.size(); i++) {
                StringBuilder s = new StringBuilder().append(b.positions()[i]).append(' ');
                if (!want.wants(b.positions()[i])) {
                    s.append('-');
                } else {
                    for (int k = 0; k < width; k++) {
                        s.append(b.genotypes()[i * width + k]);
                    }
                }
                out.add(s.toString());
            }
        }
        return out;
    }

    /**
     * Seeded (20261207): the table read with genotype rows gives the sites of the sites-only read, and each record's
     * row once, in order, equal to the genotypes a query of those samples decodes (null when not wanted), with one
     * reader and several, on tabix VCF, CSI VCF, BCF and plain VCF, for small selections in any order and for every
     * sample (the BCF's file-order scan).
     */
    @Test
    void genotypeRowsOfTheTableReadAreTheQueriedGenotypes_seed20261207() {
        Random rnd = new Random(20261207);
        VariantRequest sites = new VariantRequest(new int[0], List.of(), List.of("AF"));
        for (int round = 0; round < 3; round++) {
            int[] samples = round == 0 ? rnd.ints(0, 16).distinct().limit(16).toArray()
                    : rnd.ints(1 + rnd.nextInt(6), 0, 16).toArray();
            int from = rnd.nextInt(400_000);
            int[] windows = {from, from + 100_000 + rnd.nextInt(200_000), 700_000, 700_000 + rnd.nextInt(50_000)};
            for (Path file : List.of(tbi, csi, bcf, plain)) {
                try (VcfReader r = VcfReader.open(file)) {
                    List<String> table = flat(r.requireSupportedAndReadAll(sites));
                    List<String> rows = expectedRows(r.requireSupportedAndReadAll(new VariantRequest(samples,
                            List.of(), List.of())), windows);
                    assertTrue(rows.stream().filter(l -> !l.endsWith("-")).count() > 100, "rows wanted");
                    for (int threads : new int[] {1, 2, 3, 1 + rnd.nextInt(12)}) {
                        boolean listed = threads != 2; // carrier slots, or dense rows with 2 readers
                        GenotypedTable<Rows> read = r.requireSupportedAndReadAll(sites, threads, samples,
                                contig -> new Rows(windows, 2 * samples.length, listed));
                        String what = file.getFileName() + " with " + threads + " readers, samples "
                                + Arrays.toString(samples);
                        assertEquals(table, flat(read.batches()), what);
                        assertNotNull(read.rows(), what);
                        assertEquals(read.batches().size(), read.rows().size(), what);
                        List<String> got = new ArrayList<>();
                        int listedRows = 0;
                        for (int b = 0; b < read.rows().size(); b++) {
                            assertNull(read.rows().get(b).abandoned, what);
                            assertEquals(read.batches().get(b).size(), read.rows().get(b).got.size(), what);
                            got.addAll(read.rows().get(b).got);
                            listedRows += read.rows().get(b).listed;
                        }
                        assertEquals(rows, got, what);
                        assertEquals(listed, listedRows > 100, what + ": rows given as carriers");
                    }
                }
            }
        }
    }

    /**
     * A call the genotype decode refuses (an allele that is not a number) in a record the sites accept abandons the
     * rows and leaves the table whole; reading those genotypes fails as before.
     */
    @Test
    void aRefusedCallAbandonsTheRowsNotTheTable() throws IOException {
        Path file = dir.resolve("refused.vcf");
        String header = "##fileformat=VCFv4.2\n##contig=<ID=z,length=1000>\n"
                + "##INFO=<ID=AF,Number=A,Type=Float,Description=\"Frequency\">\n"
                + "##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n"
                + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\ta\tb\n";
        Files.writeString(file, header + "z\t10\t.\tA\tG\t.\t.\t.\tGT\t0|1\t1|1\n"
                + "z\t20\t.\tA\tG\t.\t.\t.\tGT\tx|1\t0|0\n" + "z\t30\t.\tA\tG\t.\t.\t.\tGT\t1|0\t0|0\n");
        VariantRequest sites = new VariantRequest(new int[0], List.of(), List.of("AF"));
        try (VcfReader r = VcfReader.open(file)) {
            GenotypedTable<Rows> read = r.requireSupportedAndReadAll(sites, 1, new int[] {0, 1},
                    contig -> new Rows(new int[] {0, 1000}, 4, true));
            assertEquals(flat(r.requireSupportedAndReadAll(sites)), flat(read.batches()));
            assertEquals(3, read.batches().get(0).size());
            assertNotNull(read.rows().get(0).abandoned);
            assertEquals(List.of("9 0111"), read.rows().get(0).got);
            assertThrows(InputFormatException.class, () -> r.query("z", 0, 1000, r.allSamples()));
        }
    }
}
