package io.gvl.io.internal.pgen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.testkit.Oracle;
import io.gvl.testkit.Seeds;
import java.io.IOException;
import java.io.Writer;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link RecordDecoder#decodeSparse} against {@link RecordDecoder#decodeCalls}, record by record: where the sparse
 * decode applies (main track a difflist against hom-REF, all hom-REF, LD over such a base, inverted LD over a
 * common-hom-ALT base) its list, expanded, must equal the dense calls, ascend strictly and hold no hom-REF call;
 * everywhere else it must decline. Records are decoded in order and then in a seeded random order on one scratch
 * shared by both decodes, so the LD base caches of each meet random access and each other. The files hold every
 * record type: synthetic ones written by {@link SyntheticPgen} (every encoding at any sample count, checked also
 * against the calls they were written from), plink2 files of seeded VCFs made to contain rare, LD-compressed,
 * REF/ALT-swapped, mostly hom-ALT and mostly missing records, plink2 conversions of the shared VCFs, and the shared
 * pgen-examples. Sample counts 1, 7, 63, 64, 65, 1001 and 65,537 (3-byte sample indexes). Seeds are in the case names.
 */
class SparseDecodeTest {
    static final Path DATA = Path.of(System.getProperty("gvl.shared.data"));

    @TempDir
    Path tmp;

    static Stream<Arguments> synthetic() {
        int[] counts = {1, 7, 63, 64, 65, 1001, 65_537};
        List<Long> seeds = Seeds.of(11, 12, 13).toList();
        List<Arguments> cases = new ArrayList<>();
        for (int n : counts) {
            for (long seed : seeds) {
                cases.add(Arguments.of("seed=" + seed + ", " + n + " samples", seed, n));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("synthetic")
    void syntheticRecordsOfEveryTypeDecodeSparseAsDense(String name, long seed, int samples) throws IOException {
        SplittableRandom rnd = new SplittableRandom(seed);
        SyntheticPgen file = new SyntheticPgen(samples, rnd);
        for (int base : new int[] {0, 1, 4, 5, 6, 7}) {
            file.add(base);
            file.add(2);
            file.add(3);
            file.add(2);
        }
        int records = samples > 10_000 ? 80 : 400;
        for (int r = file.expected().size(); r < records; r++) {
            file.add(rnd.nextInt(8));
        }
        Path pgen = tmp.resolve("s.pgen");
        file.write(pgen);
        List<byte[]> dense = compare(name, pgen, seed);
        for (int i = 0; i < records; i++) {
            assertArrayEquals(file.expected().get(i), dense.get(i), name + ": record " + i + " as written");
        }
        Set<String> pairs = ldPairs(pgen);
        for (int base : new int[] {0, 1, 4, 5, 6, 7}) {
            assertTrue(pairs.containsAll(Set.of("2 over " + base, "3 over " + base)), name + ": " + pairs);
        }
    }

    static Stream<Arguments> plink2() {
        int[] counts = {1, 7, 63, 64, 65, 1001};
        List<Long> seeds = Seeds.of(21, 22).toList();
        List<Arguments> cases = new ArrayList<>();
        for (int n : counts) {
            for (long seed : seeds) {
                cases.add(Arguments.of("seed=" + seed + ", " + n + " samples", seed, n));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plink2")
    void plink2FilesOfSeededVcfsDecodeSparseAsDense(String name, long seed, int samples) throws IOException {
        Oracle.PLINK2.require();
        Path vcf = tmp.resolve("in.vcf");
        writeVcf(vcf, new SplittableRandom(seed), samples, 400);
        String prefix = tmp.resolve("p").toString();
        Oracle.PLINK2.run("--vcf", vcf.toString(), "--make-pgen", "--threads", "1", "--out", prefix);
        Path pgen = Path.of(prefix + ".pgen");
        compare(name, pgen, seed);
        if (samples >= 64) {
            Set<String> pairs = ldPairs(pgen);
            assertTrue(pairs.containsAll(Set.of("2 over 4", "3 over 6", "2 over 0", "3 over 4")),
                    name + ": LD records and their bases as plink2 wrote them: " + pairs);
        }
    }

    static Stream<Arguments> shared() {
        return Stream.of(
                Arguments.of("pgen-examples/phased.pgen"), Arguments.of("pgen-examples/unphased.pgen"),
                Arguments.of("pgen-examples/unphased.fmt2.pgen"), Arguments.of("pgen-examples/many.pgen"),
                Arguments.of("pgen-examples/multi_split.pgen"), Arguments.of("pgen-examples/dosage.pgen"),
                Arguments.of("real-derived/vg-z-synth16/z_synth16.norm.vcf.gz"),
                Arguments.of("gvl-fixtures/synthetic/filtered.vcf.gz"),
                Arguments.of("real/jbrowse-volvox/volvox.test.vcf.gz"),
                Arguments.of("real/bioc-variantannotation/chr22.vcf.gz"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shared")
    void sharedInputsDecodeSparseAsDense(String input) throws IOException {
        Path pgen = DATA.resolve(input);
        if (!input.endsWith(".pgen")) {
            Oracle.PLINK2.require();
            String prefix = tmp.resolve("p").toString();
            Oracle.PLINK2.run("--vcf", pgen.toString(), "--allow-extra-chr", "--output-chr", "chrM",
                    "--vcf-half-call", "r", "--make-pgen", "--threads", "1", "--out", prefix);
            pgen = Path.of(prefix + ".pgen");
        }
        compare(input, pgen, 31 + Seeds.base());
    }

    /** Both decodes refuse a multiallelic record alike (the multi example has no biallelic-only reading). */
    @Test
    void multiallelicRecordsAreRefusedByBothDecodes() throws IOException {
        Path pgen = DATA.resolve("pgen-examples/multi.pgen");
        try (FileChannel ch = FileChannel.open(pgen); Arena arena = Arena.ofConfined()) {
            MemorySegment data = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            PgenIndex index = PgenIndex.parse(pgen, data, 0);
            RecordDecoder decoder = new RecordDecoder(index, data);
            DecodeScratch s = new DecodeScratch(index.sampleCount());
            for (int i = 0; i < index.variantCount(); i++) {
                if ((index.type(i) & 0x08) != 0) {
                    int v = i;
                    String dense = assertThrows(PgenCorruptException.class, () -> decoder.decodeCalls(v, s))
                            .getMessage();
                    assertEquals(dense, assertThrows(PgenCorruptException.class, () -> decoder.decodeSparse(v, s))
                            .getMessage());
                }
            }
        }
    }

    /**
     * Decodes every record densely in order (the expected calls), then sparsely in order on a fresh scratch, then
     * 3·M random records with one scratch, each decoded sparsely or densely at random; returns the dense calls.
     */
    private static List<byte[]> compare(String name, Path pgen, long seed) throws IOException {
        try (FileChannel ch = FileChannel.open(pgen); Arena arena = Arena.ofConfined()) {
            MemorySegment data = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            PgenIndex index = PgenIndex.parse(pgen, data, 0);
            RecordDecoder decoder = new RecordDecoder(index, data);
            int m = index.variantCount();
            int n = index.sampleCount();
            List<byte[]> dense = new ArrayList<>();
            DecodeScratch ordered = new DecodeScratch(n);
            for (int i = 0; i < m; i++) {
                decoder.decodeCalls(i, ordered);
                dense.add(ordered.calls().clone());
            }
            DecodeScratch sparse = new DecodeScratch(n);
            for (int i = 0; i < m; i++) {
                checkSparse(name, index, decoder, sparse, i, dense.get(i));
            }
            SplittableRandom rnd = new SplittableRandom(seed);
            DecodeScratch mixed = new DecodeScratch(n);
            for (int t = 0; t < 3 * m; t++) {
                int i = rnd.nextInt(m);
                if (rnd.nextBoolean()) {
                    checkSparse(name + " (random order)", index, decoder, mixed, i, dense.get(i));
                } else {
                    decoder.decodeCalls(i, mixed);
                    assertArrayEquals(dense.get(i), mixed.calls(), name + " (random order): dense record " + i);
                }
            }
            return dense;
        }
    }

    /** Decodes record {@code i} sparsely and checks the outcome. */
    private static void checkSparse(String name, PgenIndex index, RecordDecoder decoder, DecodeScratch s, int i,
                                       byte[] dense) {
        String what = name + ": record " + i + " (type 0x" + Integer.toHexString(index.type(i)) + ")";
        boolean sparse = decoder.decodeSparse(i, s);
        assertEquals(sparseApplies(index, i), sparse, what + " decoded sparsely");
        if (!sparse) {
            return;
        }
        CallList list = s.sparse();
        byte[] expanded = new byte[dense.length];
        int previous = -1;
        for (int j = 0; j < list.size(); j++) {
            int sample = list.samples()[j];
            byte code = list.codes()[j];
            assertTrue(sample > previous, what + ": list entry " + j + " (sample " + sample + ") does not ascend");
            assertTrue(code != CallCodes.HOM_REF && code <= CallCodes.PHASED_1_0, what + ": code " + code
                    + " listed for sample " + sample);
            expanded[sample] = code;
            previous = sample;
        }
        assertArrayEquals(dense, expanded, what);
    }

    /** Whether the record is hom-REF but for a list, from the record types alone. */
    private static boolean sparseApplies(PgenIndex index, int i) {
        int low = index.type(i) & 7;
        if (low == 4 || low == 5) {
            return true;
        }
        if (low != 2 && low != 3) {
            return false;
        }
        int j = i - 1;
        while ((index.type(j) & 7) == 2 || (index.type(j) & 7) == 3) {
            j--;
        }
        int base = index.type(j) & 7;
        return low == 2 ? base == 4 || base == 5 : base == 6;
    }

    /** The LD records of a file as "type over base type" of their main tracks. */
    private static Set<String> ldPairs(Path pgen) throws IOException {
        Set<String> pairs = new TreeSet<>();
        try (FileChannel ch = FileChannel.open(pgen); Arena arena = Arena.ofConfined()) {
            PgenIndex index = PgenIndex.parse(pgen, ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena), 0);
            int base = -1;
            for (int i = 0; i < index.variantCount(); i++) {
                int low = index.type(i) & 7;
                if (low == 2 || low == 3) {
                    pairs.add(low + " over " + (index.type(base) & 7));
                } else {
                    base = i;
                }
            }
        }
        return pairs;
    }

    /**
     * A VCF whose records plink2 stores in every main-track encoding: rare (difflist against hom-REF), a few percent
     * carriers (the bases plink2 LD-compresses against), near copies of the previous record (LD), REF/ALT-swapped
     * copies (inverted LD), mostly hom-ALT, mostly missing, dense, and two categories (one-bit). Phased and unphased
     * calls and missing calls throughout.
     */
    private static void writeVcf(Path vcf, SplittableRandom rnd, int samples, int records) throws IOException {
        String bases = "ACGT";
        try (Writer w = Files.newBufferedWriter(vcf)) {
            w.write("##fileformat=VCFv4.2\n##contig=<ID=1,length=100000000>\n");
            w.write("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n");
            w.write("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
            for (int s = 0; s < samples; s++) {
                w.write(String.format("\tS%05d", s));
            }
            w.write('\n');
            int[] a = new int[samples];
            int[] b = new int[samples];
            int pos = 100;
            for (int r = 0; r < records; r++) {
                int kind = r == 0 ? 1 : rnd.nextInt(8);
                switch (kind) {
                    case 2 -> {
                        for (int c = rnd.nextInt(4); c > 0; c--) {
                            int k = rnd.nextInt(samples);
                            a[k] = rnd.nextInt(3) - 1;
                            b[k] = a[k] < 0 ? -1 : rnd.nextInt(2);
                        }
                    }
                    case 3 -> {
                        for (int k = 0; k < samples; k++) {
                            a[k] = a[k] < 0 ? -1 : 1 - a[k];
                            b[k] = b[k] < 0 ? -1 : 1 - b[k];
                        }
                    }
                    case 7 -> {
                        for (int k = 0; k < samples; k++) {
                            boolean missing = rnd.nextInt(100) == 0;
                            a[k] = missing ? -1 : 0;
                            b[k] = missing ? -1 : rnd.nextInt(2);
                        }
                    }
                    default -> {
                        double p = switch (kind) {
                            case 0 -> 0.003;
                            case 1 -> 0.03;
                            case 4 -> 0.97;
                            case 6 -> 0.3;
                            default -> 0;
                        };
                        for (int k = 0; k < samples; k++) {
                            boolean missing = kind == 5 ? rnd.nextInt(20) > 0 : rnd.nextInt(100) == 0;
                            a[k] = missing ? -1 : rnd.nextDouble() < p ? 1 : 0;
                            b[k] = missing ? -1 : rnd.nextDouble() < p ? 1 : 0;
                        }
                    }
                }
                pos += 1 + rnd.nextInt(50);
                int ref = rnd.nextInt(4);
                int alt = (ref + 1 + rnd.nextInt(3)) % 4;
                boolean phased = rnd.nextInt(5) > 0;
                StringBuilder line = new StringBuilder().append("1\t").append(pos).append("\t.\t")
                        .append(bases.charAt(ref)).append('\t').append(bases.charAt(alt)).append("\t.\t.\t.\tGT");
                for (int k = 0; k < samples; k++) {
                    char sep = phased && rnd.nextInt(20) > 0 ? '|' : '/';
                    line.append('\t');
                    if (a[k] < 0) {
                        line.append('.').append(sep).append('.');
                    } else {
                        line.append(a[k]).append(sep).append(b[k]);
                    }
                }
                w.write(line.append('\n').toString());
            }
        }
    }
}
