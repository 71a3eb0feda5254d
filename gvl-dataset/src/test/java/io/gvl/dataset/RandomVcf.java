package io.gvl.dataset;

import io.gvl.testkit.Oracle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * A seeded random phased VCF on one contig ({@value #LENGTH} bp): bi-allelic SNPs, insertions and deletions in
 * VCF anchor-base form, some sharing a position, genotypes with {@code |}, {@code /} and missing alleles,
 * {@code INFO/AF} (sometimes missing) and {@code FORMAT/DS}; bgzipped and tabix-indexed with bcftools.
 */
final class RandomVcf {
    static final int LENGTH = 2_000;
    private static final String BASES = "ACGT";

    private RandomVcf() {
    }

    static Path write(Path dir, Random rnd, int samples, int records) throws IOException {
        return write(dir, rnd, samples, records, true);
    }

    /** {@code withAf = false} leaves INFO/AF out of the header and the records. */
    static Path write(Path dir, Random rnd, int samples, int records, boolean withAf) throws IOException {
        StringBuilder v = new StringBuilder("##fileformat=VCFv4.2\n##contig=<ID=chr1,length=" + LENGTH + ">\n"
                + (withAf ? "##INFO=<ID=AF,Number=A,Type=Float,Description=\"AF\">\n" : "")
                + "##FORMAT=<ID=GT,Number=1,Type=String,Description=\"GT\">\n"
                + "##FORMAT=<ID=DS,Number=A,Type=Float,Description=\"DS\">\n"
                + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
        for (int s = 0; s < samples; s++) {
            v.append("\ts").append(s);
        }
        v.append('\n');
        int pos = 1 + rnd.nextInt(20);
        for (int i = 0; i < records; i++) {
            if (rnd.nextInt(5) != 0) {
                pos += 1 + rnd.nextInt(2 * LENGTH / records);
            }
            if (pos > LENGTH - 20) {
                break;
            }
            String anchor = base(rnd);
            String ref;
            String alt;
            switch (rnd.nextInt(3)) {
                case 0 -> {
                    ref = anchor;
                    alt = other(rnd, anchor);
                }
                case 1 -> {
                    ref = anchor;
                    alt = anchor + bases(rnd, 1 + rnd.nextInt(4));
                }
                default -> {
                    ref = anchor + bases(rnd, 1 + rnd.nextInt(6));
                    alt = anchor;
                }
            }
            String af = rnd.nextInt(6) == 0 ? "." : String.format(Locale.ROOT, "%.3f", rnd.nextInt(1001) / 1000.0);
            v.append("chr1\t").append(pos).append("\t.\t").append(ref).append('\t').append(alt)
                    .append("\t.\t.\t").append(withAf ? "AF=" + af : ".").append("\tGT:DS");
            for (int s = 0; s < samples; s++) {
                v.append('\t').append(allele(rnd)).append(rnd.nextInt(4) == 0 ? '/' : '|').append(allele(rnd))
                        .append(':').append(String.format(Locale.ROOT, "%.2f", rnd.nextInt(201) / 100.0));
            }
            v.append('\n');
        }
        String name = withAf ? "random" : "random_noaf";
        Path plain = dir.resolve(name + ".vcf");
        Files.writeString(plain, v);
        Path gz = dir.resolve(name + ".vcf.gz");
        Oracle.BCFTOOLS.run(List.of("view", "-Oz", "-o", gz.toString(), plain.toString()));
        Oracle.BCFTOOLS.run(List.of("index", "-t", gz.toString()));
        return gz;
    }

    private static String allele(Random rnd) {
        int a = rnd.nextInt(10);
        return a == 0 ? "." : a < 5 ? "0" : "1";
    }

    private static String base(Random rnd) {
        return String.valueOf(BASES.charAt(rnd.nextInt(4)));
    }

    private static String other(Random rnd, String b) {
        String o;
        do {
            o = base(rnd);
        } while (o.equals(b));
        return o;
    }

    private static String bases(Random rnd, int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append(base(rnd));
        }
        return s.toString();
    }
}
