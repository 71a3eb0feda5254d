package io.gvl.io.pgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.internal.pgen.PgenIndex;
import io.gvl.testkit.Oracle;
import java.io.IOException;
import java.io.Writer;
import java.lang.foreign.Arena;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random filesets made by plink2 from seeded VCFs (phased and unphased calls, missing calls, rare variants that
 * plink2 stores as difflists, repeated and REF/ALT-swapped rows that it LD-compresses) decode equal to
 * {@code plink2 --pfile P --export vcf}. Sample counts straddle the one/two-byte sample-ID width (255, 256, 257);
 * one case spans two 65,536-variant blocks. The same fileset as a PLINK 1 {@code .bed} decodes to the same calls
 * without phase.
 */
class PgenPlink2ParityTest {
    private static final String[] BASES = {"A", "C", "G", "T"};

    @TempDir
    Path tmp;

    @BeforeAll
    static void plink2() {
        Oracle.PLINK2.require();
    }

    static Stream<Arguments> cases() {
        return Stream.of(Arguments.of(101L, 1, 40), Arguments.of(102L, 7, 60), Arguments.of(103L, 64, 200),
                Arguments.of(104L, 255, 150), Arguments.of(105L, 256, 150), Arguments.of(106L, 257, 150),
                Arguments.of(107L, 1000, 80), Arguments.of(108L, 3, 70_000));
    }

    @ParameterizedTest(name = "seed {0}: {1} samples x {2} variants")
    @MethodSource("cases")
    void decodesAsPlink2ExportsIt(long seed, int samples, int variants) throws IOException {
        Path vcf = tmp.resolve("in.vcf");
        writeRandomVcf(vcf, new Random(seed), samples, variants);
        String prefix = tmp.resolve("p").toString();
        Oracle.PLINK2.run("--vcf", vcf.toString(), "--make-pgen", "--threads", "1", "--out", prefix);
        Oracle.PLINK2.run("--pfile", prefix, "--export", "vcf", "--threads", "1", "--out", tmp.resolve("e").toString());
        List<String[]> exported = records(tmp.resolve("e.vcf"));
        try (PgenReader r = PgenReader.open(Path.of(prefix + ".pgen"))) {
            assertEquals(exported.size(), r.variantCount());
            assertEquals(samples, r.samples().size());
            int[] all = PgenText.allSamples(r);
            List<String> gt = PgenText.genotypes(r, 0, r.variantCount(), all);
            for (int v = 0; v < exported.size(); v++) {
                String[] f = exported.get(v);
                assertEquals(f[0] + ":" + f[1] + ":" + f[3] + ":" + f[4], r.variants().chrom(v) + ":"
                        + r.variants().position(v) + ":" + r.variants().ref(v) + ":" + r.variants().alt(v));
                assertEquals(plink2Row(f), gt.get(v), "seed " + seed + " record " + v);
            }
            if (samples >= 64) {
                Set<Integer> types = mainTrackTypes(Path.of(prefix + ".pgen"));
                assertTrue(types.containsAll(Set.of(0, 1, 2, 3, 4)), "main-track encodings plink2 chose: "
                        + types);
            }
            if (variants <= 1000) {
                Oracle.PLINK2.run("--pfile", prefix, "--make-bed", "--threads", "1", "--out", tmp.resolve("b").toString());
                try (PgenReader bed = PgenReader.open(tmp.resolve("b.bed"))) {
                    List<String> bedGt = PgenText.genotypes(bed, 0, bed.variantCount(), all);
                    for (int v = 0; v < gt.size(); v++) {
                        assertEquals(gt.get(v).replace("1|0", "0/1").replace("0|1", "0/1"), bedGt.get(v),
                                "seed " + seed + " .bed record " + v);
                    }
                }
            }
        }
    }

    /** The main-track encodings ({@code vrtype & 7}) of a fileset's records. */
    private static Set<Integer> mainTrackTypes(Path pgen) throws IOException {
        Set<Integer> types = new TreeSet<>();
        try (FileChannel ch = FileChannel.open(pgen);
             Arena arena = Arena.ofConfined()) {
            PgenIndex index = PgenIndex.parse(pgen,
                    ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena), 0);
            for (int i = 0; i < index.variantCount(); i++) {
                types.add(index.type(i) & 7);
            }
        }
        return types;
    }

    /** The exported GT fields in the notation of {@link PgenText#genotypes}. */
    private static String plink2Row(String[] f) {
        StringBuilder sb = new StringBuilder();
        for (int k = 9; k < f.length; k++) {
            String g = f[k];
            int colon = g.indexOf(':');
            if (colon >= 0) {
                g = g.substring(0, colon);
            }
            if (k > 9) {
                sb.append(' ');
            }
            char a = g.charAt(0);
            char b = g.charAt(2);
            if (a == '.') {
                sb.append("./.");
            } else if (a == b) {
                sb.append(a).append('/').append(b);
            } else {
                sb.append(g.charAt(1) == '|' ? g : "0/1");
            }
        }
        return sb.toString();
    }

    private static List<String[]> records(Path vcf) throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (Stream<String> lines = Files.lines(vcf)) {
            lines.filter(l -> !l.startsWith("#")).forEach(l -> rows.add(l.split("\t")));
        }
        return rows;
    }

    /**
     * Writes a VCF of {@code m} records on contig 1: fresh rows with a random ALT frequency (mostly phased calls,
     * some unphased, about 2% missing), rare rows, exact and REF/ALT-swapped copies of the previous row, copies with
     * a few changed calls, and all-missing rows.
     */
    static void writeRandomVcf(Path vcf, Random rnd, int n, int m) throws IOException {
        try (Writer w = Files.newBufferedWriter(vcf)) {
            w.write("##fileformat=VCFv4.2\n##contig=<ID=1,length=100000000>\n");
            w.write("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n");
            w.write("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
            for (int s = 0; s < n; s++) {
                w.write("\tS" + s);
            }
            w.write('\n');
            String[] row = new String[n];
            String ref = "A";
            String alt = "C";
            long pos = 0;
            for (int v = 0; v < m; v++) {
                pos += 1 + rnd.nextInt(40);
                int kind = v == 0 ? 0 : rnd.nextInt(10);
                if (kind == 6) { // REF/ALT swapped copy: plink2 stores it inverted against the previous row
                    String t = ref;
                    ref = alt;
                    alt = t;
                    for (int s = 0; s < n; s++) {
                        row[s] = swap(row[s]);
                    }
                } else {
                    ref = BASES[rnd.nextInt(4)];
                    alt = BASES[(Arrays.asList(BASES).indexOf(ref) + 1 + rnd.nextInt(3)) % 4];
                    if (rnd.nextInt(8) == 0) {
                        alt = alt + BASES[rnd.nextInt(4)];
                    }
                    if (kind <= 2) {
                        double af = rnd.nextDouble();
                        for (int s = 0; s < n; s++) {
                            row[s] = call(rnd, af);
                        }
                    } else if (kind <= 4) {
                        for (int s = 0; s < n; s++) {
                            row[s] = call(rnd, 0.004);
                        }
                    } else if (kind == 7) {
                        int changes = rnd.nextInt(1 + n / 20);
                        for (int c = 0; c < changes; c++) {
                            row[rnd.nextInt(n)] = call(rnd, 0.5);
                        }
                    } else if (kind == 8 && rnd.nextInt(4) == 0) {
                        Arrays.fill(row, ".|.");
                    }
                    // kind 5, and 8 or 9 otherwise: an exact copy of the previous calls (LD with an empty difflist)
                }
                w.write("1\t" + pos + "\t.\t" + ref + "\t" + alt + "\t.\t.\t.\tGT");
                for (int s = 0; s < n; s++) {
                    w.write('\t');
                    w.write(row[s]);
                }
                w.write('\n');
            }
        }
    }

    private static String call(Random rnd, double af) {
        if (rnd.nextInt(50) == 0) {
            return rnd.nextBoolean() ? "./." : ".|.";
        }
        int a = rnd.nextDouble() < af ? 1 : 0;
        int b = rnd.nextDouble() < af ? 1 : 0;
        return a + (rnd.nextInt(10) == 0 ? "/" : "|") + b;
    }

    private static String swap(String gt) {
        return gt.replace('0', 'x').replace('1', '0').replace('x', '1');
    }
}
