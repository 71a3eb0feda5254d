package io.gvl.io.svar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gvl.io.svar.Svar2Fixtures.Call;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random cohorts (odd sample counts, missing alleles, SNPs and indels at one position, insertions longer than
 * an inline key holds, long deletions, records carried by every haplotype or by none) written as a VCF, converted,
 * and read back with {@link Svar2Gather#gatherAll}: every haplotype gives back exactly its ALT calls.
 */
class Svar2WriterRoundTripTest {
    private static final byte[] ACGT = {'A', 'C', 'G', 'T'};

    @TempDir
    Path tmp;

    static Stream<Arguments> seeds() {
        return LongStream.of(1, 2, 3, 5, 8, 13, 21, 34).mapToObj(s -> Arguments.of(s, (int) (2 * (s % 5) + 1)));
    }

    /** One generated record with its haplotype carriers. */
    record Rec(String contig, int pos0, String ref, String alt, boolean[] carriers, String[] gts) {
    }

    @ParameterizedTest(name = "seed {0}, {1} samples")
    @MethodSource("seeds")
    void everyHaplotypeGivesBackItsCalls(long seed, int samples) throws IOException {
        Random rnd = new Random(seed);
        String[] contigs = {"chr10", "chr2"};
        String[] seqs = new String[contigs.length];
        StringBuilder fa = new StringBuilder();
        for (int c = 0; c < contigs.length; c++) {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < 3000; i++) {
                s.append((char) ACGT[rnd.nextInt(4)]);
            }
            seqs[c] = s.toString();
            fa.append('>').append(contigs[c]).append('\n').append(seqs[c]).append('\n');
        }
        Path fasta = tmp.resolve("ref.fa");
        Files.writeString(fasta, fa);
        int hap = samples * 2;
        List<Rec> recs = new ArrayList<>();
        for (int c = 0; c < contigs.length; c++) {
            String seq = seqs[c];
            for (int p = 1; p < seq.length() - 80; p += 1 + rnd.nextInt(25)) {
                int n = 1 + rnd.nextInt(3); // records at this position
                for (int k = 0; k < n; k++) {
                    String[] ra = allele(rnd, seq, p);
                    if (ra == null) {
                        continue;
                    }
                    boolean[] car = new boolean[hap];
                    String[] gts = new String[samples];
                    int mode = rnd.nextInt(10); // 0: nobody, 1: everybody, else random density
                    double density = rnd.nextDouble() * 0.6;
                    for (int s = 0; s < samples; s++) {
                        String[] a = new String[2];
                        for (int q = 0; q < 2; q++) {
                            boolean carry = mode == 1 || (mode != 0 && rnd.nextDouble() < density);
                            car[s * 2 + q] = carry;
                            a[q] = carry ? "1" : rnd.nextInt(8) == 0 ? "." : "0";
                        }
                        gts[s] = a[0] + (rnd.nextBoolean() ? "|" : "/") + a[1];
                    }
                    recs.add(new Rec(contigs[c], p, ra[0], ra[1], car, gts));
                }
            }
        }
        StringBuilder vcf = new StringBuilder("##fileformat=VCFv4.2\n");
        for (int c = 0; c < contigs.length; c++) {
            vcf.append("##contig=<ID=").append(contigs[c]).append(",length=").append(seqs[c].length()).append(">\n");
        }
        vcf.append("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"g\">\n");
        vcf.append("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
        for (int s = 0; s < samples; s++) {
            vcf.append("\tS").append(s);
        }
        vcf.append('\n');
        for (Rec r : recs) {
            vcf.append(r.contig).append('\t').append(r.pos0 + 1).append("\t.\t").append(r.ref).append('\t')
                    .append(r.alt).append("\t.\t.\t.\tGT");
            for (String g : r.gts) {
                vcf.append('\t').append(g);
            }
            vcf.append('\n');
        }
        Path input = tmp.resolve("in.vcf");
        Files.writeString(input, vcf);
        Path store = tmp.resolve("out.svar2");
        Svar2Converter.Summary sum = Svar2Converter.convert(input, fasta, store,
                new Svar2Converter.Options(List.of(), List.of(), null, false, tmp.resolve("cache")));
        assertEquals(List.of("chr2", "chr10"), sum.contigs(), "natural contig order");
        assertEquals(recs.size(), sum.records());
        try (Svar2Store st = Svar2Store.open(store)) {
            assertEquals(samples, st.samples().size());
            for (String contig : contigs) {
                Svar2Contig sc = st.contig(contig);
                for (int h = 0; h < hap; h++) {
                    List<Call> expected = new ArrayList<>();
                    for (Rec r : recs) {
                        if (r.contig.equals(contig) && r.carriers[h]) {
                            int ilen = r.alt.length() - r.ref.length();
                            expected.add(new Call(r.pos0, ilen, ilen < 0 ? "" : r.alt));
                        }
                    }
                    Svar2Calls calls = new Svar2Calls();
                    Svar2Gather.gatherAll(sc, h, calls);
                    List<Call> actual = new ArrayList<>();
                    for (int i = 0; i < calls.size(); i++) {
                        actual.add(Call.of(calls, i));
                    }
                    for (int i = 1; i < actual.size(); i++) {
                        assertTrue(actual.get(i - 1).pos() <= actual.get(i).pos(), "gather order");
                    }
                    expected.sort(Call.ORDER);
                    actual.sort(Call.ORDER);
                    assertEquals(expected, actual, "seed " + seed + " " + contig + " haplotype " + h);
                }
            }
        }
    }

    /** A normalized, left-aligned REF/ALT at 0-based {@code p}, or null when the drawn kind does not fit there. */
    private static String[] allele(Random rnd, String seq, int p) {
        char anchor = seq.charAt(p);
        switch (rnd.nextInt(5)) {
            case 0, 1 -> {
                char alt;
                do {
                    alt = (char) ACGT[rnd.nextInt(4)];
                } while (alt == anchor);
                return new String[] {String.valueOf(anchor), String.valueOf(alt)};
            }
            case 2, 3 -> {
                int n = rnd.nextBoolean() ? 1 + rnd.nextInt(12) : 13 + rnd.nextInt(30);
                StringBuilder ins = new StringBuilder().append(anchor);
                for (int i = 0; i < n; i++) {
                    ins.append((char) ACGT[rnd.nextInt(4)]);
                }
                if (ins.charAt(n) == anchor) {
                    return null;
                }
                return new String[] {String.valueOf(anchor), ins.toString()};
            }
            default -> {
                int n = rnd.nextBoolean() ? 1 + rnd.nextInt(4) : 20 + rnd.nextInt(50);
                if (seq.charAt(p + n) == anchor) {
                    return null;
                }
                return new String[] {seq.substring(p, p + n + 1), String.valueOf(anchor)};
            }
        }
    }
}
